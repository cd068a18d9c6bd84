/**
 * Renderer build: renderer/ → dist/renderer with relative asset paths (loaded from app://scribe/ in
 * Electron and from a static server in the e2e bridge). No inline scripts or styles are emitted, so the
 * strict CSP (`script-src 'self'; style-src 'self'`) holds: the module preload polyfill (an inline script
 * helper) is off, and assets are never inlined as data: URLs into scripts.
 * The words' catalogues are parsed here, at build time (preload/words/precompile.ts), so the window ships
 * FormatJS's parser-less build; each language is its own chunk (preload/words/window.ts).
 */
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { catalogueLanguage, precompileCatalogue } from './preload/words/precompile.ts';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

/** Each catalogue file's messages parsed before Vite's JSON plugin makes the file a module. */
function precompiledWords(): Plugin {
  return {
    name: 'scribe:precompiled-words',
    enforce: 'pre',
    transform(code, id) {
      const tag = catalogueLanguage(id);
      return tag === undefined ? null : JSON.stringify(precompileCatalogue(JSON.parse(code), tag));
    },
  };
}

export default defineConfig({
  root,
  base: './',
  plugins: [precompiledWords(), svelte()],
  resolve: {
    alias: [
      // Every message reaches the window parsed: a message left as ICU text would throw, not ship a parser.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: { strictPort: true },
});
