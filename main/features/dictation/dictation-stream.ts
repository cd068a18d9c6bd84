/**
 * One dictation's text on its way from the session to the field: voice commands applied (commands/), the
 * commands heard run in order, corrections that change a number, unit, negation or side flagged, and the
 * result given to the insertion run and to the dictation box.
 */
import type { DictationMessage } from '../../../preload/contract/index.ts';
import { CommandFilter } from './commands/command-filter.ts';
import type { TextRange } from './commands/dictated-document.ts';
import { CommandRunner } from './commands/command-runner.ts';
import { meaningChange, type FlaggedCorrection } from './commands/meaning-check.ts';
import type { DictationText, FieldNavigator, InsertionRun, InsertTarget } from './ports.ts';
import { withoutLineBreaks } from './insertion/line-breaks.ts';

/** Whether voice commands are on, in which dictation language, and the Texts "insert ‹name›" knows. */
export interface CommandSettings {
  readonly enabled: boolean;
  readonly locale: string;
  readonly texts?: readonly DictationText[];
}

/** Options of {@link DictationStream}. */
export interface DictationStreamOptions {
  readonly run: InsertionRun;
  readonly target: InsertTarget | null;
  readonly commands: CommandSettings;
  readonly navigator?: FieldNavigator | undefined;
  readonly say: (message: DictationMessage) => void;
  readonly stop: () => void;
  /** "Transfer text": ends the dictation, then the box's text goes into the application. */
  readonly transfer?: (() => void) | undefined;
  /** "Make that a Text": its content kept, to be named in the dictation box. */
  readonly makeText?: ((content: string) => void) | undefined;
  /**
   * The text as it is to be inserted, after each change (the dictation box shows it), and in the box the
   * words "select ‹words›" chose, until the next words replace them.
   */
  readonly live: (text: string, flags: readonly FlaggedCorrection[], selection?: TextRange) => void;
  /** A correction changed what the text means. */
  readonly flagged: (flag: FlaggedCorrection) => void;
}

/** The text pipeline of one dictation. */
export class DictationStream {
  readonly #o: DictationStreamOptions;
  readonly #filter: CommandFilter;
  readonly #runner: CommandRunner;
  readonly #flags: FlaggedCorrection[] = [];
  #raw = '';
  #text = '';
  #asleep = false;
  /** Line breaks refused so far (said when one more is). */
  #refused = 0;

  constructor(options: DictationStreamOptions) {
    this.#o = options;
    // Dictating into our own box (no target): "select ‹words›" selects them in the text itself.
    this.#filter = new CommandFilter({
      ...options.commands,
      box: options.target === null,
      inField: options.target !== null,
    });
    this.#runner = new CommandRunner(options);
  }

  /** The text to insert now. */
  get text(): string {
    return this.#text;
  }

  /** "Go to sleep" was said, and no "wake up" since. */
  get asleep(): boolean {
    return this.#asleep;
  }

  /** Corrections flagged so far, in order. */
  get flags(): readonly FlaggedCorrection[] {
    return this.#flags;
  }

  /** The session's whole text changed (`rolledBack`: a drop, the replay dictates it again). */
  update(raw: string, rolledBack: boolean): void {
    const previous = this.#text;
    const correction = !rolledBack && !raw.startsWith(this.#raw);
    this.#raw = raw;
    const { text: filtered, heard, selection, asleep = false } = this.#filter.update(raw);
    const text = this.#lineBreaks(filtered);
    this.#text = text;
    this.#asleep = asleep;
    this.#o.run.update(text, rolledBack);
    if (correction) this.#check(previous, text);
    this.#o.live(text, this.#flags, selection);
    for (const command of heard) this.#runner.heard(command);
  }

  /** A field move from a hotkey or a microphone button: queued with the voice commands, run the same way. */
  moveField(direction: 'next' | 'previous'): Promise<void> {
    this.#runner.heard({ kind: direction === 'next' ? 'next_field' : 'previous_field' });
    return this.#runner.settled();
  }

  /** Every command heard has run (before the run finishes). */
  settled(): Promise<void> {
    return this.#runner.settled();
  }

  /**
   * A field whose line breaks are refused (insertion/line-breaks.ts: one line, or the application's rule)
   * gets a space for each: "new line" never sends a form there. Said once per break refused.
   */
  #lineBreaks(text: string): string {
    const policy = this.#o.run.lineBreak;
    if (policy !== 'refused-single-line' && policy !== 'refused-by-rule') return text;
    const { text: kept, refused } = withoutLineBreaks(text);
    if (refused > this.#refused)
      this.#o.say({
        code: policy === 'refused-single-line' ? 'line_break_single_line' : 'line_break_refused',
        app: this.#o.target?.appName ?? null,
      });
    this.#refused = refused;
    return kept;
  }

  #check(previous: string, text: string): void {
    const flag = meaningChange(previous, text);
    if (!flag) return;
    this.#flags.push(flag);
    this.#o.flagged(flag);
  }
}
