/**
 * Dictation microphones and foot pedals in Settings → Dictation (French): the buttons, what they can do,
 * the models, and whether one is connected. The codes are preload/contract/mic-codes.ts.
 */
import type { MicAction, MicButton, MicModel } from '../../contract/mic-codes.ts';
import type { MicStatusFacts, MicWords } from '../words.ts';

const MIC_BUTTON_TEXT: Readonly<Record<MicButton, string>> = {
  record: 'Enregistrer',
  stop: 'Stop',
  play: 'Lecture',
  rewind: 'Retour rapide',
  forward: 'Avance rapide',
  tabForward: 'Tab suivant',
  tabBackward: 'Tab précédent',
  transcribe: 'Transcrire',
  enterSelect: 'Entrée/Sélection',
  customLeft: 'Bouton personnalisé gauche',
  customRight: 'Bouton personnalisé droit',
  command: 'Commande',
  insertOverwrite: 'Insertion/Remplacement',
  instruction: 'Instruction',
  f1: 'F1',
  f2: 'F2',
  f3: 'F3',
  f4: 'F4',
  endOfLetter: 'Fin de lettre (EOL)',
  pedalLeft: 'Pédale gauche',
  pedalMiddle: 'Pédale du milieu',
  pedalRight: 'Pédale droite',
  pedalTop: 'Quatrième pédale',
};

const MIC_ACTION_TEXT: Readonly<Record<MicAction, string>> = {
  record: 'Dicter (démarrer/arrêter)',
  'next-field': 'Champ suivant',
  'previous-field': 'Champ précédent',
  transfer: 'Transférer (la zone de dictée)',
  stop: 'Arrêter la dictée',
  cancel: 'Annuler la dictée',
  none: 'Rien',
};

const MIC_MODEL_TEXT: Readonly<Record<MicModel, string>> = {
  'powermic-2': 'Nuance PowerMic II',
  'powermic-3': 'Nuance PowerMic III',
  'powermic-4': 'Nuance PowerMic 4',
  speechmike: 'Philips SpeechMike',
  'foot-control': 'Pédalier Philips',
};

/** Whether a dictation microphone is connected, in one sentence. */
export function micStatusText(status: MicStatusFacts): string {
  const names = [...new Set(status.models.map((m) => MIC_MODEL_TEXT[m] ?? 'Un microphone de dictée'))].join(
    ', ',
  );
  switch (status.kind) {
    case 'connected':
      return `${names} : connecté. Ses boutons fonctionnent dans toutes les applications.`;
    case 'claimed':
      return `${names} est utilisé par un autre programme (Dragon ou le SpeechMike Control Center, par exemple). Fermez ce programme : il sera repris en moins d’une demi-minute.`;
    case 'none':
      return 'Aucun microphone de dictée (PowerMic, SpeechMike) ni pédalier n’est branché. Il sera repris dès qu’il le sera.';
    case 'unavailable':
      return 'Les microphones de dictée ne peuvent pas être utilisés sur cet ordinateur (la bibliothèque des périphériques USB n’a pas pu se charger). Les raccourcis et le bouton à l’écran fonctionnent.';
    default:
      return '';
  }
}

/** The labels of Settings → Dictation → Dictation microphone. */
export const MIC_WORDS: MicWords = {
  heading: 'Microphone de dictée et pédalier',
  recordMode: 'Bouton Enregistrer',
  recordModes: {
    toggle: 'Appuyer pour démarrer, appuyer de nouveau pour arrêter',
    'push-to-talk': 'Maintenir pour parler',
  },
  buttonsHeading: 'Rôle des boutons',
  groups: {
    powermic: 'PowerMic',
    speechmike: 'SpeechMike',
    pedal: 'Pédalier',
  },
  buttons: MIC_BUTTON_TEXT,
  actions: MIC_ACTION_TEXT,
  locked: 'Votre organisation les définit.',
};
