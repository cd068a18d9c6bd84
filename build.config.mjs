// Bundles the Electron main process and the preload with esbuild (the renderer is built by vite.config.ts):
//   main/index.ts    -> dist/main/index.cjs
//   preload/index.ts -> dist/preload/index.cjs
//   main/local-service/sample/ -> dist/main/sample/ (the sample visit's synthetic recordings, found by the
//     bundled local service next to its own file, as it finds them next to its source when run from source)
// CommonJS because a sandboxed preload can only be a single CJS script (it may require nothing but
// 'electron' and a few built-ins), and one format for both keeps the rules simple. `electron` and the
// native modules stay external: native .node files must be loaded from disk (electron-builder unpacks
// them from the asar, see asarUnpack in electron-builder.yml).
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

/** Packages that ship or load native .node binaries; never bundled. */
const NATIVE = ['@napi-rs/keyring', '@picovoice/pvrecorder-node', 'uiohook-napi', 'koffi'];

// ESM sources use import.meta.url (e.g. createRequire for native modules); in a CJS bundle it is rebuilt
// from the bundle's own file name.
const importMetaUrlShim = "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;";

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  external: ['electron', ...NATIVE, '*.node'],
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: importMetaUrlShim },
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['main/index.ts'],
    outfile: 'dist/main/index.cjs',
    target: 'node22',
  }),
  build({
    ...common,
    entryPoints: ['preload/index.ts'],
    outfile: 'dist/preload/index.cjs',
    // The sandboxed preload may require only 'electron' (no node:url, no __filename): no import.meta shim.
    external: ['electron'],
    define: {},
    banner: {},
    target: 'chrome140',
    sourcemap: false,
  }),
]);

cpSync('main/local-service/sample', 'dist/main/sample', { recursive: true });
