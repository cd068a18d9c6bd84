/**
 * Issue 29's commands SAID into a Win32 EDIT and a RichEdit 5 control of another process under Wine, through
 * the dictation controller the app wires on Windows (the insertion engine over our Win32 desktop and
 * clipboard, the field readers of "next field"), a scripted session giving the units the service would send:
 * one language per case, English, Spanish and French. A Text: insert ‹name›, go to top, next field, choose
 * ‹item›, accept defaults. A selection: select ‹words›, all caps that, unselect that, insert after ‹words›,
 * select that, the next words replacing it. New line, and refused in a single-line EDIT. Then the lists
 * said into Chromium, word for word.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { loadWin32Api } from '../../native/win32/win32-api.ts';
import { Win32Desktop } from '../../native/win32/win32-desktop.ts';
import { Win32Clipboard } from '../../native/win32/win32-clipboard.ts';
import { DesktopFieldNavigator } from '../../main/features/dictation/fields/field-navigator.ts';
import type { DictationLocale } from '../../main/core/api/schemas/common.ts';
import { TEMPLATE_MARKERS } from '../../preload/contract/index.ts';
import { scriptedController } from '../integration/features/dictation/x11-controller.ts';
import { LANGUAGES } from '../integration/features/dictation/chromium-command-steps.ts';
import { eventually, TargetProcess, type TargetWindowHandle } from './support/target.ts';

const desktop = new Win32Desktop(loadWin32Api());
const KNEE = { name: 'Normal knee', content: 'Knee: [left|right|bilateral], [no] effusion.' };

/** Each phrase said alone between pauses: a Text's, then a selection's. */
const SAID: Record<string, { text: readonly string[]; selection: readonly string[] }> = {
  ENGLISH_US: {
    text: ['Insert normal knee.', 'Go to top.', 'Next field.', 'Choose right.', 'Accept defaults.'],
    selection: [
      'Select left knee.',
      'All caps that.',
      'Unselect that.',
      'Insert after pain.',
      'Select that.',
    ],
  },
  SPANISH_ES: {
    text: [
      'Inserta normal knee.',
      'Ve al principio.',
      'Campo siguiente.',
      'Elige dos.',
      'Acepta los valores predeterminados.',
    ],
    selection: [
      'Selecciona left knee.',
      'Todo en mayúsculas.',
      'Deselecciona eso.',
      'Inserta después de pain.',
      'Selecciona eso.',
    ],
  },
  FRENCH_FR: {
    text: [
      'Insère « Normal knee ».',
      'Va au début.',
      'Champ suivant.',
      'Choisis right.',
      'Accepte les valeurs par défaut.',
    ],
    selection: [
      'Sélectionne left knee.',
      'Tout en majuscules.',
      'Désélectionne ça.',
      'Insère après pain.',
      'Sélectionne ça.',
    ],
  },
};

/** "New line" in each language, said alone. */
const NEW_LINE: Record<string, string> = {
  ENGLISH_US: 'New line.',
  SPANISH_ES: 'Nueva línea.',
  FRENCH_FR: 'À la ligne.',
};

const CASES = [
  ['edit', 'ENGLISH_US'],
  ['richedit', 'SPANISH_ES'],
  ['edit', 'FRENCH_FR'],
] as const;

let target: TargetProcess;
before(async () => {
  target = await TargetProcess.start();
});
after(() => target.stop());

/** A controller typing into the focused control, commands said in `locale`; its scripted session. */
async function dictating(locale: DictationLocale, said?: (code: string) => void) {
  const { controller, sessions } = scriptedController(
    { desktop, clipboard: new Win32Clipboard(), platform: 'win32' },
    {
      mode: 'type',
      rules: () => [],
      locale,
      texts: [KNEE],
      navigator: new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS),
      ...(said ? { overlay: (state) => void (state.message && said(state.message.code)) } : {}),
    },
  );
  await controller.start();
  for (let i = 0; i < 200 && sessions.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(sessions.length, 1, 'the session opened');
  return { controller, say: (unit: string) => sessions[0]!.unit(unit) };
}

/** "Wound clean.", "new line" and "Dressing applied." said in `locale`, the dictation ended; what was said. */
async function saidWithNewLine(locale: DictationLocale, t: TestContext): Promise<string[]> {
  const notices: string[] = [];
  const { controller, say } = await dictating(locale, (code) => notices.push(code));
  t.after(() => controller.cancel());
  say('Wound clean.');
  say(` ${NEW_LINE[locale]}`);
  say(' Dressing applied.');
  await controller.stop();
  return notices;
}

