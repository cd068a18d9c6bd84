/** Pure helpers for what the overlay says: the last words, the level, and phase from the session state. */
import type { ConnectionStatus } from '../../core/streaming/session-types.ts';
import type { DictationMessage } from '../../../preload/contract/index.ts';
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

/**
 * The phase while recording, from the connection: reconnecting is said only while nothing is at risk;
 * `asleep` after "go to sleep" (the microphone open, only "wake up" acted on).
 */
export function recordingPhase(connection: ConnectionStatus, asleep = false): OverlayState['phase'] {
  switch (connection.state) {
    case 'reconnecting':
      return 'reconnecting';
    case 'paused':
      return 'paused';
    default:
      return asleep ? 'asleep' : 'listening';
  }
}

/** What is said under "reconnecting": "nothing lost" only while every chunk is really kept. */
export function reconnectingMessage(connection: ConnectionStatus): DictationMessage {
  return { code: connection.allAudioSafe ? 'reconnecting_safe' : 'reconnecting_at_risk' };
}
