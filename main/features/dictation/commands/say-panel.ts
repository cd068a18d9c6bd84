/**
 * "What can I say": the panel the overlay shows (its words are the renderer's, in the window's language),
 * built from what is known when it is said: where the text goes, whether the field can be read and how many
 * Text fields are left, the clinician's Texts. It lists only the commands that can act now; the lines
 * themselves (how each is said, what it does) are the Dictation screen's (preload/words voiceCommandLines).
 */
import { phrasesFor, type CommandKind } from '../../../../preload/contract/command-phrases.ts';
import type { SayPanel } from '../../../../preload/contract/index.ts';
import { textFields } from '../../../../preload/contract/text-fields.ts';
import { FIELD_MOVES, READING_COMMANDS } from './caret-commands.ts';

/** What the panel is built from, when "what can I say" is heard. */
export interface PanelFacts {
  readonly locale: string;
  /** The text goes into our own dictation box (no other application). */
  readonly box: boolean;
  /** Another application's field as read at the dictation's start; absent: it cannot be read. */
  readonly fieldText?: string | undefined;
  /** The dictation's text so far (its Text fields count too). */
  readonly text: string;
  /** Template-field moves can be made (a navigator is there). */
  readonly navigator: boolean;
  readonly texts: readonly string[];
  readonly transfer: boolean;
  readonly makeText: boolean;
}

/** Commands that act on the text or the dictation wherever it goes. */
const ALWAYS: ReadonlySet<CommandKind> = new Set([
  'scratch',
  'delete',
  'new_line',
  'new_paragraph',
  'stop',
  'sleep',
  'cap',
  'all_caps',
  'no_caps',
  'what_can_i_say',
]);

const FILLING: ReadonlySet<CommandKind> = new Set(['accept_defaults', 'field_complete', 'choose']);

/** The panel for these facts: the commands that can act now, in the phrase table's order. */
export function sayPanel(facts: PanelFacts): SayPanel {
  const readable = facts.box || facts.fieldText !== undefined;
  const fieldsLeft = readable ? textFields(`${facts.fieldText ?? ''}\n${facts.text}`).length : null;
  const can = (kind: CommandKind): boolean => {
    if (ALWAYS.has(kind)) return true;
    if (READING_COMMANDS.has(kind)) return readable;
    if (FILLING.has(kind)) return (fieldsLeft ?? 0) > 0;
    // In the box they walk its own text's blanks (caret-commands.ts); elsewhere the navigator's field.
    if (FIELD_MOVES.has(kind)) return facts.box || facts.navigator;
    if (kind === 'insert_text') return facts.texts.length > 0;
    if (kind === 'transfer') return facts.box && facts.transfer;
    if (kind === 'make_text') return facts.makeText;
    return false; // wake: the panel is never opened asleep
  };
  return {
    locale: facts.locale,
    commands: (Object.keys(phrasesFor(facts.locale)) as CommandKind[]).filter(can),
    field: facts.box ? 'box' : readable ? 'readable' : 'unreadable',
    fieldsLeft,
    texts: [...facts.texts],
  };
}
