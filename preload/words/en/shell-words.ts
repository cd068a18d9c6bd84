/** The Electron shell's own words (English): the tray, the question before quitting, a failed start. */
import type { ShellWords } from '../shell-words-type.ts';

export const SHELL_WORDS: ShellWords = {
  tray: {
    status: {
      idle: 'Ready',
      recording: 'Recording a visit',
      paused: 'Visit paused (microphone off)',
      reconnecting: 'Reconnecting (audio is kept)',
      error: 'Needs attention',
    },
    startVisit: 'Start visit',
    endVisit: 'End visit',
    startDictation: 'Start dictation',
    stopDictation: 'Stop dictation',
    undoDictation: 'Undo last dictation',
    tooltip: (product, status) => `${product}: ${status}`,
    show: (product) => `Show ${product}`,
    quit: 'Quit',
  },
  quitDialog: {
    title: 'A visit is being recorded',
    message: 'A visit is being recorded. End the visit and quit?',
    detail: 'The recording so far is kept. Ending the visit stops the microphone before the app closes.',
    endAndQuit: 'End visit and quit',
    keepRecording: 'Keep recording',
  },
  startFailed: {
    title: 'Scribe Desktop could not start',
    contactIt: 'Contact your IT department.',
    restart: 'Restart the app. If this keeps happening, contact your IT department.',
  },
};
