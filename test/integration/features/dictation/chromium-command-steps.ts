/**
 * What chromium-commands-x11.test.ts says into a Chromium field, in each dictation language, and what the
 * field then shows. Each list is one dictation into an empty field; the same words in the three languages,
 * so a command that works in one and not another shows up as one failing language.
 */
import type { DictationLocale } from '../../../../main/core/api/schemas/common.ts';

/** What is said, then what the field shows once it acted (its text, its selection, the text before its caret). */
type Step = readonly [said: string, fact: 'text' | 'selected' | 'beforeCaret', shows: string];

/** One language's lists. */
export interface LanguageSteps {
  readonly locale: DictationLocale;
  /** select ‹words› (the next words replace them), insert before, go to end, select that, all caps that. */
  readonly selection: readonly Step[];
  /** unselect that, insert after, delete that and cap that on a selection made by voice (English: then insert before the field's first word). */
  readonly editing: readonly Step[];
  /** go to top, next and previous field through a Text's fields, accept defaults. */
  readonly textFields: readonly Step[];
  /** choose ‹number› from a pick-list, field complete, then no caps that on a selection made by voice. */
  readonly picks: readonly Step[];
}

const ENGLISH: LanguageSteps = {
  locale: 'ENGLISH_US',
  selection: [
    ['Pain in left knee.', 'text', 'Pain in left knee.'],
    [' Select left knee.', 'selected', ' left knee'],
    [' right hip', 'text', 'Pain in right hip.'],
    [' Insert before right hip.', 'beforeCaret', 'Pain in'],
    [' painful', 'text', 'Pain in painful right hip.'],
    [' Go to end.', 'beforeCaret', 'Pain in painful right hip.'],
    [' Plan rest.', 'text', 'Pain in painful right hip. Plan rest.'],
    [' Select that.', 'selected', ' Plan rest.'],
    [' All caps that.', 'text', 'Pain in painful right hip. PLAN REST.'],
    ['', 'selected', ' PLAN REST.'],
  ],
  editing: [
    ['Pain in left knee.', 'text', 'Pain in left knee.'],
    [' Select left.', 'selected', ' left'],
    [' Unselect that.', 'beforeCaret', 'Pain in left'],
    [' Insert after knee.', 'beforeCaret', 'Pain in left knee'],
    [' since Monday', 'text', 'Pain in left knee since Monday.'],
    [' Select since Monday.', 'selected', ' since Monday'],
    [' Delete that.', 'text', 'Pain in left knee.'],
    [' Select left knee.', 'selected', ' left knee'],
    [' Cap that.', 'text', 'Pain in Left Knee.'],
    ['', 'selected', ' Left Knee'],
    [' Insert before pain.', 'beforeCaret', ''],
    [' Severe', 'text', 'Severe Pain in Left Knee.'],
  ],
  textFields: [
    ['Side: [left] Plan: [rest].', 'text', 'Side: [left] Plan: [rest].'],
    [' Go to top.', 'beforeCaret', ''],
    [' Next field.', 'selected', '[left]'],
    [' Next field.', 'selected', '[rest]'],
    [' Previous field.', 'selected', '[left]'],
    [' Accept defaults.', 'text', 'Side: left Plan: rest.'],
  ],
  picks: [
    ['Side: [left|right] Plan: [REST].', 'text', 'Side: [left|right] Plan: [REST].'],
    [' Go to top.', 'beforeCaret', ''],
    [' Next field.', 'selected', '[left|right]'],
    [' Choose two.', 'text', 'Side: right Plan: [REST].'],
    [' Next field.', 'selected', '[REST]'],
    [' Field complete.', 'text', 'Side: right Plan: REST.'],
    [' Select REST.', 'selected', ' REST'],
    [' No caps that.', 'text', 'Side: right Plan: rest.'],
  ],
};

