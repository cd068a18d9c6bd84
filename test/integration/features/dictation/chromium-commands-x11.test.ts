/**
 * Issue 29's commands that act in another application's field, in real Chromium on X11 with its
 * accessibility on (as a screen reader's presence turns it on), the field read and selected through AT-SPI:
 * a `<textarea>` and a rich-text field (`contenteditable`, as web EHR editors use). Dictated through the
 * controller with a scripted session, inserted by our X11 desktop; what the page itself shows is checked.
 * Chromium with its accessibility off (the default) is in browser-field-x11.test.ts: there the commands
 * say the field cannot be read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../../../preload/contract/index.ts';
import { ChromiumFields, type WebFieldKind } from './chromium-field.ts';
import { controllerOnX11 } from './x11-controller.ts';
import { until } from './x11-harness.ts';
import { desktopPerSuite } from './x11-suite.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;

/** A rich field's text as a textarea's (no-break spaces it keeps at its end as spaces). */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

describeX('voice commands in Chromium fields read through AT-SPI', () => {
  const x11 = desktopPerSuite();
  let web: ChromiumFields;

  beforeAll(async () => {
    web = await ChromiumFields.open(x11.screen, { accessibility: true });
  }, 60_000);

  afterAll(async () => {
    await web?.close();
  });

  /** The page's own selection, and the text before its caret when collapsed ('' when not). */
  const SELECTED = `(() => {
    const el = document.activeElement;
    return 'value' in el ? el.value.slice(el.selectionStart, el.selectionEnd) : String(getSelection());
  })()`;
  const BEFORE_CARET = `(() => {
    const el = document.activeElement;
    if ('value' in el) return el.selectionStart === el.selectionEnd ? el.value.slice(0, el.selectionStart) : '';
    const s = getSelection();
    if (!s.isCollapsed) return '';
    const r = document.createRange();
    r.setStart(el, 0);
    r.setEnd(s.focusNode, s.focusOffset);
    return r.toString();
  })()`;

  /** The focused field as AT-SPI reports it (what the commands read). */
  async function reported(): Promise<Record<'text' | 'selected' | 'beforeCaret', string> | undefined> {
    const target = await x11.desktop.activeWindow();
    const field = target && (await x11.desktop.readField?.(target));
    if (!field) return undefined;
    const { text, selectionStart: at, selectionLength: length } = field;
    const beforeCaret = length === 0 ? plain(text.slice(0, at)) : '';
    return { text: plain(text), selected: plain(text.slice(at, at + length)), beforeCaret };
  }

  /**
   * What the page shows (`fact` of `reported()`), given once AT-SPI reports it too: Chromium's accessibility
   * tree trails the page by a moment, and the next command reads the tree (a person's pause covers it).
   */
  async function shown(fact: 'text' | 'selected' | 'beforeCaret', page: Promise<string>): Promise<string> {
    const seen = plain(await page);
    return (await reported())?.[fact] === seen ? seen : `${seen} (not yet reported over AT-SPI)`;
  }
  const page = {
    text: (kind: WebFieldKind) => shown('text', web.text(kind)),
    selected: () => shown('selected', web.page.evaluate<string>(SELECTED)),
    beforeCaret: () => shown('beforeCaret', web.page.evaluate<string>(BEFORE_CARET)),
  };

  /** A controller dictating into the focused field `kind`, with voice commands read through AT-SPI. */
  async function dictation(kind: WebFieldKind) {
    await web.focus(kind);
    const said: string[] = [];
    const { controller, sessions, clipboard } = controllerOnX11(x11.desktop, x11.screen.env, {
      mode: 'type',
      rules: () => [],
      overlay: (state) => void (state.message && said.push(state.message.code)),
      navigator: new DesktopFieldNavigator(x11.desktop, () => TEMPLATE_MARKERS),
    });
    await controller.start();
    await until(() => sessions.length === 1, 'the session');
    const close = async () => {
      await controller.stop();
      await clipboard.close();
    };
    return { session: sessions[0]!, said, close };
  }

  it.each<WebFieldKind>(['plain', 'rich'])(
    '%s: select ‹words› (the next words replace them), insert before ‹words›, go to end, select that, all caps',
    async (kind) => {
      const { session: s, said, close } = await dictation(kind);
      const text = () => page.text(kind);
      try {
        s.unit('Pain in left knee.');
        await expect.poll(text).toBe('Pain in left knee.');
        s.unit(' Select left knee.');
        await expect.poll(page.selected).toBe(' left knee');
        s.unit(' right hip');
        await expect.poll(text).toBe('Pain in right hip.');
        s.unit(' Insert before right hip.');
        await until(() => said.includes('caret_moved'), 'the caret moved');
        await expect.poll(page.beforeCaret).toBe('Pain in');
        s.unit(' painful');
        await expect.poll(text).toBe('Pain in painful right hip.');
        s.unit(' Go to end.');
        await expect.poll(page.beforeCaret).toBe('Pain in painful right hip.');
        s.unit(' Plan rest.');
        await expect.poll(text).toBe('Pain in painful right hip. Plan rest.');
        s.unit(' Select that.');
        await expect.poll(page.selected).toBe(' Plan rest.');
        s.unit(' All caps that.');
        await expect.poll(text).toBe('Pain in painful right hip. PLAN REST.');
        await expect.poll(page.selected).toBe(' PLAN REST.');
      } finally {
        await close();
      }
    },
    60_000,
  );

  it.each<WebFieldKind>(['plain', 'rich'])(
    "%s: next field and previous field select a Text's fields",
    async (kind) => {
      const { session: s, close } = await dictation(kind);
      try {
        s.unit('Side: [left] Plan: [rest].');
        await expect.poll(() => page.text(kind)).toBe('Side: [left] Plan: [rest].');
        s.unit(' Go to top.');
        await expect.poll(page.beforeCaret).toBe('');
        s.unit(' Next field.');
        await expect.poll(page.selected).toBe('[left]');
        s.unit(' Next field.');
        await expect.poll(page.selected).toBe('[rest]');
        s.unit(' Previous field.');
        await expect.poll(page.selected).toBe('[left]');
      } finally {
        await close();
      }
    },
    60_000,
  );
});
