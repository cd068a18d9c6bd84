/**
 * One dictation's text on its way from the session to the field: voice commands applied (commands/), the
 * commands heard run in order, the text and each correction checked (dictation-checks.ts: flagged, never
 * changed but by the clinician), and the result given to the insertion run and to the dictation box.
 */
import type { DictationFlag, DictationMessage } from '../../../preload/contract/index.ts';
import { CommandFilter } from './commands/command-filter.ts';
import type { TextRange } from './commands/dictated-document.ts';
import { CommandRunner } from './commands/command-runner.ts';
import { DictationChecks, type CheckSettings } from './dictation-checks.ts';
import type { DictationText, FieldButton, FieldNavigator, InsertionRun, InsertTarget } from './ports.ts';
import { LineBreakShaper } from './insertion/line-breaks.ts';
import { sayPanel } from './commands/say-panel.ts';
import type { SayPanel } from '../../../preload/contract/index.ts';
import type { TemplateMarker } from '../../../preload/contract/dictation-codes.ts';

/**
 * Whether voice commands are on, in which dictation language, the Texts "insert ‹name›" knows, and the
 * blanks "next field" counts in the dictation box.
 */
export interface CommandSettings {
  readonly enabled: boolean;
  readonly locale: string;
  readonly texts?: readonly DictationText[];
  readonly markers?: readonly TemplateMarker[];
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
  readonly live: (text: string, flags: readonly DictationFlag[], selection?: TextRange) => void;
  /** The checks found something new in the text or in a correction (shown, never acted on). */
  readonly flagged: (flags: readonly DictationFlag[]) => void;
  /** What the checks read besides the text (none: only corrections are checked, every kind). */
  readonly checks?: CheckSettings | undefined;
}

const EVERY_KIND: CheckSettings = { earlier: '', kinds: ['dose', 'sound_alike', 'side', 'negation'] };

/** The text pipeline of one dictation. */
export class DictationStream {
  readonly #o: DictationStreamOptions;
  readonly #filter: CommandFilter;
  readonly #runner: CommandRunner;
  readonly #checks: DictationChecks;
  #raw = '';
  /** The text before the clinician's fixes (voice commands and line breaks applied). */
  #filtered = '';
  #text = '';
  #asleep = false;
  /** "What can I say" open: until said again or the next utterance. */
  #panel: SayPanel | null = null;
  /**
   * A field whose line breaks are refused (insertion/line-breaks.ts: one line, or the application's rule)
   * gets a space for each: "new line" never sends a form there. Said once per break refused.
   */
  readonly #lineBreaks: LineBreakShaper;
  /**
   * For each command heard and not yet run, oldest first, the text it came after: the field gets the text up
   * to the oldest only (a caret move waits for the words before it), so words said after a command go where
   * it put the caret even when they come before it could run.
   */
  readonly #gates: string[] = [];

  constructor(options: DictationStreamOptions) {
    this.#o = options;
    // Dictating into our own box (no target): "select ‹words›" selects them in the text itself.
    this.#filter = new CommandFilter({
      ...options.commands,
      box: options.target === null,
      inField: options.target !== null,
    });
    this.#runner = new CommandRunner(options);
    this.#checks = new DictationChecks(options.checks ?? EVERY_KIND);
    const app = options.target?.appName ?? null;
    this.#lineBreaks = new LineBreakShaper(options.run.lineBreak ?? 'return', (code) =>
      options.say({ code, app }),
    );
  }

  /** The text to insert now. */
  get text(): string {
    return this.#text;
  }

  /** "Go to sleep" was said, and no "wake up" since. */
  get asleep(): boolean {
    return this.#asleep;
  }

  /** The "what can I say" panel, while open. */
  get panel(): SayPanel | null {
    return this.#panel;
  }

  /** The open flags of the checks, corrections' first. */
  get flags(): readonly DictationFlag[] {
    return this.#checks.flags;
  }

  /**
   * The clinician keeps (`keep`) or fixes (`fix`) a flag; a fixed sound-alike's suggested name goes into the
   * text as a correction would. Answers the flag, or null when no such flag is open.
   */
  resolve(id: string, how: 'keep' | 'fix'): DictationFlag | null {
    const flag = how === 'keep' ? this.#checks.keep(id) : this.#checks.fix(id);
    if (!flag) return null;
    const text = this.#checks.fixed(this.#filtered);
    if (text !== this.#text) this.#insert(text, false);
    this.#text = text;
    this.#checks.check(text);
    this.#o.live(text, this.#checks.flags);
    return flag;
  }

  /** The session's whole text changed (`rolledBack`: a drop, the replay dictates it again). */
  update(raw: string, rolledBack: boolean): void {
    const previous = this.#text;
    const correction = !rolledBack && !raw.startsWith(this.#raw);
    const utterance = !rolledBack && !correction && raw.length > this.#raw.length;
    this.#raw = raw;
    const { text: filtered, heard, selection, asleep = false } = this.#filter.update(raw);
    this.#filtered = this.#lineBreaks.shape(filtered);
    const text = this.#checks.fixed(this.#filtered);
    this.#text = text;
    this.#asleep = asleep;
    this.#insert(text, rolledBack);
    const fresh = this.#checks.check(text, correction ? previous : undefined);
    if (fresh.length > 0) this.#o.flagged(fresh);
    this.#o.live(text, this.#checks.flags, selection);
    // The next utterance closes the panel; "what can I say" opens it, or closes it when open.
    const asked = heard.some((command) => command.kind === 'what_can_i_say');
    if (utterance || asked) this.#panel = asked && !this.#panel ? this.#sayPanel(text) : null;
    for (const command of heard) this.#runner.heard(command);
    if (heard.length > 0) this.#gateUntilRun(text);
  }

  /** The insertion run gets the text, but not the words after a command still to run (`#gates`). */
  #insert(text: string, rolledBack: boolean): void {
    const gate = this.#gates[0];
    // A correction or a replay of words before the command cannot wait: then the whole text goes.
    this.#o.run.update(gate !== undefined && text.startsWith(gate) ? gate : text, rolledBack);
  }

  /** Holds the words after `before` until the command just heard has run (the runner runs them in order). */
  #gateUntilRun(before: string): void {
    this.#gates.push(before);
    void this.#runner.settled().then(() => {
      this.#gates.shift();
      this.#insert(this.#text, false);
    });
  }

  #sayPanel(text: string): SayPanel {
    const { commands, target, navigator, run } = this.#o;
    return sayPanel({
      locale: commands.locale,
      box: target === null,
      fieldText: run.fieldContext?.text,
      text,
      navigator: navigator !== undefined,
      texts: (commands.texts ?? []).map((t) => t.name),
      transfer: this.#o.transfer !== undefined,
      makeText: this.#o.makeText !== undefined,
    });
  }

  /**
   * A field move or accept defaults from a hotkey or a microphone button: queued with the voice commands,
   * run the same way (in the dictation box, on its own text, as said).
   */
  fieldButton(kind: FieldButton): Promise<void> {
    // Dictating into the box: on the dictation's own text, where the command said now would act.
    if (this.#o.target === null && this.#o.commands.enabled) {
      this.#filter.press(kind);
      this.update(this.#raw, false);
      return this.#runner.settled();
    }
    this.#runner.heard({ kind });
    this.#gateUntilRun(this.#text);
    return this.#runner.settled();
  }

  /** Every command heard has run (before the run finishes). */
  settled(): Promise<void> {
    return this.#runner.settled();
  }
}