async function opened(kind: 'edit' | 'richedit' | 'single-line'): Promise<TargetWindowHandle> {
  const w = await target.open(kind);
  assert.equal(await target.focus(w), w.hwnd, 'the helper window is in front');
  return w;
}

for (const [kind, locale] of CASES) {
  describe(`said into a ${kind === 'edit' ? 'Win32 EDIT' : 'RichEdit 5'} control, ${locale}`, () => {
    it('a Text: inserted, its pick-list reached and chosen from, its defaults accepted', async (t) => {
      const w = await opened(kind);
      const [insert, top, next, choose, accept] = SAID[locale]!.text;
      const { controller, say } = await dictating(locale);
      t.after(() => controller.cancel()); // a failed step leaves no dictation running (the file would not end)
      const text = () => target.text(w);
      say(insert!);
      assert.equal(await eventually(text, KNEE.content), KNEE.content);
      say(` ${top}`);
      say(` ${next}`);
      assert.equal(
        await eventually(() => target.selected(w, kind), '[left|right|bilateral]'),
        '[left|right|bilateral]',
      );
      say(` ${choose}`);
      const chosen = 'Knee: right, [no] effusion.';
      assert.equal(await eventually(text, chosen), chosen);
      say(` ${accept}`);
      const accepted = 'Knee: right, no effusion.';
      assert.equal(await eventually(text, accepted), accepted);
      await controller.stop();
      assert.equal(await text(), accepted);
      await target.close(w);
    });

    it('a selection: select, all caps, unselect, insert after, select that, the next words replace it', async (t) => {
      const w = await opened(kind);
      const [select, caps, unselect, insertAfter, selectThat] = SAID[locale]!.selection;
      const { controller, say } = await dictating(locale);
      t.after(() => controller.cancel());
      const text = () => target.text(w);
      const selected = () => target.selected(w, kind);
      say('Pain in left knee.');
      assert.equal(await eventually(text, 'Pain in left knee.'), 'Pain in left knee.');
      say(` ${select}`);
      assert.equal(await eventually(selected, ' left knee'), ' left knee');
      say(` ${caps}`);
      assert.equal(await eventually(text, 'Pain in LEFT KNEE.'), 'Pain in LEFT KNEE.');
      say(` ${unselect}`);
      assert.equal(await eventually(selected, ''), '');
      say(` ${insertAfter}`);
      say(' and swelling');
      const after = 'Pain and swelling in LEFT KNEE.';
      assert.equal(await eventually(text, after), after);
      say(` ${selectThat}`);
      assert.equal(await eventually(selected, ' and swelling'), ' and swelling');
      say(' with redness');
      await controller.stop();
      const replaced = 'Pain with redness in LEFT KNEE.';
      assert.equal(await eventually(text, replaced), replaced);
      await target.close(w);
    });

    it('new line: a line break between the words before and after it', async (t) => {
      const w = await opened(kind);
      await saidWithNewLine(locale, t);
      const broken = 'Wound clean.\nDressing applied.';
      assert.equal(await eventually(() => target.text(w), broken), broken);
      await target.close(w);
    });

    it('new line never submits: refused in a single-line EDIT, a space instead, and said', async (t) => {
      const w = await opened('single-line');
      const notices = await saidWithNewLine(locale, t);
      const kept = 'Wound clean. Dressing applied.';
      assert.equal(await eventually(() => target.text(w), kept), kept);
      assert.ok(notices.includes('line_break_single_line'), `said: ${notices.join(', ')}`);
      await target.close(w);
    });

    // The lists said into Chromium (chromium-commands-x11.test.ts): insert before, go to end, delete that,
    // cap that, no caps that, field complete, choose ‹number›, next and previous field.
    it('the step lists said into Chromium: the same words, the same results', async (t) => {
      const steps = LANGUAGES.find((l) => l.locale === locale)!;
      for (const list of [steps.selection, steps.editing, steps.textFields, steps.picks]) {
        const w = await opened(kind);
        const { controller, say } = await dictating(locale);
        t.after(() => controller.cancel());
        const facts = {
          text: () => target.text(w),
          selected: () => target.selected(w, kind),
          beforeCaret: () => target.beforeCaret(w, kind),
        };
        for (const [said, fact, shows] of list) {
          if (said) say(said);
          assert.equal(await eventually(facts[fact], shows), shows, `after "${said}"`);
        }
        await controller.stop();
        await target.close(w);
      }
    });
  });
}
