/**
 * Dictation microphones and foot pedals in Settings → Dictation (English): the buttons, what they can do,
 * the models, and whether one is connected. The codes are preload/contract/mic-codes.ts.
 */
import type { MicAction, MicButton, MicModel } from '../../contract/mic-codes.ts';
import type { MicStatusFacts, MicWords } from '../words.ts';

const MIC_BUTTON_TEXT: Readonly<Record<MicButton, string>> = {
  record: 'Record',
  stop: 'Stop',
  play: 'Play',
  rewind: 'Rewind',
  forward: 'Fast forward',
  tabForward: 'Tab forward',
  tabBackward: 'Tab back',
  transcribe: 'Transcribe',
  enterSelect: 'Enter/Select',
  customLeft: 'Left custom button',
  customRight: 'Right custom button',
  command: 'Command',
  insertOverwrite: 'Insert/Overwrite',
  instruction: 'Instruction',
  f1: 'F1',
  f2: 'F2',
  f3: 'F3',
  f4: 'F4',
  endOfLetter: 'End of letter (EOL)',
  pedalLeft: 'Left pedal',
  pedalMiddle: 'Middle pedal',
  pedalRight: 'Right pedal',
  pedalTop: 'Fourth pedal',
};

const MIC_ACTION_TEXT: Readonly<Record<MicAction, string>> = {
  record: 'Dictate (start/stop)',
  'next-field': 'Next field',
  'previous-field': 'Previous field',
  transfer: 'Transfer (the dictation box)',
  stop: 'Stop dictating',
  cancel: 'Cancel the dictation',
  none: 'Nothing',
};

const MIC_MODEL_TEXT: Readonly<Record<MicModel, string>> = {
  'powermic-2': 'Nuance PowerMic II',
  'powermic-3': 'Nuance PowerMic III',
  'powermic-4': 'Nuance PowerMic 4',
  speechmike: 'Philips SpeechMike',
  'foot-control': 'Philips foot control',
};

/** Whether a dictation microphone is connected, in one sentence. */
export function micStatusText(status: MicStatusFacts): string {
  const names = [...new Set(status.models.map((m) => MIC_MODEL_TEXT[m] ?? 'A dictation microphone'))].join(
    ', ',
  );
  switch (status.kind) {
    case 'connected':
      return `${names}: connected. Its buttons work in every application.`;
    case 'claimed':
      return `${names} is in use by another program (such as Dragon or the SpeechMike Control Center). Close that program and it is picked up within half a minute.`;
    case 'none':
      return 'No dictation microphone (PowerMic, SpeechMike) or foot pedal is plugged in. One is picked up as soon as it is.';
    case 'unavailable':
      return 'Dictation microphones cannot be used on this computer (the USB device library did not load). The hotkeys and the on-screen button work.';
    default:
      return '';
  }
}

/** The labels of Settings → Dictation → Dictation microphone. */
export const MIC_WORDS: MicWords = {
  heading: 'Dictation microphone and foot pedal',
  recordMode: 'Record button',
  recordModes: {
    toggle: 'Press to start, press again to stop',
    'push-to-talk': 'Hold to talk',
  },
  buttonsHeading: 'What the buttons do',
  groups: {
    powermic: 'PowerMic',
    speechmike: 'SpeechMike',
    pedal: 'Foot pedal',
  },
  buttons: MIC_BUTTON_TEXT,
  actions: MIC_ACTION_TEXT,
  locked: 'Your organization sets these.',
};
