/**
 * The tray as a pure function of the app's recording state: icon, tooltip and menu items. The electron
 * adapter (main/shells/electron/tray.ts) only turns this model into a Tray and a Menu, so what the tray offers in
 * each state is unit-tested here.
 */

import type { VisitState } from '../../../preload/contract/index.ts';
import { LOCALES } from '../../../preload/words/index.ts';
import type { ShellWords } from '../../../preload/words/shell-words-type.ts';

/** The tray's words, in the window's language (preload/words). */
export type TrayWords = ShellWords['tray'];

/**
 * What the tray shows. `reconnecting`: the socket dropped and audio is kept and replayed. `paused` is
 * separate from `recording` because a clinician must be able to tell at a glance whether the mic is live.
 */
export type TrayState = 'idle' | 'recording' | 'paused' | 'reconnecting' | 'error';

/** Commands the tray menu can issue; main/shells/electron/ routes them to services. */
export type TrayCommand =
  'start-visit' | 'stop-visit' | 'toggle-dictation' | 'undo-dictation' | 'show-window' | 'quit';

/** Dictation as the tray follows it: running, and whether the last one can still be taken back. */
export interface TrayDictation {
  readonly active: boolean;
  readonly undoable: boolean;
}

/** One menu line. A separator has no command and no label. */
export type TrayMenuItem =
  | { readonly kind: 'status'; readonly label: string }
  | {
      readonly kind: 'command';
      readonly command: TrayCommand;
      readonly label: string;
      readonly enabled: boolean;
    }
  | { readonly kind: 'separator' };

/** Everything the adapter needs to draw the tray. */
export interface TrayModel {
  /** Icon file base name (main/shells/electron/ maps it to an image per platform). */
  readonly icon: 'tray-idle' | 'tray-recording' | 'tray-warning';
  readonly tooltip: string;
  readonly items: readonly TrayMenuItem[];
}

const PRODUCT = 'Scribe Desktop';

const ICON: Readonly<Record<TrayState, TrayModel['icon']>> = {
  idle: 'tray-idle',
  recording: 'tray-recording',
  paused: 'tray-idle',
  reconnecting: 'tray-warning',
  error: 'tray-warning',
};

/** Whether a visit is in progress in this state (recording, paused, or replaying after a drop). */
function isVisitInProgress(state: TrayState): boolean {
  return state === 'recording' || state === 'paused' || state === 'reconnecting';
}

/** The tray state for the visit state main pushes to the renderer. */
export function trayStateFromVisit(visit: Pick<VisitState, 'phase' | 'connection'>): TrayState {
  switch (visit.phase) {
    case 'failed':
      return 'error';
    case 'idle':
    case 'ended':
      return 'idle';
    case 'paused':
      return 'paused';
    case 'starting':
    case 'recording':
    case 'ending':
      return visit.connection === 'connected' ? 'recording' : 'reconnecting';
    default: {
      const unreachable: never = visit.phase;
      return unreachable;
    }
  }
}

/**
 * The model for a state. Start is offered only when no visit is in progress; End only while one is (a
 * reconnecting visit can still be ended: its audio is kept).
 */
export function trayModel(
  state: TrayState,
  dictation: TrayDictation = { active: false, undoable: false },
  w: TrayWords = LOCALES.en.shell.tray,
): TrayModel {
  const dictating = dictation.active;
  const icon = ICON[state];
  const status = w.status[state];
  const capturing = isVisitInProgress(state);
  return {
    icon,
    tooltip: w.tooltip(PRODUCT, status),
    items: [
      { kind: 'status', label: status },
      { kind: 'separator' },
      { kind: 'command', command: 'start-visit', label: w.startVisit, enabled: !capturing },
      { kind: 'command', command: 'stop-visit', label: w.endVisit, enabled: capturing },
      // Dictation and a visit never share the microphone: dictation is offered only between visits.
      {
        kind: 'command',
        command: 'toggle-dictation',
        label: dictating ? w.stopDictation : w.startDictation,
        enabled: dictating || !capturing,
      },
      // The last dictation out of the application it went into (or into the box when no longer ours).
      {
        kind: 'command',
        command: 'undo-dictation',
        label: w.undoDictation,
        enabled: dictation.undoable && !dictating,
      },
      { kind: 'separator' },
      { kind: 'command', command: 'show-window', label: w.show(PRODUCT), enabled: true },
      { kind: 'command', command: 'quit', label: w.quit, enabled: true },
    ],
  };
}
