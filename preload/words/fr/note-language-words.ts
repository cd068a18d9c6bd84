/** Note → la langue de la note (français) : pourquoi la note est rédigée dans une autre langue que la fenêtre. */
/** A language's name inside a sentence, in lower case (Inglés (Estados Unidos) → inglés (Estados Unidos)). */
const inSentence = (name: string): string => {
  const text = String(name);
  return text.charAt(0).toLocaleLowerCase('fr') + text.slice(1);
};

export const NOTE_LANGUAGE_WORDS = {
  noteLanguage: {
    notOffered: (noteLanguage: string) =>
      `Le service ne rédige pas de notes en français : cette note sera donc rédigée en ${inSentence(noteLanguage)}. Les consignes au patient peuvent, elles, être en français (dans Codes et plus).`,
  },
};
