/** The Dictation screen's history (English): search, insert again, copy, send again, delete. */
import type { HistoryWords } from '../words.ts';

export const HISTORY_WORDS: HistoryWords = {
  heading: 'Recent dictations',
  search: 'Search the history',
  noMatch: 'No dictation in the history has all those words.',
  insertAgain: 'Insert again',
  copy: 'Copy',
  resend: 'Send again',
  delete: 'Delete',
  insertAgainLabel: (time) => `Insert again the dictation of ${time}`,
  copyLabel: (time) => `Copy the dictation of ${time}`,
  resendLabel: (time) => `Send again the kept audio of the dictation of ${time}`,
  deleteLabel: (time) => `Delete the dictation of ${time}`,
  cutShort: 'Stopped before all its words came back. Its audio is kept: Send again for the whole text.',
  nothingReceived: 'Nothing came back before it stopped.',
};
