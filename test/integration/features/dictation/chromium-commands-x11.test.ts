/**
 * Issue 29's commands that act in another application's field, in real Chromium on X11 with its
 * accessibility on (as a screen reader's presence turns it on), the field read and selected through AT-SPI:
 * a `<textarea>` and a rich-text field (`contenteditable`, as web EHR editors use), in English, Spanish and
 * French (what is said: chromium-command-steps.ts). Dictated through the
 * controller with a scripted session, inserted by our X11 desktop; what the page itself shows is checked.
 * Chromium with its accessibility off (the default) is in browser-field-x11.test.ts: there the commands
 * say the field cannot be read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../../../preload/contract/index.ts';
import type { DictationLocale } from '../../../../main/core/api/schemas/common.ts';
import { LANGUAGES } from './chromium-command-steps.ts';
import { ChromiumFields, PARAGRAPH_CORRECTIONS, pasteInTurn, type WebFieldKind } from './chromium-field.ts';
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

  /** The focused field's text (a rich field's as shown), its selection, the text before its caret ('' when not collapsed). */
  const TEXT = `(() => {
    const el = document.activeElement;
    return 'value' in el ? el.value : el.innerText;
  })()`;
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
    text: () => shown('text', web.page.evaluate<string>(TEXT)),
    selected: () => shown('selected', web.page.evaluate<string>(SELECTED)),
    beforeCaret: () => shown('beforeCaret', web.page.evaluate<string>(BEFORE_CARET)),
  };

  /** A controller dictating into the focused field `kind`, with voice commands read through AT-SPI. */
  async function dictation(kind: WebFieldKind, locale: DictationLocale) {
    await web.focus(kind);
    const { controller, sessions, clipboard } = controllerOnX11(x11.desktop, x11.screen.env, {
      mode: 'type',
      rules: () => [],
      navigator: new DesktopFieldNavigator(x11.desktop, () => TEMPLATE_MARKERS),
      locale,
    });
    await controller.start();
    await until(() => sessions.length === 1, 'the session');
    const close = async () => {
      await controller.stop();
      await clipboard.close();
    };
    return { session: sessions[0]!, close };
  }

  const LISTS = {
    selection:
      'select ‹words› (the next words replace them), insert before, go to end, select that, all caps',
    editing: 'unselect, insert after, delete that and cap that on a selection by voice',
    textFields: "go to top, next and previous field select a Text's fields, accept defaults fills them",
    picks: 'choose ‹number› from a pick-list, field complete, no caps that on a selection by voice',
  } as const;
  const CASES = LANGUAGES.flatMap((language) =>
    (['plain', 'rich'] as const).flatMap((kind) =>
      (Object.keys(LISTS) as (keyof typeof LISTS)[]).map(
        (list) => [language.locale, kind, LISTS[list], language[list]] as const,
      ),
    ),
  );

  // Read through AT-SPI, the rich field shows each paragraph after a break as a child object (U+FFFC in its
  // text), and text written there is not in the field's own: it said 'not_landed' of text that had arrived.
  it('rich field, paste: corrections across a paragraph break, the text after it never judged lost', async () => {
    await web.focus('rich');
    const result = await pasteInTurn(x11.desktop, x11.screen, PARAGRAPH_CORRECTIONS.said);
    expect(result).toMatchObject({ complete: true, correctionsInPlace: 2 });
    expect(result.notInserted).toBeUndefined();
    await expect.poll(() => web.page.evaluate<string>(TEXT)).toBe(PARAGRAPH_CORRECTIONS.shown);
  }, 60_000);

  it.each(CASES)(
    '%s, %s: %s',
    async (locale, kind, _, steps) => {
      const { session, close } = await dictation(kind, locale);
      try {
        for (const [said, fact, shows] of steps) {
          if (said) session.unit(said);
          await expect.poll(page[fact]).toBe(shows);
        }
      } finally {
        await close();
      }
    },
    60_000,
  );
});
