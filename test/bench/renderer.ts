/**
 * Renderer benchmarks in real Chromium, each printed beside its target:
 *  - cost of appending one transcript line when 10,000 are shown (p99, target ≤ 4 ms): script, style and
 *    layout from the push until the DOM is updated and laid out;
 *  - JavaScript shipped to the renderer, gzipped (target ≤ 200 KB);
 *  - first paint of the built app (reported).
 * Run alone with `npx tsx test/bench/renderer.ts`; `npm run bench` calls benchRenderer().
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildRenderer } from '../e2e/bridge/build.ts';
import { CHROMIUM_PATH } from '../e2e/bridge/browser.ts';
import { startApp } from '../e2e/bridge/harness.ts';
import { RENDERER_DIR } from '../e2e/bridge/static-server.ts';
import { formatTable, skippedRow, type BenchRow } from './report.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Gzipped bytes of every JavaScript file the renderer ships. */
export function shippedJsGzipBytes(dir: string = RENDERER_DIR): number {
  const assets = join(dir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).byteLength, 0);
}

/**
 * Runs in the page (as source text, so no bundler helper leaks in): shows `shown` lines, then times
 * `samples` single-line pushes until Svelte has flushed and the browser has laid the page out.
 */
const APPEND_PROBE = `async ({ shown, samples }) => {
  const item = (i, final) => ({ id: 'bench-' + i, text: 'Line ' + i + ': the patient describes intermittent chest pain on exertion, relieved by rest.',
    speaker: i % 2 ? 'PATIENT' : 'DOCTOR', startMs: i * 1000, endMs: i * 1000 + 900, final });
  const settle = () => new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = () => resolve(); c.port2.postMessage(null); });
  window.__scribeDispatch('visit:transcript', { items: Array.from({ length: shown }, (_, i) => item(i, true)) });
  await settle();
  await new Promise((r) => setTimeout(r, 300));
  const out = [];
  for (let n = 0; n < samples; n++) {
    const t0 = performance.now();
    window.__scribeDispatch('visit:transcript', { items: [item(shown + n, n % 3 !== 0)] });
    await settle();
    document.body.getBoundingClientRect();
    out.push(performance.now() - t0);
  }
  return out;
}`;

/** The renderer benchmarks as rows of the shared bench table. */
export async function benchRenderer(options: { shown?: number; samples?: number } = {}): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM_PATH)) return [skippedRow('renderer benchmarks', `no Chromium at ${CHROMIUM_PATH}`)];
  const shown = options.shown ?? 10_000;
  const samples = options.samples ?? 300;
  await buildRenderer();
  const jsKb = shippedJsGzipBytes() / 1024;
  const h = await startApp();
  try {
    const { page } = h;
    await page.locator('h1').waitFor();
    const paints = (await page.evaluate(
      '(() => Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime])))()',
    )) as Record<string, number>;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Visit' }).click();
    await page.locator('[role="log"]').waitFor();
    const times = (await page.evaluate(`(${APPEND_PROBE})(${JSON.stringify({ shown, samples })})`)) as number[];
    const rows = await page.locator('li[data-id]').count();
    const sorted = [...times].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? 'n/a' : `${v.toFixed(2)} ms`);
    return [
      {
        name: `renderer: append 1 line, ${shown.toLocaleString('en-US')} shown (p99)`,
        figure: ms(p99),
        target: '≤ 4 ms',
        pass: p99 <= 4,
        note: `${samples} pushes (⅓ partials); median ${ms(percentile(sorted, 50))}, max ${ms(sorted.at(-1))}; ${rows} rows in the DOM (windowed)`,
      },
      { name: 'renderer: JavaScript shipped (gzip)', figure: `${jsKb.toFixed(1)} KB`, target: '≤ 200 KB', pass: jsKb <= 200 },
      {
        name: 'renderer: first paint (Chromium)',
        figure: ms(paints['first-paint']),
        target: 'reported',
        pass: undefined,
        note: `first contentful paint ${ms(paints['first-contentful-paint'])}, served from loopback with the app's CSP`,
      },
    ];
  } finally {
    await h.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await benchRenderer()));
}
