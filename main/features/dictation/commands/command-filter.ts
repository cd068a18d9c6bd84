/**
 * Voice commands applied to a dictation's text as it streams: the session's whole text (DICTATED_TEXT units
 * appended, ASYNC_CORRECTIONs, rollbacks after a drop) in; out, the text as it is to be inserted and the
 * commands newly heard, for the controller to run.
 *
 * Units are told apart by how the text changed: text that extends the previous text is one new unit (one
 * pause); a change of the tail (a correction) belongs to the unit it touches. Each unit is recognised on its
 * own (recognize.ts), and the text is rebuilt from the units every time, so a correction that turns a
 * command back into words (or words into a command) is followed:
 * - scratch that: the unit's earlier sentences and the last phrase still standing before it are dropped;
 *   the insertion engine then removes them from the field only while they are ours (the same rule as a
 *   correction in place), otherwise in the dictation box only;
 * - new line / new paragraph: "\n" / "\n\n" — only when the words reached us, i.e. the service did not
 *   already make the break (under EXPLICIT punctuation it does: docs/dictation-commands.md);
 * - next field, previous field, select ‹words›, stop dictating: no text; reported once, to be run.
 * A unit replayed after a network drop is the same unit again (same place): its command is not run twice.
 */
import type { DictationLocale } from '../../../core/api/schemas/common.ts';
import type { CommandKind } from './command-phrases.ts';
import { recognizeUnit, type RecognizedCommand } from './recognize.ts';

/** A command heard in the dictation, to run (or to say it could not). */
export interface HeardCommand {
  readonly kind: CommandKind;
  /** `select`: the words to select. */
  readonly words?: string;
  /** `scratch` with nothing left to remove. */
  readonly nothingToScratch?: boolean;
}

/** The text to insert, and the commands heard in this change (each once). */
export interface FilteredText {
  readonly text: string;
  readonly heard: readonly HeardCommand[];
}

interface Unit {
  raw: string;
}

const BREAKS: Partial<Record<CommandKind, string>> = { new_line: '\n', new_paragraph: '\n\n' };

/** One dictation's commands; `enabled: false` passes the text through untouched. */
export class CommandFilter {
  readonly #locale: DictationLocale | string;
  readonly #enabled: boolean;
  #units: Unit[] = [];
  /** Unit positions whose command was already reported (kept across rollbacks: a replay is not new). */
  readonly #reported = new Map<number, string>();

  constructor(options: { locale: DictationLocale | string; enabled: boolean }) {
    this.#locale = options.locale;
    this.#enabled = options.enabled;
  }

  /** The session's whole text now; returns the text to insert and the commands newly heard. */
  update(raw: string): FilteredText {
    if (!this.#enabled) return { text: raw, heard: [] };
    this.#split(raw);
    const { text, heard } = this.#render(true);
    return { text, heard };
  }

  /** The text to insert for the text seen last (no command reported again). */
  get text(): string {
    return this.#enabled ? this.#render(false).text : this.#units.map((u) => u.raw).join('');
  }

  /**
   * Every command in the text seen last, one per unit it stands in (a command a replay after a drop brought
   * again is in one unit, so it is here once), none reported.
   */
  get commands(): readonly HeardCommand[] {
    return this.#enabled ? this.#render(false).found : [];
  }

  /** Keeps the units inside the common prefix; the rest is a new unit or the tail of the one it touches. */
  #split(raw: string): void {
    let offset = 0;
    const kept: Unit[] = [];
    for (const unit of this.#units) {
      const end = offset + unit.raw.length;
      if (end <= raw.length && raw.startsWith(unit.raw, offset)) {
        kept.push(unit);
        offset = end;
        continue;
      }
      // Changed (a correction) or cut (a rollback): the unit is whatever the text now holds from its start.
      if (raw.length > offset && raw.slice(offset) !== '') kept.push({ raw: raw.slice(offset) });
      offset = raw.length;
      break;
    }
    if (offset < raw.length) kept.push({ raw: raw.slice(offset) });
    this.#units = kept;
  }

  #render(report: boolean): FilteredText & { found: HeardCommand[] } {
    const pieces: string[] = [];
    /** Indices into `pieces` of text a later "scratch that" may remove, newest last. */
    const standing: number[] = [];
    const heard: HeardCommand[] = [];
    const found: HeardCommand[] = [];
    let afterBreak = false;
    this.#units.forEach((unit, index) => {
      const command = recognizeUnit(unit.raw, this.#locale);
      if (!command) {
        pieces.push(afterBreak ? unit.raw.replace(/^[ \t]+/, '') : unit.raw);
        standing.push(pieces.length - 1);
        afterBreak = false;
        return;
      }
      const said = this.#apply(command, pieces, standing);
      afterBreak = BREAKS[command.kind] !== undefined || (afterBreak && said === '');
      found.push(this.#heard(command, said));
      if (report && this.#fresh(index, command)) heard.push(found.at(-1)!);
    });
    return { text: pieces.join(''), heard, found };
  }

  /** Applies one command to the text so far; returns the text it left (for `nothingToScratch`). */
  #apply(command: RecognizedCommand, pieces: string[], standing: number[]): string {
    const before = command.before;
    if (command.kind === 'scratch') {
      if (before.trim() !== '') return 'scratched-own-unit';
      const last = standing.pop();
      if (last === undefined) return '';
      pieces[last] = '';
      return 'scratched';
    }
    const brk = BREAKS[command.kind];
    // The unit's earlier sentences stay; a line break takes the place of the space before it.
    const kept = brk ? before.replace(/[ \t]+$/, '') : before;
    if (kept !== '') {
      pieces.push(kept);
      standing.push(pieces.length - 1);
    }
    if (brk) pieces.push(brk);
    return brk ?? '';
  }

  #fresh(index: number, command: RecognizedCommand): boolean {
    const key = `${command.kind}:${command.words ?? ''}`;
    if (this.#reported.get(index) === key) return false;
    this.#reported.set(index, key);
    return true;
  }

  #heard(command: RecognizedCommand, said: string): HeardCommand {
    return {
      kind: command.kind,
      ...(command.words !== undefined ? { words: command.words } : {}),
      ...(command.kind === 'scratch' && said === '' ? { nothingToScratch: true } : {}),
    };
  }
}
