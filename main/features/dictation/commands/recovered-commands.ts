/**
 * Voice commands in a dictation recovered from its journal (after a crash, a failure, or "send again" from
 * history): the recovered text is shaped the way `scribe dictate` prints it, by the same filter, but nothing
 * acts on another application, whose state has moved on since the words were said.
 * - scratch that / undo that / delete that, new line / new paragraph: applied to the recovered text
 *   (within it only);
 * - cap that / all caps that / no caps that: applied to the recovered text's last phrase;
 * - insert ‹name›: the clinician's Text, from the library as it is now (without one, its words stay text);
 * - accept defaults, field complete, choose ‹item›: applied to the recovered text's own fields;
 * - go to sleep … wake up: what was said between is left out, as it was when it was said;
 * - next field, previous field, select ‹words›, stop dictating: never replayed. Their words are left out of
 *   the text and they are listed once, for the caller to say so.
 * The filter is fed the recovered session's whole text after every unit, correction and rollback, so a
 * command the resend brought again after a drop, in units cut differently, is counted in the one unit it
 * stands in at the end: never twice.
 */
import type { DictationLocale } from '../../../core/api/schemas/common.ts';
import { FIELD_MOVES, READING_COMMANDS } from './caret-commands.ts';
import { CommandFilter, type HeardCommand } from './command-filter.ts';
import { fillMessage, isFieldFill } from './field-fill-commands.ts';
import type { DictationMessageCode } from '../../../../preload/contract/index.ts';
import type { DictationText } from '../ports.ts';
import { phrasesFor, type CommandKind } from '../../../../preload/contract/command-phrases.ts';

/**
 * The commands that only shape the dictated text: safe to apply to recovered text, and all that
 * `scribe dictate` does.
 */
export const TEXT_SHAPING: ReadonlySet<CommandKind> = new Set([
  'scratch',
  'delete',
  'new_line',
  'new_paragraph',
  'sleep',
  'wake',
  'cap',
  'all_caps',
  'no_caps',
  'insert_text',
  'accept_defaults',
  'field_complete',
  'choose',
]);

/**
 * In the dictation's own text (the dictation box, `scribe dictate` printing it), the selection and caret
 * commands shape it too: select ‹words›, select that, unselect that, insert before / after ‹words›, go to
 * end / top, next / previous field — the next words replace the selection or go at the caret, as in the box.
 */
export const OWN_TEXT_SHAPING: ReadonlySet<CommandKind> = new Set([
  ...TEXT_SHAPING,
  ...READING_COMMANDS,
  ...FIELD_MOVES,
]);

/** The recovered text as it is to be shown, and the commands left out (one per unit they stood in). */
export interface RecoveredText {
  readonly text: string;
  readonly notReplayed: readonly HeardCommand[];
}

/** One recovered dictation's commands; `enabled: false` (the setting or IT's policy) keeps every word. */
export class RecoveredCommands {
  readonly #enabled: boolean;
  #filter: CommandFilter | undefined;
  #locale: DictationLocale | string | undefined;
  #raw = '';

  readonly #texts: readonly DictationText[];

  /** `texts`: the clinician's Texts now ("insert ‹name›" in the recovered words inserts them). */
  constructor(options: { enabled: boolean; texts?: readonly DictationText[] }) {
    this.#enabled = options.enabled;
    this.#texts = options.texts ?? [];
  }

  /** The recovered session's whole text now, in the dictation's locale (from its journal). */
  update(raw: string, locale: DictationLocale | string): void {
    this.#filter ??= new CommandFilter({ locale, enabled: this.#enabled, texts: this.#texts });
    this.#locale = locale;
    this.#raw = raw;
    this.#filter.update(raw);
  }

  /** The final recovered text `raw` as shown (without any update, its locale is unknown: kept as is). */
  result(raw: string): RecoveredText {
    if (!this.#enabled || !this.#filter || this.#locale === undefined) return { text: raw, notReplayed: [] };
    if (raw !== this.#raw) this.update(raw, this.#locale);
    return {
      text: this.#filter.text,
      notReplayed: this.#filter.commands.filter((c) => !TEXT_SHAPING.has(c.kind)),
    };
  }
}

/**
 * What a command that could not act on the dictation's own text says (`scribe dictate`): a fill command's
 * reason, no blank left that way, or words not there; null when it acted.
 */
export function ownTextNotice(command: HeardCommand): DictationMessageCode | null {
  const { kind, filled, found } = command;
  if (isFieldFill(kind)) return filled !== undefined && filled !== 'done' ? fillMessage(kind, filled) : null;
  if (found !== false) return null;
  return FIELD_MOVES.has(kind) ? 'field_none_left' : 'words_not_in_field';
}

/** How a command is said in a dictation language (its first phrase): how the CLI names it, never by its id. */
export function spokenAs(kind: CommandKind, locale: DictationLocale | string): string {
  return phrasesFor(locale)[kind][0]!;
}
