/** Mic actions for the button tests: each call recorded by name, and whether a dictation runs. */
import type { MicActionsPort } from '../../../../../main/features/dictation/mic/mic-buttons.ts';

/** The actions and the calls they received, in order ('start', 'stop', 'cancel', 'transfer', 'field:next' …). */
export function recordingActions(): { actions: MicActionsPort; calls: string[] } {
  const calls: string[] = [];
  let active = false;
  const actions: MicActionsPort = {
    active: () => active,
    start: async () => ((active = true), calls.push('start')),
    stop: async () => void ((active = false), calls.push('stop')),
    cancel: async () => void calls.push('cancel'),
    transfer: async () => void calls.push('transfer'),
    moveField: async (direction) => void calls.push(`field:${direction}`),
    acceptDefaults: async () => void calls.push('accept-defaults'),
  };
  return { actions, calls };
}
