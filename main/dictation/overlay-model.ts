/** Pure helpers for what the overlay says: the last words, the level, and phase from the session state. */
import type { ConnectionStatus } from '../streaming/session-types.ts';
import type { OverlayState } from './ports.ts';

/** At most this many characters of the last words are shown. */
const LAST_WORDS_CHARS = 60;

/** The end of the text, cut at a word boundary, at most LAST_WORDS_CHARS long. */
export function lastWords(text: string): string {
  const trimmed = text.trimEnd();
  if (trimmed.length <= LAST_WORDS_CHARS) return trimmed.trimStart();
  const tail = trimmed.slice(-LAST_WORDS_CHARS);
  const space = tail.indexOf(' ');
  return `…${space >= 0 && space < 20 ? tail.slice(space + 1) : tail}`;
}

/** dBFS (−60 … 0) to a 0–1 meter position. */
export function meterLevel(rmsDbfs: number): number {
  return Math.min(1, Math.max(0, (rmsDbfs + 60) / 60));
}

/** The phase while recording, from the connection: reconnecting is said only while nothing is at risk. */
export function recordingPhase(connection: ConnectionStatus): OverlayState['phase'] {
  switch (connection.state) {
    case 'reconnecting':
      return 'reconnecting';
    case 'paused':
      return 'paused';
    default:
      return 'listening';
  }
}

/** The sentence under "reconnecting": "nothing lost" only while every chunk is really kept. */
export function reconnectingMessage(connection: ConnectionStatus): string {
  return connection.allAudioSafe
    ? 'Reconnecting — nothing is lost.'
    : 'Reconnecting — keep the app open until the text is in.';
}

/** Messages of the other phases. */
export const OVERLAY_MESSAGES = {
  busy: 'A visit is using the microphone: end it first, or dictate into the visit.',
  accessibility: 'Push-to-talk needs Accessibility: System Settings → Privacy & Security → Accessibility.',
  secureInput: 'A password field has Secure Input on: dictation will not type until it closes.',
  correctedInBox: 'Corrected in the dictation box (you typed since).',
  cancelled: 'Dictation cancelled.',
} as const;
