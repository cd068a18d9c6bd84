/**
 * Voice commands on a real X display: a DICTATED_TEXT unit that is a command ("scratch that", "new line")
 * arriving at the controller → its effect visible in a real Tk field of another process (the scratched
 * phrase gone, the line break there), in paste and type modes. The clock starts when the scripted session
 * emits the unit (what DictateSession does as the frame arrives) and stops when the field reports its new
 * content. Units come 300 ms apart, as between a person's phrases.
 */
import { openX11Desktop } from '../../native/x11/x11-desktop.ts';
import type { InsertMode } from '../../main/features/dictation/insertion/insertion-types.ts';
import {
  startDisplay,
  TkField,
  until,
  type TestDisplay,
} from '../integration/features/dictation/x11-harness.ts';
import { controllerOnX11 } from '../integration/features/dictation/x11-controller.ts';
import { fmt, percentile, skippedRow, type BenchRow } from './report.ts';

const ROUNDS = 12;
const GAP_MS = 300;

async function measure(screen: TestDisplay, mode: InsertMode): Promise<number[]> {
  const field = await TkField.open(screen, `bench-commands-${mode}`);
  await field.focus(screen);
  const desktop = openX11Desktop(screen.display);
  // Tk's text cannot be read through AT-SPI: IT's rule says a line break is Return there.
  const app = (await desktop.activeWindow())?.app ?? '';
  const { controller, sessions, clipboard } = controllerOnX11(desktop, screen.env, {
    mode,
    rules: () => [{ app, insert: mode, lineBreak: 'return' }],
  });
  const samples: number[] = [];
  const timed = async (unit: string, expected: string): Promise<void> => {
    const started = performance.now();
    sessions[0]!.unit(unit);
    await until(() => field.text === expected, 'the command in the field');
    samples.push(field.changedAt - started);
    await new Promise((r) => setTimeout(r, GAP_MS));
  };
  try {
    await controller.start();
    await until(() => sessions.length === 1, 'the session');
    let kept = 'Start.';
    sessions[0]!.unit(kept);
    await until(() => field.text === kept, 'the first unit');
    for (let i = 0; i < ROUNDS; i++) {
      sessions[0]!.unit(` Dose ${i} mg.`);
      await until(() => field.text === `${kept} Dose ${i} mg.`, 'the phrase');
      await timed(' Scratch that.', kept);
      await timed(' New line.', `${kept}\n`);
      sessions[0]!.unit(`Item ${i}.`);
      kept = `${kept}\nItem ${i}.`;
      await until(() => field.text === kept, 'the next line');
    }
    await controller.stop();
  } finally {
    await clipboard.close();
    await desktop.close();
    field.close();
  }
  return samples;
}

function row(name: string, samples: number[], targetMs: number): BenchRow {
  const p95 = percentile(samples, 95);
  return {
    name,
    figure: `p50 ${fmt(percentile(samples, 50), 1)} ms, p95 ${fmt(p95, 1)} ms`,
    target: `p95 ≤ ${targetMs} ms`,
    pass: p95 <= targetMs,
    note: `${samples.length} samples (scratch that, new line) on Xvfb + openbox, Tk field in another process`,
  };
}

/** The voice-command benchmark rows (skipped without Xvfb, openbox, wish and xclip). */
export async function benchCommands(): Promise<BenchRow[]> {
  let screen: TestDisplay;
  try {
    screen = await startDisplay();
  } catch {
    return [skippedRow('commands', 'Xvfb / openbox are not available')];
  }
  try {
    return [
      row('voice command → effect visible in X11 field, paste', await measure(screen, 'paste'), 100),
      row('voice command → effect visible in X11 field, type', await measure(screen, 'type'), 100),
    ];
  } finally {
    screen.close();
  }
}
