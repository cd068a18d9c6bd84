/** The Dictation screen's history (Spanish): search, insert again, copy, send again, delete. */
import type { HistoryWords } from '../words.ts';

export const HISTORY_WORDS: HistoryWords = {
  heading: 'Dictados recientes',
  search: 'Buscar en el historial',
  noMatch: 'Ningún dictado del historial tiene todas esas palabras.',
  insertAgain: 'Insertar de nuevo',
  copy: 'Copiar',
  resend: 'Enviar de nuevo',
  delete: 'Eliminar',
  insertAgainLabel: (time) => `Insertar de nuevo el dictado de las ${time}`,
  copyLabel: (time) => `Copiar el dictado de las ${time}`,
  resendLabel: (time) => `Enviar de nuevo el audio guardado del dictado de las ${time}`,
  deleteLabel: (time) => `Eliminar el dictado de las ${time}`,
  cutShort:
    'Se detuvo antes de que volvieran todas sus palabras. Su audio se guarda: Enviar de nuevo para el texto completo.',
  nothingReceived: 'No volvió nada antes de detenerse.',
};
