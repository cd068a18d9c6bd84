/** Note → the note's language (English): why a note is written in another language than the window's. */
export const NOTE_LANGUAGE_WORDS = {
  noteLanguage: {
    notOffered: (noteLanguage: string) =>
      `The service does not write notes in English, so this note will be written in ${noteLanguage}. Patient instructions can still be in English (on Codes & more).`,
  },
};
