/**
 * "What can I say" (issue 29: shown ≤ 100 ms): the command's DICTATED_TEXT unit arriving at the controller →
 * the overlay port given a state with the panel, measured on the controller as the app builds it, with the
 * session scripted and the application a FakeInserter (the Electron window's own paint cannot run here:
 * docs/known-limitations-dictation.md). Each round opens the panel, then a phrase closes it.
 */
import { DictationController } from '../../main/features/dictation/dictation-controller.ts';
import { FakeInserter } from '../../main/features/dictation/inserter.fake.ts';
import type { OverlayState } from '../../main/features/dictation/ports.ts';
import { endlessMicrophone, scriptedOpen } from '../unit/features/dictation/scripted-session.ts';
import { until } from '../harness/until.ts';
import { fmt, percentile, type BenchRow } from './report.ts';

const TARGET_MS = 100;
const ROUNDS = 40;

/** p95 of the unit → panel shown, per dictation language. */
export async function benchSayPanel(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [locale, said] of [
    ['ENGLISH_US', ' What can I say?'],
    ['FRENCH_FR', ' Que puis-je dire ?'],
    ['SPANISH_ES', ' ¿Qué puedo decir?'],
  ] as const) {
    let shown: OverlayState | null = null;
    let shownAt = 0;
    const { open, sessions } = scriptedOpen();
    const controller = new DictationController({
      open,
      microphone: endlessMicrophone(),
      lock: { holder: () => null, acquire: () => true, release: () => undefined },
      inserter: new FakeInserter(),
      overlay: { show: (state) => void ((shown = state), (shownAt = performance.now())) },
      sink: { live: () => undefined, finished: () => undefined, undone: () => undefined },
      commands: () => ({
        enabled: true,
        locale,
        texts: [{ name: 'normal exam', content: 'Knee [left|right].' }],
      }),
      navigator: { move: async () => ({ kind: 'selected' }) },
      outcomeMs: 5,
    });
    const samples: number[] = [];
    try {
      await controller.start();
      await until(() => sessions.length === 1, 'the session');
      for (let i = 0; i < ROUNDS; i++) {
        const started = performance.now();
        sessions[0]!.unit(said);
        await until(() => Boolean(shown?.panel), 'the panel shown');
        samples.push(shownAt - started);
        sessions[0]!.unit(` Item ${i}.`);
        await until(() => shown !== null && !shown.panel, 'the panel closed');
      }
    } finally {
      await controller.stop();
    }
    const p95 = percentile(samples, 95);
    rows.push({
      name: `what can I say → panel state shown (${locale})`,
      figure: `p95 ${fmt(p95)} ms`,
      target: `≤ ${TARGET_MS} ms`,
      pass: p95 <= TARGET_MS,
      note: `${samples.length} rounds, p50 ${fmt(percentile(samples, 50))} ms; controller with a scripted session`,
    });
  }
  return rows;
}
