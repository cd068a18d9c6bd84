/**
 * The renderer's size budget, checked statically: the JavaScript the window loads before its first screen
 * (the entry chunk, the chunks it imports statically, and its language's window words with theirs) is at
 * most 100 KB gzip in every language, counted as test/bench/renderer.ts counts what Chromium loaded (gzip
 * level 9, KB of 1,024 bytes). It builds the renderer as `npm run build` ships it (production mode, even
 * under vitest's NODE_ENV=test) into a folder of its own and follows Vite's manifest: no browser, no clock.
 * .ci/run runs it in its static lane; alone: `npm run size`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** At most this many KB (gzip) before the first screen, in each language. */
const FIRST_SCREEN_BUDGET_KB = 100;

/** One chunk of Vite's build manifest (the part read here), by source path. */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The files `keys` load before they run: themselves and what they import statically, transitively. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** Each language's first-screen files (the entry's and that language's window words' static closure). */
function firstScreenFiles(manifest: Manifest): Map<string, Set<string>> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const languages = new Map<string, Set<string>>();
  for (const key of Object.keys(manifest)) {
    const language = /preload\/words\/([a-z]{2})\/window-catalogue\.ts$/.exec(key)?.[1];
    if (language) languages.set(language, staticClosure(manifest, [...entries, key]));
  }
  return languages;
}

/** Builds the renderer for production into a new folder: its assets folder and manifest. */
async function buildForSize(): Promise<{ dir: string; manifest: Manifest }> {
  process.env.NODE_ENV = 'production';
  const dir = mkdtempSync(join(tmpdir(), 'scribe-renderer-size-'));
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    mode: 'production',
    logLevel: 'error',
    build: { outDir: dir, emptyOutDir: true, manifest: true },
  });
  return { dir, manifest: JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest };
}

const kb = (dir: string, files: Iterable<string>): number =>
  [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).byteLength, 0) /
  1024;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { dir, manifest } = await buildForSize();
  try {
    const languages = firstScreenFiles(manifest);
    if (languages.size === 0) throw new Error('renderer-size: no language chunk found in the manifest');
    let over = false;
    for (const [language, files] of languages) {
      const size = kb(dir, files);
      over ||= size > FIRST_SCREEN_BUDGET_KB;
      console.log(
        `renderer-size: ${language}: ${size.toFixed(1)} KB gzip before the first screen ` +
          `(budget ${FIRST_SCREEN_BUDGET_KB} KB; ${[...files].join(', ')})`,
      );
    }
    if (over) {
      console.error(`renderer-size: over the ${FIRST_SCREEN_BUDGET_KB} KB budget (docs/testing.md)`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
