/**
 * A Text said into a real field (issue 29): "insert ‹name›" puts the clinician's Text in a GTK field of
 * another process, "go to top" and "next field" select its pick-list, "choose ‹item›" (by its words or its
 * number) picks from it and "accept defaults" fills the field left — each said through the controller the
 * app wires, alone between pauses, in English, Spanish and French; the field's text and selection are what
 * it reports through AT-SPI.
 */
import { describe, it } from 'vitest';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import type { DictationLocale } from '../../../../main/core/api/schemas/common.ts';
import { TEMPLATE_MARKERS } from '../../../../preload/contract/index.ts';
import { controllerOnX11 } from './x11-controller.ts';
import { until } from './x11-harness.ts';
import { desktopPerSuite } from './x11-suite.ts';
import { GtkField, gtkAvailable } from './gtk-field.ts';

const describeX = process.env.REAL_DISPLAY && gtkAvailable() ? describe : describe.skip;

const KNEE = { name: 'Normal knee', content: 'Knee: [left|right|bilateral], [no] effusion.' };

/** What is said, one phrase between pauses each: insert, go to top, next field, choose, accept defaults. */
const SAID: Record<string, readonly string[]> = {
  ENGLISH_US: ['Insert normal knee.', 'Go to top.', 'Next field.', 'Choose right.', 'Accept defaults.'],
  SPANISH_ES: [
    'Inserta normal knee.',
    'Ve al principio.',
    'Campo siguiente.',
    'Elige dos.',
    'Acepta los valores predeterminados.',
  ],
  FRENCH_FR: [
    'Insère « Normal knee ».',
    'Va au début.',
    'Champ suivant.',
    'Choisis right.',
    'Accepte les valeurs par défaut.',
  ],
};

/** Each language once, in a text view or a one-line entry. */
const CASES = [
  ['view', 'ENGLISH_US'],
  ['entry', 'SPANISH_ES'],
  ['view', 'FRENCH_FR'],
] as const;

describeX('a Text said into a GTK field (AT-SPI): inserted, walked, chosen, accepted', () => {
  const x11 = desktopPerSuite();

  it.each(CASES)(
    '%s, %s',
    async (kind, locale: DictationLocale) => {
      const field = await GtkField.open(x11.screen, `texts-${kind}-${locale}`, '', kind);
      const said: string[] = [];
      const { controller, sessions } = controllerOnX11(x11.desktop, x11.screen.env, {
        mode: 'type',
        rules: () => [],
        locale,
        texts: [KNEE],
        navigator: new DesktopFieldNavigator(x11.desktop, () => TEMPLATE_MARKERS),
        overlay: (state) => void (state.message && said.push(state.message.code)),
      });
      const [insert, top, next, choose, accept] = SAID[locale]!;
      try {
        await controller.start();
        await until(() => sessions.length === 1, 'the session');
        const s = sessions[0]!;
        s.unit(insert!);
        await until(() => field.text === KNEE.content, 'the Text in the field');
        s.unit(` ${top}`);
        await until(() => field.selection.join() === '0,0', 'the caret at the start');
        s.unit(` ${next}`);
        await until(() => field.selected === '[left|right|bilateral]', 'the pick-list selected');
        s.unit(` ${choose}`);
        await until(() => field.text === 'Knee: right, [no] effusion.', 'the item chosen');
        s.unit(` ${accept}`);
        await until(() => field.text === 'Knee: right, no effusion.', 'the default accepted');
        await until(() => said.includes('defaults_accepted'), 'the overlay saying so');
        await controller.stop();
        await until(() => field.text === 'Knee: right, no effusion.', 'nothing more typed at the end');
      } finally {
        field.close();
      }
    },
    60_000,
  );
});
