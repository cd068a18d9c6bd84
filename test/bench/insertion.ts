/**
 * Dictation into another application, on a real X display: DICTATED_TEXT arrival → the text visible in a
 * real Tk field of another process, in paste and type modes, and ASYNC_CORRECTION arrival → the corrected
 * text visible. The clock starts when the engine gets the text (what DictateSession's 'text' event does
 * synchronously as the frame arrives) and stops when the field process reports its new content on stdout
 * (Tk's <<Modified>>, so the figure includes the target application's own work). Units come 300 ms apart
 * with non-ASCII characters, as dictation does. A private Xvfb + openbox is started for the run.
 */
import { openX11Desktop } from '../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../native/x11/xclip-clipboard.ts';
import { StreamingInsertion } from '../../main/features/dictation/insertion/streaming-insertion.ts';
import type { InsertMode } from '../../main/features/dictation/insertion/insertion-types.ts';
import {
  startDisplay,
  TkField,
  until,
  type TestDisplay,
} from '../integration/features/dictation/x11-harness.ts';
import { fmt, percentile, skippedRow, type BenchRow } from './report.ts';

const UNITS = 25;
const CORRECTIONS = 12;
/** The pause between dictated units, as between a person's phrases. */
const GAP_MS = 300;
/** Targets (p95) on every lane, the same as the Windows lane's (test/windows/bench-insertion.test.ts). */
const TEXT_TARGET_MS = 25;
const CORRECTION_TARGET_MS = 50;

/** Latencies (ms) of appends and of corrections, in one mode. */
async function measure(
  screen: TestDisplay,
  mode: InsertMode,
): Promise<{ insert: number[]; correct: number[] }> {
  const field = await TkField.open(screen, `bench-${mode}`);
  await field.focus(screen);
  const desktop = openX11Desktop(screen.display);
  const clipboard = new XclipClipboard(screen.env, () => desktop.clipboardOwner());
  const insertion = await StreamingInsertion.begin({ desktop, clipboard, mode });
  const insert: number[] = [];
  const correct: number[] = [];
  let text = '';
  const visible = async (expected: string, started: number, into: number[]): Promise<void> => {
    await until(() => field.text === expected, 'the text in the field');
    into.push(field.changedAt - started);
    await new Promise((r) => setTimeout(r, GAP_MS));
  };
  try {
    for (let i = 0; i < UNITS; i++) {
      text += ` Temp ${36 + (i % 3)} °C, dose ${i} µg — ok.`;
      const started = performance.now();
      insertion.update(text);
      await visible(text, started, insert);
    }
    for (let i = 0; i < CORRECTIONS; i++) {
      text += ' Continue a spring.';
      insertion.update(text);
      await until(() => field.text === text, 'the first pass');
      await new Promise((r) => setTimeout(r, 50)); // the service's correction comes a moment after
      text = text.replace(/ a spring\.$/, ' aspirin.');
      const started = performance.now();
      insertion.update(text);
      await visible(text, started, correct);
    }
    await insertion.finish();
  } finally {
    await clipboard.close();
    await desktop.close();
    field.close();
  }
  return { insert, correct };
}

function row(name: string, samples: number[], targetMs: number): BenchRow {
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  return {
    name,
    figure: `p50 ${fmt(p50, 1)} ms, p95 ${fmt(p95, 1)} ms`,
    target: `p95 ≤ ${targetMs} ms`,
    pass: p95 <= targetMs,
    note: `${samples.length} samples on Xvfb + openbox, Tk text field in another process`,
  };
}

/** The insertion benchmark rows (skipped without Xvfb, openbox, wish and xclip). */
export async function benchInsertion(): Promise<BenchRow[]> {
  let screen: TestDisplay;
  try {
    screen = await startDisplay();
  } catch {
    return [skippedRow('insertion', 'Xvfb / openbox are not available')];
  }
  try {
    const paste = await measure(screen, 'paste');
    const type = await measure(screen, 'type');
    return [
      row('DICTATED_TEXT → visible in X11 field, paste', paste.insert, TEXT_TARGET_MS),
      row('DICTATED_TEXT → visible in X11 field, type', type.insert, TEXT_TARGET_MS),
      row('ASYNC_CORRECTION → corrected in field, paste', paste.correct, CORRECTION_TARGET_MS),
      row('ASYNC_CORRECTION → corrected in field, type', type.correct, CORRECTION_TARGET_MS),
    ];
  } finally {
    screen.close();
  }
}
