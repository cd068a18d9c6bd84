/** Mic actions for the button tests: each call recorded by name, and whether a dictation runs. */
import type { MicActionsPort } from '../../../../../main/features/dictation/mic/mic-buttons.ts';
import type { MicPlace } from '../../../../../preload/contract/mic-codes.ts';

const FIELD_CALLS = {
  next_field: 'field:next',
  previous_field: 'field:previous',
  accept_defaults: 'accept-defaults',
};

/**
 * The actions and the calls they received, in order ('start', 'stop', 'cancel', 'transfer', 'field:next' …);
 * `at` moves the keyboard (another application by default, or the dictation box).
 */
export function recordingActions(): { actions: MicActionsPort; calls: string[]; at: (p: MicPlace) => void } {
  const calls: string[] = [];
  let active = false;
  let place: MicPlace = 'app';
  const actions: MicActionsPort = {
    active: () => active,
    place: () => place,
    start: async () => ((active = true), calls.push('start')),
    stop: async () => void ((active = false), calls.push('stop')),
    cancel: async () => void calls.push('cancel'),
    transfer: async () => void calls.push('transfer'),
    fieldButton: async (kind) => void calls.push(FIELD_CALLS[kind]),
  };
  return { actions, calls, at: (p) => void (place = p) };
}