const SPANISH: LanguageSteps = {
  locale: 'SPANISH_ES',
  selection: [
    ['Dolor en rodilla izquierda.', 'text', 'Dolor en rodilla izquierda.'],
    [' Selecciona rodilla izquierda.', 'selected', ' rodilla izquierda'],
    [' cadera derecha', 'text', 'Dolor en cadera derecha.'],
    [' Inserta antes de cadera derecha.', 'beforeCaret', 'Dolor en'],
    [' la', 'text', 'Dolor en la cadera derecha.'],
    [' Ve al final.', 'beforeCaret', 'Dolor en la cadera derecha.'],
    [' Reposo relativo.', 'text', 'Dolor en la cadera derecha. Reposo relativo.'],
    [' Selecciona eso.', 'selected', ' Reposo relativo.'],
    [' Todo mayúsculas eso.', 'text', 'Dolor en la cadera derecha. REPOSO RELATIVO.'],
    ['', 'selected', ' REPOSO RELATIVO.'],
  ],
  editing: [
    ['Dolor en rodilla izquierda.', 'text', 'Dolor en rodilla izquierda.'],
    [' Selecciona rodilla.', 'selected', ' rodilla'],
    [' Deselecciona eso.', 'beforeCaret', 'Dolor en rodilla'],
    [' Inserta después de izquierda.', 'beforeCaret', 'Dolor en rodilla izquierda'],
    [' desde el lunes', 'text', 'Dolor en rodilla izquierda desde el lunes.'],
    [' Selecciona desde el lunes.', 'selected', ' desde el lunes'],
    [' Elimina eso.', 'text', 'Dolor en rodilla izquierda.'],
    [' Selecciona rodilla izquierda.', 'selected', ' rodilla izquierda'],
    [' Mayúscula eso.', 'text', 'Dolor en Rodilla Izquierda.'],
    ['', 'selected', ' Rodilla Izquierda'],
  ],
  textFields: [
    ['Lado: [izquierdo] Plan: [reposo].', 'text', 'Lado: [izquierdo] Plan: [reposo].'],
    [' Ve al principio.', 'beforeCaret', ''],
    [' Campo siguiente.', 'selected', '[izquierdo]'],
    [' Campo siguiente.', 'selected', '[reposo]'],
    [' Campo anterior.', 'selected', '[izquierdo]'],
    [' Acepta los valores predeterminados.', 'text', 'Lado: izquierdo Plan: reposo.'],
  ],
  picks: [
    ['Lado: [izquierdo|derecho] Plan: [REPOSO].', 'text', 'Lado: [izquierdo|derecho] Plan: [REPOSO].'],
    [' Ve al principio.', 'beforeCaret', ''],
    [' Campo siguiente.', 'selected', '[izquierdo|derecho]'],
    [' Elige dos.', 'text', 'Lado: derecho Plan: [REPOSO].'],
    [' Campo siguiente.', 'selected', '[REPOSO]'],
    [' Campo completo.', 'text', 'Lado: derecho Plan: REPOSO.'],
    [' Selecciona REPOSO.', 'selected', ' REPOSO'],
    [' Minúsculas eso.', 'text', 'Lado: derecho Plan: reposo.'],
  ],
};

const FRENCH: LanguageSteps = {
  locale: 'FRENCH_FR',
  selection: [
    ['Douleur au genou gauche.', 'text', 'Douleur au genou gauche.'],
    [' Sélectionne genou gauche.', 'selected', ' genou gauche'],
    [' coude droit', 'text', 'Douleur au coude droit.'],
    [' Insère avant au coude droit.', 'beforeCaret', 'Douleur'],
    [' vive', 'text', 'Douleur vive au coude droit.'],
    [' Va à la fin.', 'beforeCaret', 'Douleur vive au coude droit.'],
    [' Repos relatif.', 'text', 'Douleur vive au coude droit. Repos relatif.'],
    [' Sélectionne ça.', 'selected', ' Repos relatif.'],
    [' Majuscules ça.', 'text', 'Douleur vive au coude droit. REPOS RELATIF.'],
    ['', 'selected', ' REPOS RELATIF.'],
  ],
  editing: [
    ['Douleur au genou gauche.', 'text', 'Douleur au genou gauche.'],
    [' Sélectionne genou.', 'selected', ' genou'],
    [' Désélectionne ça.', 'beforeCaret', 'Douleur au genou'],
    [' Insère après gauche.', 'beforeCaret', 'Douleur au genou gauche'],
    [' depuis lundi', 'text', 'Douleur au genou gauche depuis lundi.'],
    [' Sélectionne depuis lundi.', 'selected', ' depuis lundi'],
    [' Supprime ça.', 'text', 'Douleur au genou gauche.'],
    [' Sélectionne genou gauche.', 'selected', ' genou gauche'],
    [' Majuscule ça.', 'text', 'Douleur au Genou Gauche.'],
    ['', 'selected', ' Genou Gauche'],
  ],
  textFields: [
    ['Côté : [gauche] Plan : [repos].', 'text', 'Côté : [gauche] Plan : [repos].'],
    [' Va au début.', 'beforeCaret', ''],
    [' Champ suivant.', 'selected', '[gauche]'],
    [' Champ suivant.', 'selected', '[repos]'],
    [' Champ précédent.', 'selected', '[gauche]'],
    [' Accepte les valeurs par défaut.', 'text', 'Côté : gauche Plan : repos.'],
  ],
  picks: [
    ['Côté : [gauche|droit] Plan : [REPOS].', 'text', 'Côté : [gauche|droit] Plan : [REPOS].'],
    [' Va au début.', 'beforeCaret', ''],
    [' Champ suivant.', 'selected', '[gauche|droit]'],
    [' Choisis deux.', 'text', 'Côté : droit Plan : [REPOS].'],
    [' Champ suivant.', 'selected', '[REPOS]'],
    [' Champ terminé.', 'text', 'Côté : droit Plan : REPOS.'],
    [' Sélectionne REPOS.', 'selected', ' REPOS'],
    [' Minuscules ça.', 'text', 'Côté : droit Plan : repos.'],
  ],
};

/** The three languages' lists. */
export const LANGUAGES: readonly LanguageSteps[] = [ENGLISH, SPANISH, FRENCH];
