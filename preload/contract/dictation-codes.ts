/**
 * What the dictation overlay and the dictation box say, as codes: main sends a code (and the application's
 * name where the words name it), never a sentence, and the renderer words it (preload/words). Zod-free
 * (like enums.ts) so the renderer can import it; DictationMessageSchema in dto-dictation.ts is built from it.
 */

/**
 * Where history says a dictation went when it is not an application's name: copied (the clipboard),
 * failed, or kept in the dictation box. Stored as is in the history file; the window words them.
 */
export const HISTORY_PLACES = ['copied', 'failed', 'dictation box'] as const;
export type HistoryPlace = (typeof HISTORY_PLACES)[number];

/** Why text was copied instead of typed (main/features/dictation/insertion's NotInsertedReason). */
export const NOT_INSERTED_REASONS = [
  'copy_mode',
  'password_field',
  'elevated_window',
  'secure_input',
  'no_target',
  'focus_lost',
  'insert_failed',
  'not_landed',
  'field_changed',
] as const;

/**
 * What the everyday voice commands (delete that, go to sleep …) say when they act or cannot: kept in one
 * list so their words (the `dictation` messages of preload/words/<locale>/dictation.json) can move as one block.
 */
export const COMMAND_MESSAGES = [
  'selection_deleted',
  'asleep',
  'awake',
  'not_asleep',
  /** A line break was not typed: the field is one line (Return would send it). */
  'line_break_single_line',
  /** A line break was not typed: the field cannot be read and no rule of IT allows it there. */
  'line_break_refused',
  /** Cap that, all caps that, no caps that: done, or no words to change. */
  'recased',
  'nothing_to_recase',
  /** Go to end / go to top: done, or the field cannot be read (nothing moved). */
  'caret_moved',
  'caret_unreadable',
  /** Select that with no phrase left; unselect that, done or with nothing selected by voice. */
  'nothing_to_select',
  'unselected',
  'nothing_to_unselect',
  // Selection by voice in another application's field, and "transfer text".
  /** Select ‹words› / select that: selected in the field; or the words are not in it (nothing changed). */
  'selected_in_field',
  'words_not_in_field',
  /** "Transfer text" said while dictating into another application: it moves the dictation box's text. */
  'transfer_box_only',
  /** "Make that a Text": its name is asked in the dictation box; or nothing was dictated or selected to keep. */
  'text_name_asked',
  'nothing_for_text',
  /**
   * A field command in a web browser whose fields cannot be read: said instead of field_unreadable,
   * select_unreadable and caret_unreadable, as browsers expose their fields only with the desktop's
   * accessibility on.
   */
  'browser_unreadable',
] as const;
export type CommandMessageCode = (typeof COMMAND_MESSAGES)[number];

/** What accept defaults, field complete and choose ‹item› say (main/features/dictation/commands/field-fill-commands.ts). */
export const FIELD_FILL_MESSAGES = [
  'defaults_accepted',
  'no_defaults_left',
  'field_completed',
  'item_chosen',
  /** Field complete or choose with no field selected (nor holding the caret). */
  'no_field_here',
  /** Choose: that item (or number) is not in the field's list. */
  'no_such_item',
] as const;

/** Every message the overlay or the box can show. */
export const DICTATION_MESSAGES = [
  ...NOT_INSERTED_REASONS,
  'busy',
  'corrected_in_box',
  'cancelled',
  'start_failed',
  'finish_failed',
  'reconnecting_safe',
  'reconnecting_at_risk',
  'copy_only_system',
  'nothing_dictated',
  'no_focus_box',
  'no_app_yet',
  /** The shell offers the dictation box only (the browser preview). */
  'box_only',
  'inserted',
  /** Sent, into a field that cannot be read back to check the text arrived. */
  'inserted_unchecked',
  'copied',
  'copied_may_be_kept',
  'recovered',
  /** Recovered, and it held field moves, select or stop dictating, which are never replayed. */
  'recovered_commands_left',
  // Voice commands (main/features/dictation/commands/) and undo.
  'scratched',
  'nothing_to_scratch',
  'field_selected',
  'field_none_left',
  'field_unreadable',
  'select_unreadable',
  'selected_in_box',
  'select_not_found',
  'command_failed',
  'stopping',
  'undone',
  'undo_in_box',
  'nothing_to_undo',
  'correction_flagged',
  /** Text a copy fallback left on the clipboard was cleared at its time (the box and history keep it). */
  'clipboard_cleared',
  ...COMMAND_MESSAGES,
  ...FIELD_FILL_MESSAGES,
] as const;
export type DictationMessageCode = (typeof DICTATION_MESSAGES)[number];

