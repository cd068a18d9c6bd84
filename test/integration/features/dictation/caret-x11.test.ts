/**
 * "Go to top" / "go to end" in a real GTK field of another process read through AT-SPI (the navigator the
 * voice commands use): the caret goes to the field's start or end, where the next words are typed. And the
 * selection commands (issue 29) said through the controller in English, Spanish and French: the field's own
 * selection and text are what it reports.
 */
import { describe, expect, it } from 'vitest';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../../../preload/contract/index.ts';
import { until } from './x11-harness.ts';
import { desktopPerSuite } from './x11-suite.ts';
import { GtkField, gtkAvailable } from './gtk-field.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import { DictationController } from '../../../../main/features/dictation/dictation-controller.ts';
import { EngineInserter } from '../../../../main/features/dictation/engine-inserter.ts';
import { endlessMicrophone, scriptedOpen } from '../../../unit/features/dictation/scripted-session.ts';

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
        expect(await nav.caretTo('top')).toBe('at_word_start');
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

/** Issue 29's selection commands said into a GTK field, through the controller (one language per case). */
const SAID = {
  ENGLISH_US: ['Select left knee.', 'All caps that.', 'Unselect that.', 'Insert after pain.', 'Select that.'],
  SPANISH_ES: [
    'Selecciona left knee.',
    'Todo en mayúsculas.',
    'Deselecciona eso.',
    'Inserta después de pain.',
    'Selecciona eso.',
  ],
  FRENCH_FR: [
    'Sélectionne left knee.',
    'Tout en majuscules.',
    'Désélectionne ça.',
    'Insère après pain.',
    'Sélectionne ça.',
  ],
} as const;

describeX('selection by voice in a GTK field (AT-SPI), through the controller', () => {
  const x11 = desktopPerSuite();

  it.each([
    ['entry', 'ENGLISH_US'],
    ['view', 'FRENCH_FR'],
    ['entry', 'SPANISH_ES'],
  ] as const)(
    '%s, %s: select, all caps, unselect, insert after, select that, words not there',
    async (kind, locale) => {
      const field = await GtkField.open(x11.screen, `select-${kind}-${locale}`, '', kind);
      const [select, caps, unselect, insertAfter, selectThat] = SAID[locale];
      const { open, sessions } = scriptedOpen();
      const said: string[] = [];
      const controller = new DictationController({
        open,
        microphone: endlessMicrophone(),
        lock: { holder: () => null, acquire: () => true, release: () => undefined },
        inserter: new EngineInserter({
          desktop: x11.desktop,
          clipboard: new XclipClipboard(x11.screen.env, () => x11.desktop.clipboardOwner()),
          platform: 'linux',
          // Typed: the keyboard's first burst places its characters before the case change types over.
          mode: () => 'type',
          rules: () => [],
        }),
        overlay: { show: (state) => void (state?.message && said.push(state.message.code)) },
        sink: { live: () => undefined, finished: () => undefined },
        commands: () => ({ enabled: true, locale }),
        navigator: new DesktopFieldNavigator(x11.desktop, () => TEMPLATE_MARKERS),
        outcomeMs: 5,
      });
      try {
        await controller.start();
        await until(() => sessions.length === 1, 'the session');
        const s = sessions[0]!;
        s.unit('Pain in left knee.');
        await until(() => field.text === 'Pain in left knee.', 'the words in the field');
        s.unit(` ${select}`);
        await until(() => field.selected === ' left knee', 'the words selected');
        s.unit(` ${caps}`);
        await until(() => field.text === 'Pain in LEFT KNEE.' && field.selected === ' LEFT KNEE', 'recased');
        s.unit(` ${unselect}`);
        await until(() => field.selection.join() === '17,17', 'the caret after them');
        s.unit(` ${insertAfter}`);
        // A pause, as between a person's phrases: the command acts before the next words come.
        await until(() => field.selection.join() === '4,4', 'the caret after "Pain"');
        s.unit(' and swelling');
        await until(() => field.text === 'Pain and swelling in LEFT KNEE.', 'the words after "pain"');
        s.unit(` ${selectThat}`);
        await until(() => field.selected === ' and swelling', 'the last phrase selected');
        s.unit(' with redness');
        await until(() => field.text === 'Pain with redness in LEFT KNEE.', 'the next words replace it');
        s.unit(` ${select.replace(/left knee/, 'elbow')}`);
        await until(() => said.includes('words_not_in_field'), 'words not in the field said');
        await controller.stop();
        expect(field.text).toBe('Pain with redness in LEFT KNEE.');
      } finally {
        field.close();
      }
    },
    60_000,
  );
});
