/**
 * Voice commands applied to a dictation's text as it streams: the session's whole text (DICTATED_TEXT units
 * appended, ASYNC_CORRECTIONs, rollbacks after a drop) in; out, the text as it is to be inserted and the
 * commands newly heard, for the controller to run.
 *
 * Units are told apart by how the text changed: text that extends the previous text is one new unit (one
 * pause); a change of the tail (a correction) belongs to the unit it touches. Each unit is recognised on its
 * own (recognize.ts), and the text is rebuilt from the units every time (dictated-document.ts), so a
 * correction that turns a command back into words (or words into a command) is followed:
 * - scratch that: the unit's earlier sentences and the last phrase still standing before it are dropped;
 *   the insertion engine then removes them from the field only while they are ours (the same rule as a
 *   correction in place), otherwise in the dictation box only;
 * - new line / new paragraph: "\n" / "\n\n" — only when the words reached us, i.e. the service did not
 *   already make the break (under EXPLICIT punctuation it does: docs/dictation-commands.md);
 * - select ‹words›, select that, insert before/after ‹words›, next / previous field: in the dictation box
 *   (`box`) the text's own selection or caret; elsewhere no text (the runner acts in the field, where
 *   "delete that" and the case commands said next then act too: `onSelection`);
 * - insert ‹name›: the clinician's Text of that name, in the place of the words (a phrase "scratch that"
 *   takes back); its `[fields]` are then walked by "next field";
 * - next / previous field (elsewhere), stop dictating, transfer text, make that a Text: reported once, to
 *   be run;
 * - go to sleep … wake up: the units between are left out (neither text nor commands), whatever they say.
 *
 * Once, by the speech it was said in: after a drop the session replays the dropped socket's audio from its
 * start and takes back that socket's text just before the replay's first text (a rollback event, then the
 * text: the cut is seen first), and the service may cut the replayed text into different units
 * ("Wound clean." + " Next field." may come back as one unit). DICTATED_TEXT has no audio offsets, so a
 * command is known by where its words end in the dictation's text, which the same audio gives again
 * whatever the cut: each command a rollback took back leaves a credit (its kind and words, and where it
 * ended), and a replayed command of that kind ending there (within a few words, REPLAY_SLACK) uses it up
 * instead of running again. A command said after the dropped socket's audio ends further on: it runs once.
 */
import type { DictationLocale } from '../../../core/api/schemas/common.ts';
import type { CommandKind } from '../../../../preload/contract/command-phrases.ts';
import type { FieldButton, TemplateMarker } from '../../../../preload/contract/dictation-codes.ts';
import { DictatedDocument, isRecase, type TextRange } from './dictated-document.ts';
import { recognizeUnit, type RecognizedCommand } from './recognize.ts';
import { fillInText, isFieldFill, type FillOutcome } from './field-fill-commands.ts';
import { placeInText, SELECTING } from './caret-commands.ts';
import { madeText } from './make-text.ts';
import type { HeardCommand } from './heard-command.ts';

export type { HeardCommand } from './heard-command.ts';

/** The text to insert, and the commands heard in this change (each once). */
export interface FilteredText {
  readonly text: string;
  readonly heard: readonly HeardCommand[];
  /** In the dictation box: the words "select" chose, until the next words replace them. */
  readonly selection?: TextRange;
  /** "Go to sleep" was said and no "wake up" since: nothing said is written or acted on. */
  readonly asleep?: boolean;
}

interface Unit {
  raw: string;
  /** Where the unit ends in the dictation's text. */
  end: number;
  /** The command this unit stood for when it was last reported or matched to a credit (kind:words). */
  accounted?: string;
  /** A field key or microphone button pressed here, in the dictation box (a unit of no words). */
  press?: FieldButton;
}

/** Options of {@link CommandFilter}. */
export interface CommandFilterOptions {
  readonly locale: DictationLocale | string;
  readonly enabled: boolean;
  /** The text goes to our own dictation box: "select ‹words›" selects them there. */
  readonly box?: boolean;
  /** The text goes into another application's field: accept defaults, field complete, choose act there. */
  readonly inField?: boolean;
  /** The clinician's Texts ("insert ‹name›"), read at the dictation's start. */
  readonly texts?: readonly { readonly name: string; readonly content: string }[];
  /** The blanks "next field" counts in the dictation box (the setting; every kind when not given). */
  readonly markers?: readonly TemplateMarker[];
}

/** In another application: the commands that select in the field, and those that act on that selection. */
const FIELD_SELECTING: ReadonlySet<CommandKind> = new Set(['select', 'select_that']);
const ON_SELECTION: ReadonlySet<CommandKind> = new Set(['delete', 'cap', 'all_caps', 'no_caps']);

/** The commands that take out the last phrase ("delete that": when no words are selected by voice). */
const SCRATCHING: ReadonlySet<CommandKind> = new Set(['scratch', 'delete']);