/** The longest dictated text may wait on the clipboard before it is cleared (dictationClipboardClearSeconds). */
export const CLIPBOARD_CLEAR_MAX_SECONDS = 3600;

/**
 * What happens to dictated text a copy fallback left on the clipboard (setting/policy
 * `dictationClipboardClearSeconds`): cleared at `at` (wall-clock ms, the renderer counts down to it),
 * `seconds` after it was copied; or cleared at `at`. Times only, never the text.
 */
export type ClipboardClearing =
  | { readonly state: 'pending'; readonly seconds: number; readonly at: number }
  | { readonly state: 'cleared'; readonly at: number };

/** A message: its code, and the application it names (a program's name, never text or a window title). */
export interface DictationMessage {
  readonly code: DictationMessageCode;
  readonly app?: string | null;
  /** The text this message is about is on the clipboard until this clearing (none: not cleared by us). */
  readonly clipboard?: ClipboardClearing;
}

/** What a field hotkey or microphone button does: a field move, or accept a Text's defaults. */
export const FIELD_BUTTONS = ['next_field', 'previous_field', 'accept_defaults'] as const;
export type FieldButton = (typeof FIELD_BUTTONS)[number];
/** What a key or microphone button asks of the dictation box the window shows: a field button, or transfer. */
export const BOX_BUTTONS = [...FIELD_BUTTONS, 'transfer'] as const;
export type BoxButton = (typeof BOX_BUTTONS)[number];

/**
 * Template blanks "next field" selects: `***`, `[ ]`, `[text]`, `{…}`, `_____` (three or more asterisks or
 * underscores). Which count is a setting and a policy key (dictationFieldMarkers).
 */
export const TEMPLATE_MARKERS = [
  'asterisks',
  'empty-brackets',
  'bracketed-text',
  'braces',
  'underscores',
] as const;
export type TemplateMarker = (typeof TEMPLATE_MARKERS)[number];

/**
 * Single-press hotkeys beside start/stop: undo last dictation, next and previous template field; keep and fix
 * the flag the overlay shows (registered only while it shows one).
 */
export const PRESS_HOTKEYS = ['undo', 'next-field', 'previous-field', 'keep-flag', 'fix-flag'] as const;
export type PressHotkey = (typeof PRESS_HOTKEYS)[number];

/** Every hotkey of Settings → Dictation, by its setting's name. */
export const HOTKEY_SETTINGS = [
  'toggleKey',
  'holdKey',
  'cancelKey',
  'undoKey',
  'nextFieldKey',
  'previousFieldKey',
  'keepFlagKey',
  'fixFlagKey',
] as const;
export type HotkeySetting = (typeof HOTKEY_SETTINGS)[number];

/**
 * The phases in which the overlay's flag can be fixed: its dictation runs and owns the text. Once it is over
 * (inserting, an outcome) the text is the application's and only Keep is offered (fix it in place).
 */
export const FLAG_FIXABLE_PHASES: readonly string[] = [
  'starting',
  'listening',
  'asleep',
  'paused',
  'reconnecting',
];

/**
 * Whether the overlay's flag offers Fix: its dictation runs (FLAG_FIXABLE_PHASES) and it has a fix (one
 * right value: main/core/checks/flag-fixes.ts). A 10× dose or sides in conflict offer Keep only.
 */
export function flagFixable(phase: string, flag: { readonly fix?: unknown } | null | undefined): boolean {
  return flag?.fix !== undefined && FLAG_FIXABLE_PHASES.includes(phase);
}
