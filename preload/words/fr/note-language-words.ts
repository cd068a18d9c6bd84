/** Note → la langue de la note (français) : pourquoi la note est rédigée dans une autre langue que la fenêtre. */
import { inSentence } from '../intl.ts';

export const NOTE_LANGUAGE_WORDS = {
  noteLanguage: {
    notOffered: (noteLanguage: string) =>
      `Le service ne rédige pas de notes en français : cette note sera donc rédigée en ${inSentence('fr', noteLanguage)}. Les consignes au patient peuvent, elles, être en français (dans Codes et plus).`,
  },
};
