/**
 * Voice commands on a real X display: a DICTATED_TEXT unit that is a command ("scratch that", "new line")
 * arriving at the controller → its effect visible in a real Tk field of another process (the scratched
 * phrase gone, the line break there), in paste and type modes. The clock starts when the scripted session
 * emits the unit (what DictateSession does as the frame arrives) and stops when the field reports its new
 * content. Target (issue 29): p95 ≤ 50 ms, for commands said after a pause, as speech brings them; the same
 * rounds with each command at once after the phrase (a catch-up) are printed beside them
 * (command-rounds.ts says why).
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
import { commandRounds, type Pacing } from './command-rounds.ts';
import { lane, parseRows, WINE } from './insertion-windows.ts';

const TARGET_MS = 50;

const ROUNDS = 12;
/** Rounds at once after the phrase (printed, not judged). */
const ROUNDS_AT_ONCE = 6;

async function measure(screen: TestDisplay, mode: InsertMode, pacing: Pacing): Promise<number[]> {
  const field = await TkField.open(screen, `bench-commands-${mode}`);
  await field.focus(screen);
  const desktop = openX11Desktop(screen.display);
  // Tk's text cannot be read through AT-SPI: IT's rule says a line break is Return there.
  const app = (await desktop.activeWindow())?.app ?? '';
  const { controller, sessions, clipboard } = controllerOnX11(desktop, screen.env, {
    mode,
    rules: () => [{ app, insert: mode, lineBreak: 'return' }],
  });
  try {
    await controller.start();
    await until(() => sessions.length === 1, 'the session');
    const { samples } = await commandRounds(
      {
        unit: (text) => sessions[0]!.unit(text),
        shows: async (expected) => {
          await until(() => field.text === expected, 'the unit or command in the field');
          return field.changedAt;
        },
        now: () => performance.now(),
      },
      pacing === 'at once' ? ROUNDS_AT_ONCE : ROUNDS,
      pacing,
    );
    await controller.stop();
    return samples;
  } finally {
    await clipboard.close();
    await desktop.close();
    field.close();
  }
}

function row(name: string, samples: number[], judged: boolean): BenchRow {
  const p95 = percentile(samples, 95);
  return {
    name,
    figure: `p50 ${fmt(percentile(samples, 50), 1)} ms, p95 ${fmt(p95, 1)} ms`,
    target: judged ? `p95 ≤ ${TARGET_MS} ms` : '(catch-up)',
    pass: judged ? p95 <= TARGET_MS : undefined,
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
    const rows: BenchRow[] = [];
    for (const pacing of ['after a pause', 'at once'] as const)
      for (const mode of ['paste', 'type'] as const)
        rows.push(
          row(
            `voice command ${pacing} → effect visible in X11 field, ${mode}`,
            await measure(screen, mode, pacing),
            pacing === 'after a pause',
          ),
        );
    return rows;
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
    target: r.targetMs === null ? '(catch-up)' : `p95 ≤ ${r.targetMs} ms`,
    pass: r.targetMs === null ? undefined : r.p95 <= r.targetMs,
    note: `${r.n} samples (scratch that, new line) under Wine 8: Windows Node, the controller, a Win32 EDIT in another process; Wine's figure, not Windows'`,
  }));
}
