/** What the dictation overlay says for each phase: its title, whether it is live, whether it warns. */
import { dictationMessageText } from '../../../preload/words/index.ts';
import type { OverlayStateDto } from '../../../preload/contract/index.ts';

type Phase = OverlayStateDto['phase'];

/** Phases while the microphone is open: the overlay shows the time and the level. */
const LIVE: ReadonlySet<Phase> = new Set(['starting', 'listening', 'paused', 'reconnecting']);
/** Phases that need the clinician's attention: the overlay's border turns amber. */
const WARN: ReadonlySet<Phase> = new Set(['reconnecting', 'copied', 'busy', 'failed', 'corrected-in-box']);

/** The overlay's one-line title ('' with no state). */
export function overlayTitle(state: OverlayStateDto | null): string {
  if (!state) return '';
  const app = state.appName ?? 'the application';
  switch (state.phase) {
    case 'starting':
      return 'Starting…';
    case 'listening':
      return state.appName ? `Listening — into ${state.appName}` : 'Listening — into the dictation box';
    case 'paused':
      return 'Paused';
    case 'reconnecting':
      return 'Reconnecting';
    case 'inserting':
      return `Inserting into ${app}`;
    case 'inserted':
      return `Inserted into ${app}`;
    case 'copied':
      return 'Copied instead';
    case 'corrected-in-box':
      return 'Corrected in the dictation box';
    case 'busy':
      return 'Microphone in use';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return 'Dictation stopped';
    default:
      // A phase a newer main knows: no title rather than a crash.
      return '';
  }
}

/** The overlay's sentence under the title ('' when none): main sends a code, the words are made here. */
export function overlayMessage(state: OverlayStateDto | null): string {
  return dictationMessageText(state?.message);
}

/** Whether the overlay shows the elapsed time and the level. */
export function overlayLive(state: OverlayStateDto | null): boolean {
  return state !== null && LIVE.has(state.phase);
}

/** Whether the overlay asks for attention. */
export function overlayWarns(state: OverlayStateDto | null): boolean {
  return state !== null && WARN.has(state.phase);
}
