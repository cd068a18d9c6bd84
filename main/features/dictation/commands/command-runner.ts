/**
 * Runs the voice commands one dictation heard (command-filter.ts reports them), in the order said, each
 * between the words before it and the words after it, and says on the overlay what each did. Text commands
 * (scratch that, new line) already changed the text; here they are only said. A command that cannot run
 * says why and changes nothing.
 */
import type { DictationMessage } from '../../../../preload/contract/index.ts';
import type { CaretPlace, FieldMove, FieldNavigator, InsertionRun, InsertTarget } from '../ports.ts';
import type { HeardCommand } from './command-filter.ts';
import { isFieldCommand, runFieldCommand } from './field-commands.ts';
import { fillMessage, isFieldFill } from './field-fill-commands.ts';
import type { FieldFill } from '../../../../preload/contract/text-fields.ts';
import { isBrowser } from '../fields/browsers.ts';

/** A command that fills no Text field, makes no Text, opens no panel. */
type OtherCommand = HeardCommand & {
  readonly kind: Exclude<HeardCommand['kind'], FieldFill | 'make_text' | 'what_can_i_say'>;
};

/** What the runner acts on. */
export interface CommandRunnerOptions {
  readonly run: InsertionRun;
  /** Where the text goes: null is our own dictation box. */
  readonly target: InsertTarget | null;
  /** Template-field moves; absent: no field can be read here. */
  readonly navigator?: FieldNavigator | undefined;
  /** Shows a message on the overlay for a moment. */
  readonly say: (message: DictationMessage) => void;
  /** Ends the dictation (as the stop key would). */
  readonly stop: () => void;
  /** "Transfer text": ends the dictation, then the dictation box's text goes into the application. */
  readonly transfer?: (() => void) | undefined;
  /** "Make that a Text": its content kept, its name asked in the dictation box; absent: not here. */
  readonly makeText?: ((content: string) => void) | undefined;
}

/** What the overlay says after a template-field move. */
export const MOVE_MESSAGE: Readonly<Record<FieldMove['kind'], DictationMessage['code']>> = {
  selected: 'field_selected',
  none_left: 'field_none_left',
  unreadable: 'field_unreadable',
};

/** What a command says where the field cannot be read. */
const UNREADABLE: ReadonlySet<DictationMessage['code']> = new Set([
  'field_unreadable',
  'select_unreadable',
  'caret_unreadable',
]);

/** In the box the commands already acted on the text (command-filter.ts): said, found or not. */
const BOX_SAYS = {
  select: ['selected_in_box', 'select_not_found'],
  select_that: ['selected_in_box', 'nothing_to_select'],
  unselect: ['unselected', 'nothing_to_unselect'],
  insert_before: ['caret_moved', 'select_not_found'],
  insert_after: ['caret_moved', 'select_not_found'],
} as const;

