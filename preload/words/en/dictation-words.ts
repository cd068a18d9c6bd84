/** What the dictation overlay and the dictation box say (English); the codes are preload/contract/dictation-codes.ts. */
import type {
  DictationMessage,
  DictationMessageCode,
  TemplateMarker,
} from '../../contract/dictation-codes.ts';
import { formatsFor, timeLeft } from '../intl.ts';
import { COMMAND_TEXT } from './command-words.ts';

const f = formatsFor('en');

/** The words of each message; `where` is " (App)" or '', `app` the name or "the application". */
export const DICTATION_TEXT: Readonly<Record<DictationMessageCode, (app: string | null) => string>> = {
  copy_mode: () => 'Copied to the clipboard (copy-only mode).',
  password_field: (a) => `Not typed into a password field${where(a)}: copied to the clipboard instead.`,
  elevated_window: (a) =>
    `The window${where(a)} runs as administrator and would silently drop our keys: copied to the clipboard instead.`,
  secure_input: () => 'Secure input is on (a password prompt is open): copied to the clipboard instead.',
  no_target: () => 'No application had focus when dictation started: copied to the clipboard instead.',
  focus_lost: (a) =>
    `The window dictation started in${where(a)} could not be brought back: copied to the clipboard instead.`,
  insert_failed: (a) => `The keystrokes could not be sent${where(a)}: copied to the clipboard instead.`,
  not_landed: (a) =>
    `The text did not arrive in the field${where(a)}: it is in the dictation box and on the clipboard, to insert again.`,
  field_changed: (a) =>
    `Another field${where(a)} has the cursor now: the rest was not typed there (no Enter into another field). It is in the dictation box and on the clipboard.`,
  busy: () => 'A visit is using the microphone: end it first, or dictate into the visit.',
  corrected_in_box: () => 'Corrected in the dictation box (you typed since).',
  cancelled: () => 'Dictation cancelled.',
  start_failed: () => 'Dictation could not start here. Try again, or use the dictation box.',
  finish_failed: () =>
    'The dictation could not be finished; its audio is kept for recovery and the text so far is in the dictation box.',
  reconnecting_safe: () => 'Reconnecting — nothing is lost.',
  reconnecting_at_risk: () => 'Reconnecting — keep the app open until the text is in.',
  copy_only_system: () =>
    'Typing into other applications is not available on this system: the text was copied instead.',
  nothing_dictated: () => 'Nothing was dictated.',
  no_focus_box: () => 'No application had focus: the text is in the dictation box.',
  no_app_yet: () => 'No application to insert into yet: copy the text instead.',
  box_only: () => 'Kept in the dictation box: the browser preview does not type into other applications.',
  inserted: (a) => `Inserted into ${a ?? 'the application'}.`,
  copied: () => 'Copied.',
  copied_may_be_kept: () => 'Copied. This system may keep it in its clipboard history.',
  recovered: () => 'Recovered: insert it or copy it.',
  recovered_commands_left: () =>
    'Recovered: insert it or copy it. The field moves, selections or “stop dictating” said in it were not repeated.',
  scratched: () => 'Scratched: the last phrase is gone.',
  nothing_to_scratch: () => 'Nothing to scratch: no phrase of this dictation is left.',
  field_selected: () => 'Next words replace the selected field.',
  field_none_left: () => 'No more fields in that direction: nothing changed.',
  field_unreadable: (a) =>
    `Fields cannot be found here: this application's text cannot be read${where(a)}. Nothing changed.`,
  select_unreadable: (a) =>
    `Cannot select there: this application's text cannot be read${where(a)}. Nothing changed.`,
  selected_in_box: () => 'Selected in the dictation box.',
  select_not_found: () => 'Those words are not in the dictation box: nothing selected.',
  command_failed: () => 'That command could not run: nothing changed.',
  stopping: () => 'Stopping dictation.',
  undone: (a) => `Last dictation removed from ${a ?? 'the application'}.`,
  undo_in_box: (a) =>
    `Not removed${where(a)}: the text there changed since. The dictation is in the dictation box.`,
  nothing_to_undo: () => 'Nothing to undo.',
  correction_flagged: () => 'Check this correction: it changed a number, unit, negation or side.',
  clipboard_cleared: () =>
    'Copied dictation cleared from the clipboard (it is still in the dictation history).',
  ...COMMAND_TEXT,
};

function where(app: string | null): string {
  return app ? ` (${app})` : '';
}

/** The words a person reads for a message ('' for none, or a code a newer main knows). */
export function dictationMessageText(
  message: DictationMessage | null | undefined,
  now: number = Date.now(),
): string {
  if (!message || !Object.hasOwn(DICTATION_TEXT, message.code)) return '';
  return DICTATION_TEXT[message.code](message.app ?? null) + clipboardText(message.clipboard, now);
}

/** When the copied text leaves the clipboard (counting down to it from `now`), or when it did ('' for none). */
export function clipboardText(clipboard: DictationMessage['clipboard'], now: number = Date.now()): string {
  if (!clipboard) return '';
  if (clipboard.state === 'cleared')
    return ` The clipboard was cleared at ${f.time(new Date(clipboard.at))}.`;
  const left = timeLeft(clipboard.at, now);
  return ` The clipboard is cleared in ${f.duration(left.value, left.unit)}.`;
}

/** Template blanks, as Settings → Dictation lists them. */
export const TEMPLATE_MARKER_WORDS: Readonly<Record<TemplateMarker, string>> = {
  asterisks: 'Asterisks ***',
  'empty-brackets': 'Empty brackets [ ]',
  'bracketed-text': 'Bracketed choices [left/right]',
  braces: 'Braces {…}',
  underscores: 'Underscores _____',
};
