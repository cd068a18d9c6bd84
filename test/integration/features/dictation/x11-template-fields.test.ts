/**
 * Template fields and provable insertion on a real X display, in real GTK fields of another process read
 * through AT-SPI (the accessibility bus of the test's D-Bus session): "next field" / "previous field"
 * select the blank so the next words replace it; the field's text and caret become text_field_context; a
 * field that swallows our text is reported, the text kept; a field that turns into a password field after
 * the start gets nothing more; a Text's fields are chosen and their defaults accepted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openX11Desktop, type X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import { StreamingInsertion } from '../../../../main/features/dictation/insertion/streaming-insertion.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import { TEMPLATE_MARKERS } from '../../../../preload/contract/index.ts';
import { startDisplay, until, type TestDisplay } from './x11-harness.ts';
import { GtkField, gtkAvailable } from './gtk-field.ts';

const describeX = process.env.REAL_DISPLAY && gtkAvailable() ? describe : describe.skip;
const TEMPLATE = 'Pain: *** Side: [left/right] Plan: _____';

describeX('template fields and provable insertion in a GTK field (AT-SPI)', () => {
  let screen: TestDisplay;
  let desktop: X11Desktop;
  const fields: GtkField[] = [];

  beforeEach(async () => {
    screen = await startDisplay();
    desktop = openX11Desktop(screen.display);
  }, 30_000);

  afterEach(async () => {
    for (const f of fields.splice(0)) f.close();
    await desktop?.close();
    screen?.close();
  });

  const clip = () => new XclipClipboard(screen.env, () => desktop.clipboardOwner());

  async function open(kind: 'entry' | 'view' | 'discard', text = TEMPLATE): Promise<GtkField> {
    const field = await GtkField.open(screen, `ehr-${kind}`, text, kind);
    fields.push(field);
    return field;
  }

  it.each(['entry', 'view'] as const)(
    '%s: next and previous field select the blank; dictated words replace it',
    async (kind) => {
      const field = await open(kind);
      const nav = new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS);
      expect(await nav.move('next')).toEqual({ kind: 'selected' });
      await until(() => field.selected === '***', 'the first blank selected');
      expect(await nav.move('next')).toEqual({ kind: 'selected' });
      await until(() => field.selected === '[left/right]', 'the second blank selected');
      expect(await nav.move('previous')).toEqual({ kind: 'selected' });
      await until(() => field.selected === '***', 'back to the first blank');

      const insertion = await StreamingInsertion.begin({ desktop, clipboard: clip(), mode: 'type' });
      insertion.update('mild');
      expect((await insertion.finish()).complete).toBe(true);
      // The field's own report may trail the engine's read-back under load.
      await until(() => field.text === 'Pain: mild Side: [left/right] Plan: _____', 'the words in the field');
      expect(await nav.move('next')).toEqual({ kind: 'selected' });
      await until(() => field.selected === '[left/right]', 'the next blank after the words');
    },
  );

  it("a Text's fields: choose ‹item› on the field selected, then accept defaults fills the rest", async () => {
    const field = await open('view', 'Lungs [clear].\nSide: [left|right|bilateral]. Pain: [ ]');
    const nav = new DesktopFieldNavigator(desktop, () => ['bracketed-text']);
    expect(await nav.move('next')).toEqual({ kind: 'selected' });
    expect(await nav.move('next')).toEqual({ kind: 'selected' });
    await until(() => field.selected === '[left|right|bilateral]', 'the pick-list selected');
    expect(await nav.fill('choose', 'bilateral')).toBe('done');
    await until(() => field.text === 'Lungs [clear].\nSide: bilateral. Pain: [ ]', 'the item chosen');
    expect(await nav.fill('choose', 'left')).toBe('no_field');
    expect(await nav.fill('accept_defaults', '')).toBe('done');
    await until(() => field.text === 'Lungs clear.\nSide: bilateral. Pain: [ ]', 'the defaults accepted');
    expect(await nav.fill('accept_defaults', '')).toBe('none_left');
  });

  it('says none_left after the last blank and changes nothing', async () => {
    const field = await open('entry', 'No blanks here.');
    const nav = new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS);
    expect(await nav.move('next')).toEqual({ kind: 'none_left' });
    expect(field.selection).toEqual([0, 0]);
  });

  it("sends the field's text and caret as text_field_context", async () => {
    const field = await open('entry', 'Assessment: stable');
    field.send('caret 11');
    await until(() => field.selection[0] === 11, 'the caret placed');
    const insertion = await StreamingInsertion.begin({ desktop, clipboard: clip(), mode: 'type' });
    expect(insertion.fieldContext).toEqual({
      text: 'Assessment: stable',
      selectionStart: 11,
      selectionLength: 0,
    });
    await insertion.cancel();
  });

  it.each(['paste', 'type'] as const)(
    '%s: a field that swallows the text is reported and the text kept',
    async (mode) => {
      const field = await open('discard', 'Dose: ');
      const clipboard = clip();
      const insertion = await StreamingInsertion.begin({ desktop, clipboard, mode });
      const stops: string[] = [];
      insertion.on('notInserted', ({ reason }) => stops.push(reason));
      insertion.update('Amoxicillin 500 mg');
      const result = await insertion.finish();
      expect(field.text).toBe('Dose: ');
      expect(result.notInserted).toBe('not_landed');
      expect(stops).toEqual(['not_landed']);
      expect(await clipboard.readText()).toBe('Amoxicillin 500 mg');
      await clipboard.close();
    },
    // Typing key by key into a GTK field that answers through AT-SPI: slow on a loaded CI machine.
    30_000,
  );

  it('a field that became a password field after the start gets nothing more', async () => {
    const field = await open('entry', '');
    const insertion = await StreamingInsertion.begin({ desktop, clipboard: clip(), mode: 'type' });
    insertion.update('BP 120/80.');
    await until(() => field.text === 'BP 120/80.', 'the first words');
    field.send('password');
    await until(() => field.password, 'the field to become a password field');
    insertion.update('BP 120/80. Canary words.');
    const result = await insertion.finish();
    expect(result.notInserted).toBe('password_field');
    expect(field.text).toBe('BP 120/80.');
  });
});
