/**
 * Voice commands on a real X display: a DICTATED_TEXT unit that is a command ("scratch that", "new line")
 * arriving at the controller → its effect visible in a real Tk field of another process (the scratched
 * phrase gone, the line break there), in paste and type modes. The clock starts when the scripted session
 * emits the unit (what DictateSession does as the frame arrives) and stops when the field reports its new
 * content. Units come 300 ms apart, as between a person's phrases. Target (issue 29): p95 ≤ 50 ms.
 *
 * The Windows lane's rows follow, measured in the same run: its bench-commands suite (the same commands by
 * the controller as the app wires it on Windows into a Win32 EDIT of another process, under Wine;
 * test/windows/bench-commands.test.ts), read from the `bench-row {json}` lines it prints.
 */
import { existsSync } from 'node:fs';
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
import { lane, parseRows, WINE } from './insertion-windows.ts';

const TARGET_MS = 50;

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
      row('voice command → effect visible in X11 field, paste', await measure(screen, 'paste'), TARGET_MS),
      row('voice command → effect visible in X11 field, type', await measure(screen, 'type'), TARGET_MS),
    ];
  } finally {
    screen.close();
  }
}

/** The Windows lane's command rows (Wine); a skipped row without Wine, an error row when it printed none. */
export async function benchCommandsWindows(): Promise<BenchRow[]> {
  const name = 'voice command → effect visible in Win32 EDIT (Wine)';
  if (!existsSync(WINE)) return [skippedRow(name, 'wine not installed')];
  const { code, out } = await lane('bench-commands');
  const rows = parseRows(out);
  if (rows.length === 0)
    return [
      { name, figure: `error: the Windows lane printed no rows (exit ${code})`, target: '', pass: false },
    ];
  return rows.map((r) => ({
    name: r.name,
    figure: `p50 ${fmt(r.p50, 1)} ms, p95 ${fmt(r.p95, 1)} ms`,
    target: `p95 ≤ ${TARGET_MS} ms`,
    pass: r.p95 <= TARGET_MS,
    note: `${r.n} samples (scratch that, new line) under Wine 8: Windows Node, the controller, a Win32 EDIT in another process; Wine's figure, not Windows'`,
  }));
}
