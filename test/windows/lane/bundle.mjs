// Bundles the Windows suite for the Windows Node (run on Linux by test/windows/run.sh):
//   test/windows/*.test.ts        -> <out>/tests/<name>.cjs
//   test/windows/helpers/*.ts     -> <out>/tests/helpers/<name>.cjs (the other processes the tests start)
// with the same rules as build.config.mjs: CommonJS, native packages external (they load from the
// node_modules folder the lane lays out beside the bundles), import.meta.url rebuilt from __filename.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const out = process.argv[2];
if (!out) throw new Error('usage: bundle.mjs <out dir>');
const NATIVE = ['@napi-rs/keyring', '@picovoice/pvrecorder-node', 'uiohook-napi', 'koffi', 'node-hid'];
/**
 * Test fixtures, the test harnesses and the local service find their data next to their source (import.meta.url). In the
 * bundle that URL would be the bundle's; for those files it stays the source file's own (on drive Z:, where Wine
 * shows the Linux file system). Product code keeps the
 * bundle's URL: it resolves the native packages beside the bundle, as in the app.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad(
      {
        filter:
          /[\\/](test[\\/](fixtures|service|integration)|main[\\/]programs[\\/]local-service)[\\/].*\.ts$/,
      },
      (args) => ({
        contents: readFileSync(args.path, 'utf8').replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href.replace('file:///', 'file:///Z:/')),
        ),
        loader: 'ts',
      }),
    );
  },
};
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: 'inline',
  logLevel: 'warning',
  external: ['electron', ...NATIVE, '*.node'],
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [sourceUrls],
};
const list = (dir, re) =>
  readdirSync(dir)
    .filter((f) => re.test(f))
    .map((f) => join(dir, f));

await Promise.all([
  build({
    ...common,
    entryPoints: list('test/windows', /\.test\.ts$/),
    outdir: join(out, 'tests'),
    outExtension: { '.js': '.cjs' },
  }),
  build({
    ...common,
    entryPoints: list('test/windows/helpers', /\.ts$/),
    outdir: join(out, 'tests', 'helpers'),
    outExtension: { '.js': '.cjs' },
  }),
]);
