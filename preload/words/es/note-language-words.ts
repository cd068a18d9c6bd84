/** Nota → el idioma de la nota (español): por qué la nota se escribe en otro idioma que el de la ventana. */
/** A language's name inside a sentence, in lower case (Inglés (Estados Unidos) → inglés (Estados Unidos)). */
const inSentence = (name: string): string => {
  const text = String(name);
  return text.charAt(0).toLocaleLowerCase('es') + text.slice(1);
};

export const NOTE_LANGUAGE_WORDS = {
  noteLanguage: {
    notOffered: (noteLanguage: string) =>
      `El servicio no redacta notas en español, así que esta nota se escribirá en ${inSentence(noteLanguage)}. Las indicaciones para el paciente sí pueden estar en español (en Códigos y más).`,
  },
};
