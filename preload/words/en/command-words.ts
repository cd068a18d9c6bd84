/**
 * What the everyday voice commands say on the overlay and in the dictation box (English): one block, added to
 * DICTATION_TEXT, so it can move to a message catalogue as it is. The codes: COMMAND_MESSAGES in
 * preload/contract/dictation-codes.ts.
 */
import type { CommandMessageCode } from '../../contract/dictation-codes.ts';

/** The words of each command message (`app`: the application's name, or null). */
export const COMMAND_TEXT: Readonly<Record<CommandMessageCode, (app: string | null) => string>> = {
  selection_deleted: () => 'Deleted the selected words.',
  asleep: () => 'Asleep: nothing is written until you say “wake up”.',
  awake: () => 'Awake: dictating again.',
  not_asleep: () => 'Already listening: nothing to wake.',
};

/** The overlay's title while asleep ("go to sleep" … "wake up"). */
export const ASLEEP_TITLE = 'Microphone asleep — say “wake up”';
