/**
 * Renderer build: renderer/ → dist/renderer with relative asset paths (loaded from app://scribe/ in
 * Electron and from a static server in the e2e bridge). No inline scripts or styles are emitted, so the
 * strict CSP (`script-src 'self'; style-src 'self'`) holds: the module preload polyfill (an inline script
 * helper) is off, and assets are never inlined as data: URLs into scripts.
 */
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [svelte()],
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
