/**
 * The spoken forms of the commands that fill a Text's fields (text-fields.ts), per language: kept apart from
 * command-phrases.ts, which lays them into each language's table. `choose` takes the item (or its number)
 * after it.
 */
import type { FieldFill } from './text-fields.ts';

/** A language's phrases for each fill command. */
export type FieldFillPhrases = Readonly<Record<FieldFill, readonly string[]>>;

/** English, Spanish and French. */
export const FIELD_FILL_PHRASES: Readonly<Record<'en' | 'es' | 'fr', FieldFillPhrases>> = {
  en: {
    accept_defaults: ['accept defaults', 'accept default'],
    field_complete: ['field complete'],
    choose: ['choose'],
  },
  es: {
    accept_defaults: ['acepta los valores predeterminados', 'aceptar valores predeterminados'],
    field_complete: ['campo completo', 'campo completado'],
    choose: ['elige', 'elegir', 'escoge'],
  },
  fr: {
    accept_defaults: ['accepte les valeurs par défaut', 'accepter les valeurs par défaut'],
    field_complete: ['champ terminé', 'champ complété'],
    choose: ['choisis', 'choisir'],
  },
};
