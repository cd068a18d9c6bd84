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
  line_break_single_line: (a) =>
    `No line break: this field${w(a)} has one line, where Return would send it. A space was put instead.`,
  line_break_refused: (a) =>
    `No line break: this application's field cannot be read${w(a)}, and Return might send it. A space was put instead; IT can allow line breaks here.`,
  recased: () => 'Case changed.',
  nothing_to_recase: () => 'Nothing to change: no phrase of this dictation is left.',
  caret_moved: () => 'Moved: the next words go there.',
  caret_unreadable: (a) =>
    `Cannot move there: this application's text cannot be read${w(a)}. Nothing changed.`,
  nothing_to_select: () => 'Nothing to select: no phrase of this dictation is left.',
  unselected: () => 'Unselected: the next words go after those words.',
  nothing_to_unselect: () => 'Nothing is selected by voice: nothing changed.',
};

/** The overlay's title while asleep ("go to sleep" … "wake up"). */
export const ASLEEP_TITLE = 'Microphone asleep — say “wake up”';

/** " (App)" after a field's mention, or nothing. */
function w(app: string | null): string {
  return app ? ` (${app})` : '';
}
