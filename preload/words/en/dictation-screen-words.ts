/** The Dictation screen, the dictation box, its hotkey rows and the overlay (English). */
import { ASLEEP_TITLE } from './command-words.ts';
import type { DictationScreenWords } from '../words.ts';

export const DICTATION_SCREEN_WORDS: DictationScreenWords = {
  heading: 'Dictation',
  boxHeading: 'Dictation box',
  start: 'Start dictation',
  stop: 'Stop dictation',
  cancel: 'Cancel',
  boxLabel: 'Dictated text',
  insert: 'Insert into the application',
  copy: 'Copy',
  undo: 'Undo last dictation',
  previousField: 'Previous field',
  nextField: 'Next field',
  noFieldLeft: 'No template field left that way.',
  flaggedHeading: 'Check these corrections',
  flagged: (before, after) => `Corrected by the service: ${before || '(nothing)'} → ${after || '(nothing)'}`,
  recoverHeading: 'Interrupted dictations',
  recoverHint: 'Their audio is kept, encrypted, on this computer. Recovering puts the whole text in the box.',
  started: (when, stale) => `Started ${when}${stale ? ' (old)' : ''}`,
  recover: 'Recover',
  discard: 'Discard',
  recoverLabel: (time) => `Recover the dictation started ${time}`,
  discardLabel: (time) => `Discard the dictation started ${time}`,
  hint: (toggleKey, holdKey) =>
    `Press ${toggleKey} in any application to dictate where the cursor is` +
    `${holdKey ? `, or hold ${holdKey} while you speak` : ''}. Text that cannot go in lands here.`,
  historyKept: (hours) =>
    hours > 0
      ? `Dictations are kept for ${hours} hours, encrypted on this computer.`
      : 'Dictations are kept here until the app closes.',
  hotkeyRows: {
    toggleKey: 'Start / stop',
    holdKey: 'Hold to talk',
    cancelKey: 'Cancel',
    undoKey: 'Undo last dictation',
    nextFieldKey: 'Next field',
    previousFieldKey: 'Previous field',
  },
  holdNoAccessibility: 'Accessibility is off',
  holdNoHook: 'no key hook on this system',
  chooseAnother: 'Choose another key.',
  freeKeys: (keys) => ` Free keys: ${keys}.`,
  overlay: {
    elapsed: 'Elapsed',
    level: 'Microphone level',
    lastWords: 'Last words',
    undo: 'Undo',
    title: (phase, app) => {
      const into = app ?? 'the application';
      switch (phase) {
        case 'starting':
          return 'Starting…';
        case 'listening':
          return app ? `Listening — into ${app}` : 'Listening — into the dictation box';
        case 'paused':
          return 'Paused';
        case 'reconnecting':
          return 'Reconnecting';
        case 'inserting':
          return `Inserting into ${into}`;
        case 'inserted':
          return `Inserted into ${into}`;
        case 'copied':
          return 'Copied instead';
        case 'asleep':
          return ASLEEP_TITLE;
        case 'corrected-in-box':
          return 'Corrected in the dictation box';
        case 'busy':
          return 'Microphone in use';
        case 'cancelled':
          return 'Cancelled';
        case 'failed':
          return 'Dictation stopped';
        case 'notice':
          return 'Dictation';
        default:
          return '';
      }
    },
  },
};
