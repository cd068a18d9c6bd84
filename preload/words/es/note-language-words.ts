/** Nota → el idioma de la nota (español): por qué la nota se escribe en otro idioma que el de la ventana. */
import { inSentence } from '../intl.ts';

export const NOTE_LANGUAGE_WORDS = {
  noteLanguage: {
    notOffered: (noteLanguage: string) =>
      `El servicio no redacta notas en español, así que esta nota se escribirá en ${inSentence('es', noteLanguage)}. Las indicaciones para el paciente sí pueden estar en español (en Códigos y más).`,
  },
};
