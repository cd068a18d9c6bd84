/**
 * "Next field" and "select ‹words›" on a real X display: the FieldNavigator's move('next') → the blank selected, as the GTK
 * field of another process reports its new selection (so the figure includes AT-SPI's round trips and the
 * application's own work). A template with 20 blanks, walked forward then back. Needs the accessibility
 * bus of a D-Bus session (run inside `dbus-run-session`, as test/run.sh does) and python3-gi + GTK 3.
 */
import { openX11Desktop } from '../../native/x11/x11-desktop.ts';
import { DesktopFieldNavigator } from '../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../preload/contract/index.ts';
import { startDisplay, until, type TestDisplay } from '../integration/features/dictation/x11-harness.ts';
import { GtkField, gtkAvailable } from '../integration/features/dictation/gtk-field.ts';
import { fmt, percentile, skippedRow, type BenchRow } from './report.ts';

const BLANKS = 20;
const TARGET_MS = 100;
const SELECT_TARGET_MS = 50;

/** The field-navigation benchmark row (skipped without Xvfb, GTK or a D-Bus session). */
export async function benchFieldNavigation(): Promise<BenchRow[]> {
  if (!gtkAvailable() || !process.env.DBUS_SESSION_BUS_ADDRESS)
    return [skippedRow('next field (X11, AT-SPI)', 'needs python3-gi, GTK 3 and a D-Bus session')];
  let screen: TestDisplay;
  try {
    screen = await startDisplay();
  } catch {
    return [skippedRow('next field (X11, AT-SPI)', 'Xvfb / openbox are not available')];
  }
  const template = Array.from({ length: BLANKS }, (_, i) => `Item ${i}: ***`).join(' ');
  const field = await GtkField.open(screen, 'bench-fields', template, 'entry');
  const desktop = openX11Desktop(screen.display);
  const nav = new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS);
  const samples: number[] = [];
  const selects: number[] = [];
  try {
    for (const direction of ['next', 'previous'] as const) {
      for (let i = 0; i < BLANKS - 1; i++) {
        const before = field.selection.join();
        const started = performance.now();
        const moved = await nav.move(direction);
        if (moved.kind !== 'selected') break;
        await until(
          () => field.selection.join() !== before && field.selected === '***',
          'the blank selected',
        );
        samples.push(performance.now() - started);
      }
    }
    // "Select ‹words›" (issue 29): the command → the words selected, as the field reports it.
    for (let i = BLANKS - 1; i >= 0; i--) {
      const started = performance.now();
      if ((await nav.selectWords(`Item ${i}:`)) !== 'done') break;
      await until(() => field.selected.trim() === `Item ${i}:`, 'the words selected');
      selects.push(performance.now() - started);
    }
  } finally {
    field.close();
    await desktop.close();
    screen.close();
  }
  const p95 = percentile(samples, 95);
  return [
    {
      name: 'next field → blank selected (X11, AT-SPI)',
      figure: `p50 ${fmt(percentile(samples, 50), 1)} ms, p95 ${fmt(p95, 1)} ms`,
      target: `p95 ≤ ${TARGET_MS} ms`,
      pass: p95 <= TARGET_MS,
      note: `${samples.length} moves on Xvfb + openbox, a GTK entry in another process`,
    },
    {
      name: 'select ‹words› → words selected (X11, AT-SPI)',
      figure: `p50 ${fmt(percentile(selects, 50), 1)} ms, p95 ${fmt(percentile(selects, 95), 1)} ms`,
      target: `p95 ≤ ${SELECT_TARGET_MS} ms`,
      pass: percentile(selects, 95) <= SELECT_TARGET_MS,
      note: `${selects.length} selections in the same field (issue 29's command → effect target)`,
    },
  ];
}
