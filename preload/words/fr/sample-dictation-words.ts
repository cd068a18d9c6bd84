/** La dictée d’exemple et la ligne « zone de dictée seulement » de l’aperçu dans le navigateur (français). */
import type { SampleDictationWords } from '../words.ts';

export const SAMPLE_DICTATION_WORDS: SampleDictationWords = {
  boxOnly:
    'Dans l’aperçu dans le navigateur, la dictée va seulement dans cette zone : pas de raccourci clavier, pas de saisie dans d’autres applications.',
  heading: 'Dictée d’exemple',
  body: 'Un enregistrement synthétique fourni avec l’application est dicté par le service local intégré : sans compte ni microphone. Le service entend d’abord mal un mot, puis le corrige sur place. Pas pour les soins aux patients.',
  start: 'Lancer la dictée d’exemple',
  playing: 'Lecture de l’enregistrement d’exemple…',
  corrected: (before, after) => `Corrigé sur place par le service : « ${before} » → « ${after} ».`,
};
