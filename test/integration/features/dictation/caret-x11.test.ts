/**
 * "Go to top" / "go to end" in a real GTK field of another process read through AT-SPI (the navigator the
 * voice commands use): the caret goes to the field's start or end, where the next words are typed.
 */
import { describe, expect, it } from 'vitest';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../../../preload/contract/index.ts';
import { until } from './x11-harness.ts';
import { desktopPerSuite } from './x11-suite.ts';
import { GtkField, gtkAvailable } from './gtk-field.ts';

const describeX = process.env.REAL_DISPLAY && gtkAvailable() ? describe : describe.skip;

describeX('go to top / go to end in a GTK field (AT-SPI)', () => {
  const x11 = desktopPerSuite();

  it.each(['entry', 'view'] as const)(
    '%s: the caret goes to the start, then to the end',
    async (kind) => {
      const text = 'Wound clean. Dressing applied.';
      const field = await GtkField.open(x11.screen, `caret-${kind}`, text, kind);
      try {
        field.send(`caret 6`);
        await until(() => field.selection[0] === 6, 'the caret inside the text');
        const nav = new DesktopFieldNavigator(x11.desktop, () => TEMPLATE_MARKERS);
        expect(await nav.caretTo('top')).toBe('moved');
        await until(() => field.selection.join() === '0,0', 'the caret at the start');
        expect(await nav.caretTo('end')).toBe('moved');
        await until(() => field.selection.join() === `${text.length},${text.length}`, 'the caret at the end');
        await x11.screen.x('xdotool', ['type', '--delay', '12', ' Plan.']);
        await until(() => field.text === `${text} Plan.`, 'the words typed at the end');
      } finally {
        field.close();
      }
    },
    60_000,
  );
});
