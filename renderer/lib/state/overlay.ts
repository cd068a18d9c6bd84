/** What the dictation overlay says for each phase: its title, whether it is live, whether it warns. */
import { dictationMessageText, words } from '../../../preload/words/window.ts';
import type { DictationMessage, OverlayStateDto } from '../../../preload/contract/index.ts';

type Phase = OverlayStateDto['phase'];

/** Phases while the microphone is open: the overlay shows the time and the level. */
const LIVE: ReadonlySet<Phase> = new Set(['starting', 'listening', 'asleep', 'paused', 'reconnecting']);
/** Phases that need the clinician's attention: the overlay's border turns amber. */
const WARN: ReadonlySet<Phase> = new Set(['reconnecting', 'copied', 'busy', 'failed', 'corrected-in-box']);

/** The overlay's one-line title ('' with no state); a notice (undo, a field move) is its message. */
export function overlayTitle(state: OverlayStateDto | null): string {
  if (!state) return '';
  if (state.phase === 'notice') return dictationMessageText(state.message);
  return words().dictationScreen.overlay.title(state.phase, state.appName);
}

/**
 * The overlay's sentence under the title ('' when none): main sends a code, the words are made here; a
 * clipboard clear it announces is counted down from `now` (wall-clock ms).
 */
export function overlayMessage(state: OverlayStateDto | null, now?: number): string {
  if (state?.phase === 'notice') return ''; // already the title
  return dictationMessageText(state?.message, now);
}

/** Whether a message counts down to the clipboard's clear (the view then ticks once a second). */
export function countsDown(message: DictationMessage | null | undefined): boolean {
  return message?.clipboard?.state === 'pending';
}

/** Whether the overlay shows the elapsed time and the level. */
export function overlayLive(state: OverlayStateDto | null): boolean {
  return state !== null && LIVE.has(state.phase);
}

/** Whether the overlay asks for attention. */
export function overlayWarns(state: OverlayStateDto | null): boolean {
  // A correction that changed a dose, a negation or a side asks to be checked whatever the phase.
  return state !== null && (WARN.has(state.phase) || Boolean(state.flagged));
}