/** One dictation's commands, run in order. */
export class CommandRunner {
  readonly #o: CommandRunnerOptions;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: CommandRunnerOptions) {
    this.#o = options;
  }

  /** Queues a command heard; commands run one after the other. */
  heard(command: HeardCommand): void {
    // In another application, selection by voice goes through the field readers (field-commands.ts).
    const field = this.#o.target !== null && isFieldCommand(command);
    const say = (code: DictationMessage['code']) => this.#say(code);
    this.#queue = this.#queue
      .then(() =>
        field ? runFieldCommand(command, this.#o.run, this.#o.navigator, say) : this.#dispatch(command),
      )
      .catch(() => this.#say('command_failed'));
  }

  /** Resolves once every command heard so far has run. */
  settled(): Promise<void> {
    return this.#queue;
  }

  /** "Make that a Text", "what can I say", a command filling a Text's fields (field-fill-commands.ts), or one of the others. */
  #dispatch(command: HeardCommand): Promise<void> {
    if (command.kind === 'make_text') return Promise.resolve(this.#makeText(command.content ?? ''));
    // "What can I say": the panel is the stream's (dictation-stream.ts); nothing to run or say here.
    if (command.kind === 'what_can_i_say') return Promise.resolve();
    return isFieldFill(command.kind) ? this.#fill(command.kind, command) : this.#run(command as OtherCommand);
  }

  async #run(command: OtherCommand): Promise<void> {
    switch (command.kind) {
      case 'scratch':
      case 'delete':
        if (command.deletedSelection) return this.#say('selection_deleted');
        return this.#say(command.nothingToScratch ? 'nothing_to_scratch' : 'scratched');
      case 'new_line':
      case 'new_paragraph':
      case 'insert_text':
        return; // the break or the Text is in the text; seeing it land is enough
      case 'next_field':
      case 'previous_field':
        return this.#field(command.kind, command.found);
      case 'select':
      case 'select_that':
      case 'unselect':
      case 'insert_before':
      case 'insert_after':
        return this.#say(BOX_SAYS[command.kind][command.found ? 0 : 1]);
      case 'cap':
      case 'all_caps':
      case 'no_caps':
        return this.#say(command.nothingToRecase ? 'nothing_to_recase' : 'recased');
      case 'transfer':
        return this.#transfer();
      case 'go_end':
      case 'go_top':
        return this.#caretTo(command.kind === 'go_end' ? 'end' : 'top');
      case 'sleep':
      case 'wake':
        return this.#say(command.kind === 'sleep' ? 'asleep' : command.notAsleep ? 'not_asleep' : 'awake');
      case 'stop':
        this.#say('stopping');
        return this.#o.stop();
      default: {
        const unknown: never = command.kind;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  }

  /** Only from the dictation box: ends the dictation, then its text goes into the application. */
  #transfer(): void {
    if (this.#o.target !== null || !this.#o.transfer) return this.#say('transfer_box_only');
    this.#o.transfer();
  }

  /** The content kept for a new Text, named in the box (nothing there: said, nothing kept). */
  #makeText(content: string): void {
    if (content === '') return this.#say('nothing_for_text');
    if (!this.#o.makeText) return this.#say('command_failed');
    this.#o.makeText(content);
    this.#say('text_name_asked');
  }

  /**
   * Said into the dictation box, the text's own blank is selected already (caret-commands.ts: `found`); a
   * hotkey or microphone button (nothing looked at the text) moves the focused field's.
   */
  #field(kind: 'next_field' | 'previous_field', found: boolean | undefined): Promise<void> {
    if (this.#o.target === null && found !== undefined)
      return Promise.resolve(this.#say(found ? 'field_selected' : 'field_none_left'));
    return this.#move(kind === 'next_field' ? 'next' : 'previous');
  }

  async #move(direction: 'next' | 'previous'): Promise<void> {
    const navigator = this.#o.navigator;
    if (!navigator) return this.#say('field_unreadable');
    const move = await this.#o.run.between(() => navigator.move(direction));
    // The caret moved: what is before it now is not our dictation (no correction or scratch reaches back).
    if (move.kind === 'selected') this.#o.run.userTyped();
    this.#say(MOVE_MESSAGE[move.kind]);
  }

  /** The caret to the field's end or start, between the words before and after; in the box it moved already. */
  async #caretTo(where: CaretPlace): Promise<void> {
    if (this.#o.target === null) return this.#say('caret_moved');
    const navigator = this.#o.navigator;
    if (!navigator?.caretTo) return this.#say('caret_unreadable');
    const run = this.#o.run;
    const moved = await run.between(() => navigator.caretTo!(where));
    if (moved === 'unreadable') return this.#say('caret_unreadable');
    // The caret moved: what is before it now is not our dictation (no correction or scratch reaches back).
    // Before the field's first word the next words go in without their leading space, one after them.
    if (moved === 'at_word_start') (run.caretAtWordStart ?? run.userTyped).call(run);
    else run.userTyped();
    this.#say('caret_moved');
  }

  /** A Text's fields filled: in the box the text has it already; elsewhere in the field, where readable. */
  async #fill(kind: FieldFill, command: HeardCommand): Promise<void> {
    if (this.#o.target === null) return this.#say(fillMessage(kind, command.filled ?? 'none_left'));
    const navigator = this.#o.navigator;
    if (!navigator?.fill) return this.#say('field_unreadable');
    const outcome = await this.#o.run.between(() => navigator.fill!(kind, command.words ?? ''));
    // The field changed under the caret: what is before it now is not our dictation (as after a move).
    if (outcome === 'done') this.#o.run.userTyped();
    this.#say(fillMessage(kind, outcome));
  }

  #say(code: DictationMessage['code']): void {
    const app = this.#o.target?.appName ?? null;
    // A browser's fields are unreadable until the desktop's accessibility is on: said in those words.
    if (UNREADABLE.has(code) && isBrowser(app)) code = 'browser_unreadable';
    this.#o.say({ code, app });
  }
}