const BREAKS: Partial<Record<CommandKind, string>> = { new_line: '\n', new_paragraph: '\n\n' };

/**
 * How far (in characters) a replayed command may end from where it ended before the drop and still be that
 * command: the replay's words are the same audio's, but the service may space or punctuate them a little
 * differently. A command ending further on was said after the drop's audio.
 */
const REPLAY_SLACK = 24;

/** A command a rollback took back, waiting for the replay to bring it again. */
type Credit = { readonly key: string; readonly end: number };

/** One dictation's commands; `enabled: false` passes the text through untouched. */
export class CommandFilter {
  readonly #o: CommandFilterOptions;
  #units: Unit[] = [];
  /** Commands a rollback took back, in the order said: the replay brings them again, not to be run again. */
  #credits: Credit[] = [];
  readonly #names: readonly string[];

  constructor(options: CommandFilterOptions) {
    this.#o = options;
    this.#names = (options.texts ?? []).map((t) => t.name);
  }

  /** The session's whole text now; returns the text to insert and the commands newly heard. */
  update(raw: string): FilteredText {
    if (!this.#o.enabled) return { text: raw, heard: [] };
    this.#split(raw);
    const { found: _found, ...filtered } = this.#render(true);
    return filtered;
  }

  /**
   * A field key or microphone button pressed now, dictating into the box: it acts where the text has got to,
   * as the command said there would (the next `update` reports it). Kept through a correction of the words
   * before it; taken back with them by a rollback (a replay brings the words again, not the press).
   */
  press(kind: FieldButton): void {
    this.#units.push({ raw: '', end: this.#units.at(-1)?.end ?? 0, press: kind });
  }

  /** The text to insert for the text seen last (no command reported again). */
  get text(): string {
    return this.#o.enabled ? this.#render(false).text : this.#units.map((u) => u.raw).join('');
  }

  /**
   * Every command in the text seen last, one per unit it stands in (a command a replay after a drop brought
   * again is in one unit, so it is here once), none reported.
   */
  get commands(): readonly HeardCommand[] {
    return this.#o.enabled ? this.#render(false).found : [];
  }

  /** Keeps the units inside the common prefix; the rest is a new unit or the tail of the one it touches. */
  #split(raw: string): void {
    let offset = 0;
    const kept: Unit[] = [];
    let index = 0;
    for (; index < this.#units.length; index++) {
      const unit = this.#units[index]!;
      const end = offset + unit.raw.length;
      if (end <= raw.length && raw.startsWith(unit.raw, offset)) {
        kept.push(unit);
        offset = end;
        continue;
      }
      // Changed (a correction: the unit keeps what it stood for) or cut (a rollback).
      const corrected = raw.length > offset;
      if (corrected) kept.push({ raw: raw.slice(offset), end: raw.length, ...accounted(unit) });
      else this.#credit(unit);
      offset = raw.length;
      index++;
      if (corrected) kept.push(...this.#units.slice(index).filter((u) => u.press !== undefined));
      break;
    }
    // Units the text no longer reaches (taken back by a rollback, or merged by a correction into the one
    // before): their commands come again, in the replay or in that unit.
    for (const unit of this.#units.slice(index)) this.#credit(unit);
    if (offset < raw.length) kept.push({ raw: raw.slice(offset), end: raw.length });
    this.#units = kept;
  }

  #credit(unit: Unit): void {
    if (unit.accounted && !unit.press) this.#credits.push({ key: unit.accounted, end: unit.end });
  }

  #render(report: boolean): FilteredText & { found: HeardCommand[] } {
    const doc = new DictatedDocument();
    const heard: HeardCommand[] = [];
    const found: HeardCommand[] = [];
    let afterBreak = false;
    let asleep = false;
    let fieldSelected = false;
    let fieldWords: string | undefined; // another application: the words its selection by voice holds
    for (const unit of this.#units) {
      if (unit.press) {
        if (!asleep) this.#pressed(unit, unit.press, doc, found, report ? heard : null);
        continue;
      }
      const command = recognizeUnit(unit.raw, this.#o.locale, this.#names);
      // Asleep: nothing said is written or acted on; "wake up" is the only thing heard.
      if (asleep && command?.kind !== 'wake') continue;
      if (!command) {
        doc.insert(afterBreak ? unit.raw.replace(/^[ \t]+/, '') : unit.raw, true);
        afterBreak = false;
        fieldSelected = false;
        continue;
      }
      const woke = asleep;
      const onField: boolean =
        fieldSelected && ON_SELECTION.has(command.kind) && command.before.trim() === '';
      const made = madeText(command, doc, fieldSelected && fieldWords);
      const said = woke ? '' : onField ? 'on-selection' : this.#apply(command, doc);
      // In another application the field's selection stays through a case change, and goes with the rest.
      if (!this.#o.box)
        fieldSelected = FIELD_SELECTING.has(command.kind) || (onField && command.kind !== 'delete');
      asleep = command.kind === 'sleep';
      afterBreak = BREAKS[command.kind] !== undefined || (afterBreak && said === '');
      // "Select that" in another application: the runner finds the last phrase's words in the field.
      const last = command.kind === 'select_that' && !this.#o.box ? doc.lastPhrase() : undefined;
      if (FIELD_SELECTING.has(command.kind)) fieldWords = last ?? command.words;
      found.push(this.#heard(last === undefined ? command : { ...command, words: last }, said, woke, made));
      if (report && this.#fresh(unit, command)) heard.push(found.at(-1)!);
    }
    const selection = doc.selection;
    const extra = { ...(selection ? { selection } : {}), ...(asleep ? { asleep } : {}) };
    return { text: doc.text, heard, found, ...extra };
  }

  /** Applies one command to the text so far; returns what it did (for `nothingToScratch` and `found`). */
  #apply(command: RecognizedCommand, doc: DictatedDocument): string {
    const before = command.before;
    // "Delete that" takes out the words selected by voice; with none, it is "scratch that".
    if (command.kind === 'delete' && this.#o.box && before.trim() === '' && doc.deleteSelection())
      return 'deleted-selection';
    const placed = placeInText(command, doc, this.#o.box === true, this.#o.markers);
    if (placed !== undefined) return placed;
    if (command.kind === 'insert_text') {
      const text = this.#o.texts?.find((t) => t.name === command.words);
      doc.insert(before, true);
      // Said as a sentence of its own: a space after the words before it, as the service would put one.
      if (text) doc.insert(/(^|\s)$/.test(doc.text) ? text.content : ` ${text.content}`, true);
      return '';
    }
    if (isFieldFill(command.kind)) {
      doc.insert(before, true);
      return this.#o.inField ? '' : fillInText(command.kind, command.words ?? '', doc);
    }
    if (isRecase(command.kind)) {
      doc.insert(before, true);
      return doc.recase(command.kind) ? 'recased' : '';
    }
    if (command.kind === 'scratch' || command.kind === 'delete') {
      if (before.trim() !== '') return 'scratched-own-unit';
      return doc.scratch() ? 'scratched' : '';
    }
    const brk = BREAKS[command.kind];
    // The unit's earlier sentences stay; a line break takes the place of the space before it.
    doc.insert(brk ? before.replace(/[ \t]+$/, '') : before, true);
    if (brk) doc.insert(brk, false);
    if (command.kind === 'select' && this.#o.box) return doc.select(command.words ?? '') ? 'found' : '';
    return brk ?? '';
  }

  /** A press in the box: the blank after or before the caret selected, or the Text's fields filled. */
  #pressed(
    unit: Unit,
    kind: FieldButton,
    doc: DictatedDocument,
    found: HeardCommand[],
    heard: HeardCommand[] | null,
  ) {
    const command: HeardCommand =
      kind === 'accept_defaults'
        ? { kind, filled: fillInText(kind, '', doc) }
        : { kind, found: placeInText({ kind, before: '' }, doc, true, this.#o.markers) === 'found' };
    found.push(command);
    if (heard && this.#fresh(unit, { kind, before: '' })) heard.push(command);
  }

  /** Whether the unit's command is new: not reported before, nor the replay of one a rollback took back. */
  #fresh(unit: Unit, command: RecognizedCommand): boolean {
    const key = `${command.kind}:${command.words ?? ''}`;
    if (unit.accounted === key) return false;
    unit.accounted = key;
    const credit = this.#credits.findIndex((c) => c.key === key && unit.end <= c.end + REPLAY_SLACK);
    if (credit < 0) return true;
    // Credits said before this one are past: the replay made text of them (or lost them).
    this.#credits = this.#credits.slice(credit + 1);
    return false;
  }

  #heard(command: RecognizedCommand, said: string, woke: boolean, made: { content?: string }): HeardCommand {
    return {
      ...made,
      ...(command.kind === 'wake' && !woke ? { notAsleep: true } : {}),
      kind: command.kind,
      ...(command.words !== undefined ? { words: command.words } : {}),
      ...(SELECTING.has(command.kind) && this.#o.box ? { found: said === 'found' } : {}),
      ...(SCRATCHING.has(command.kind) && said === '' ? { nothingToScratch: true } : {}),
      ...(said === 'deleted-selection' ? { deletedSelection: true } : {}),
      ...(isRecase(command.kind) && said === '' ? { nothingToRecase: true } : {}),
      ...(isFieldFill(command.kind) && said !== '' ? { filled: said as FillOutcome } : {}),
      ...(said === 'on-selection' ? { onSelection: true } : {}),
    };
  }
}

function accounted(unit: Unit): Pick<Unit, 'accounted'> {
  return unit.accounted === undefined ? {} : { accounted: unit.accounted };
}
