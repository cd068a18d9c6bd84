/** The Dictation screen's history (French): search, insert again, copy, send again, delete. */
import type { HistoryWords } from '../words.ts';

export const HISTORY_WORDS: HistoryWords = {
  heading: 'Dictées récentes',
  search: 'Rechercher dans l’historique',
  noMatch: 'Aucune dictée de l’historique ne contient tous ces mots.',
  insertAgain: 'Insérer de nouveau',
  copy: 'Copier',
  resend: 'Renvoyer',
  delete: 'Supprimer',
  insertAgainLabel: (time) => `Insérer de nouveau la dictée de ${time}`,
  copyLabel: (time) => `Copier la dictée de ${time}`,
  resendLabel: (time) => `Renvoyer l’audio conservé de la dictée de ${time}`,
  deleteLabel: (time) => `Supprimer la dictée de ${time}`,
  cutShort:
    'Arrêtée avant que tous ses mots reviennent. Son audio est conservé : Renvoyer pour obtenir le texte complet.',
  nothingReceived: 'Rien n’est revenu avant l’arrêt.',
};
