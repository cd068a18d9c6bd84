/**
 * Dictation microphones and foot pedals in Settings → Dictation (Spanish): the buttons, what they can do,
 * the models, and whether one is connected. The codes are preload/contract/mic-codes.ts.
 */
import type { MicAction, MicButton, MicModel } from '../../contract/mic-codes.ts';
import type { MicStatusFacts, MicWords } from '../words.ts';

const MIC_BUTTON_TEXT: Readonly<Record<MicButton, string>> = {
  record: 'Grabar',
  stop: 'Detener',
  play: 'Reproducir',
  rewind: 'Retroceder',
  forward: 'Avance rápido',
  tabForward: 'Tab siguiente',
  tabBackward: 'Tab anterior',
  transcribe: 'Transcribir',
  enterSelect: 'Intro/Seleccionar',
  customLeft: 'Botón personalizado izquierdo',
  customRight: 'Botón personalizado derecho',
  command: 'Comando',
  insertOverwrite: 'Insertar/Sobrescribir',
  instruction: 'Instrucción',
  f1: 'F1',
  f2: 'F2',
  f3: 'F3',
  f4: 'F4',
  endOfLetter: 'Fin de carta (EOL)',
  pedalLeft: 'Pedal izquierdo',
  pedalMiddle: 'Pedal central',
  pedalRight: 'Pedal derecho',
  pedalTop: 'Cuarto pedal',
};

const MIC_ACTION_TEXT: Readonly<Record<MicAction, string>> = {
  record: 'Dictar (iniciar/detener)',
  'next-field': 'Campo siguiente',
  'previous-field': 'Campo anterior',
  transfer: 'Transferir (el cuadro de dictado)',
  stop: 'Detener el dictado',
  cancel: 'Cancelar el dictado',
  none: 'Nada',
};

const MIC_MODEL_TEXT: Readonly<Record<MicModel, string>> = {
  'powermic-2': 'Nuance PowerMic II',
  'powermic-3': 'Nuance PowerMic III',
  'powermic-4': 'Nuance PowerMic 4',
  speechmike: 'Philips SpeechMike',
  'foot-control': 'Pedal Philips',
};

/** Whether a dictation microphone is connected, in one sentence. */
export function micStatusText(status: MicStatusFacts): string {
  const names = [...new Set(status.models.map((m) => MIC_MODEL_TEXT[m] ?? 'Un micrófono de dictado'))].join(
    ', ',
  );
  switch (status.kind) {
    case 'connected':
      return `${names}: conectado. Sus botones funcionan en todas las aplicaciones.`;
    case 'claimed':
      return `${names} lo está usando otro programa (como Dragon o SpeechMike Control Center). Cierre ese programa y se tomará en menos de medio minuto.`;
    case 'none':
      return 'No hay ningún micrófono de dictado (PowerMic, SpeechMike) ni pedal conectado. Se tomará en cuanto se conecte.';
    case 'unavailable':
      return 'Los micrófonos de dictado no se pueden usar en este equipo (no se cargó la biblioteca de dispositivos USB). Los atajos y el botón en pantalla funcionan.';
    default:
      return '';
  }
}

/** The labels of Settings → Dictation → Dictation microphone. */
export const MIC_WORDS: MicWords = {
  heading: 'Micrófono de dictado y pedal',
  recordMode: 'Botón Grabar',
  recordModes: {
    toggle: 'Pulsar para empezar, pulsar otra vez para detener',
    'push-to-talk': 'Mantener pulsado para hablar',
  },
  buttonsHeading: 'Qué hacen los botones',
  groups: {
    powermic: 'PowerMic',
    speechmike: 'SpeechMike',
    pedal: 'Pedal',
  },
  buttons: MIC_BUTTON_TEXT,
  actions: MIC_ACTION_TEXT,
  locked: 'Su organización los define.',
};
