// Bundles the Electron main process and the preload with esbuild (the renderer is built by vite.config.ts):
//   main/shells/electron/index.ts    -> dist/main/index.cjs
//   main/programs/local-service/demo.ts -> dist/main/local-service-demo.cjs (the sample visit's service, loaded by
//     main/features/connection/sample-service.ts on first use only; kept out of the main bundle)
//   preload/index.ts -> dist/preload/index.cjs
//   main/shells/cli/index.ts -> dist/cli/scribe.cjs (the `scribe` CLI as one file: plain Node >= 22 on Windows, macOS
//     and Linux runs it with the native packages beside it; the packaged app ships it for IT, see
//     extraResources in electron-builder.yml)
//   main/programs/local-service/sample/ -> dist/main/sample/ (the sample visit's synthetic recordings, found by the
//     bundled local service next to its own file, as it finds them next to its source when run from source)
// CommonJS because a sandboxed preload can only be a single CJS script (it may require nothing but
// 'electron' and a few built-ins), and one format for both keeps the rules simple. `electron` and the
// native modules stay external: native .node files must be loaded from disk (electron-builder unpacks
// them from the asar, see asarUnpack in electron-builder.yml).
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

/** Where the bundles go (a test builds into a temporary folder). */
const OUT = process.env.BUILD_OUT_DIR ?? 'dist';
/** `BUILD_ONLY=cli` builds the CLI alone: the tests run it from one bundle built per run (test/harness/cli-bundle.ts). */
const ONLY = process.env.BUILD_ONLY;
if (ONLY && ONLY !== 'cli') throw new Error(`BUILD_ONLY=${ONLY}: only "cli" is known`);

/** Packages that ship or load native .node binaries; never bundled. */
const NATIVE = ['@napi-rs/keyring', '@picovoice/pvrecorder-node', 'uiohook-napi', 'koffi', 'node-hid'];

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

/** The demo entry stays a separate file next to the main bundle, required when the sample visit starts. */
const DEMO_BUNDLE = './local-service-demo.cjs';
const demoEntryExternal = {
  name: 'demo-entry-external',
  setup(b) {
    b.onResolve({ filter: /local-service\/demo\.ts$/ }, () => ({ path: DEMO_BUNDLE, external: true }));
  },
};

const cli = build({
  ...common,
  entryPoints: ['main/shells/cli/index.ts'],
  outfile: `${OUT}/cli/scribe.cjs`,
  target: 'node22',
});

await Promise.all([cli, ...(ONLY ? [] : everythingElse())]);
if (!ONLY) cpSync('main/programs/local-service/sample', `${OUT}/main/sample`, { recursive: true });

/** The Electron main process, the sample visit's service and the preload. */
function everythingElse() {
  return [
    build({
      ...common,
      entryPoints: ['main/shells/electron/index.ts'],
      outfile: `${OUT}/main/index.cjs`,
      target: 'node22',
      plugins: [demoEntryExternal],
    }),
    build({
      ...common,
      entryPoints: ['main/programs/local-service/demo.ts'],
      outfile: `${OUT}/main/local-service-demo.cjs`,
      target: 'node22',
    }),
    build({
      ...common,
      entryPoints: ['preload/index.ts'],
      outfile: `${OUT}/preload/index.cjs`,
      // The sandboxed preload may require only 'electron' (no node:url, no __filename): no import.meta shim.
      external: ['electron'],
      define: {},
      banner: {},
      target: 'chrome140',
      sourcemap: false,
    }),
  ];
}
