/**
 * Streaming insertion: the text of a dictation goes into the application that had focus when it started,
 * as it arrives, with the service's corrections applied in place only while that is safe. Its API (what
 * the controller, the CLI and the benchmarks call) is in docs/dictation-insertion.md. How it stays
 * correct: field-shadow.ts keeps what the field was last brought to and how much before the caret is ours;
 * `update()` only records the latest text and one serial loop brings the field up to it (appends, or a
 * changed tail — a correction, "scratch that", undo — in place only while safe, else in the dictation box).
 * After a drop the replay touches nothing while it is behind. write-guard.ts re-checks the field before
 * each write (password, elevation, Secure Input, another control before a line break), checks focus
 * between typed chunks and reads the field back where it can. Any stop copies the rest to the clipboard
 * and says why ('notInserted'); the dictation text itself stays with the caller (box, history, CLI stdout).
 */
import { TypedEmitter } from '../../../base/async/typed-emitter.ts';
import type { Desktop, FieldFacts, InsertionClipboard, TargetWindow } from '../../../../native/desktop.ts';
import { planFor } from './app-rules.ts';
import { ClipboardPaster } from './clipboard-paste.ts';
import { clearCopiedLater, type ScheduledClear } from './copied-expiry.ts';
import { FieldShadow, pasteable, sentPart, type NextEdit } from './field-shadow.ts';
import { caretLength, FieldWriter, PasteNotTakenError } from './field-writer.ts';
import { clipContext, WriteGuard } from './write-guard.ts';
import {
  blockerOf,
  describeReason,
  type CorrectionSkippedReason,
  type InsertionEvents,
  type InsertionPlan,
  type InsertionResult,
  type NotInsertedReason,
  type StreamingInsertionOptions,
  type TextSource,
} from './insertion-types.ts';
import { InsertionHolds } from './insertion-holds.ts';

/** The window that has focus now, as the target of a dictation about to start. */
export async function captureTarget(desktop: Desktop): Promise<TargetWindow | undefined> {
  return desktop.activeWindow();
}

/** How long after our last key a key hook may still report it. */
const OWN_KEYS_TAIL_MS = 150;
/** How long finish() waits for a push-to-talk modifier still held (modifiers are released before keys anyway). */
const HOLD_AT_FINISH_MS = 5000;

/** One dictation's insertion into one target. */
export class StreamingInsertion extends TypedEmitter<InsertionEvents> {
  readonly #writer: FieldWriter | undefined;
  readonly #guard: WriteGuard | undefined;
  readonly #paster: ClipboardPaster;
  readonly #clipboard: InsertionClipboard;
  readonly #facts: FieldFacts;
  readonly plan: InsertionPlan;
  readonly target: TargetWindow | undefined;
  readonly #field = new FieldShadow();
  readonly #holds = new InsertionHolds(() => this.#kick());
  #stopped: NotInsertedReason | undefined;
  #cancelled = false;
  #running: Promise<void> | undefined;
  #idle: (() => void) | undefined;
  #lastKeysAt = -Infinity;
  readonly #typingObserved: boolean;
  readonly #clearCopiedAfterMs: number;
  #clear: ScheduledClear | undefined;
  readonly #unsubscribe: Array<() => void> = [];
  /** Text went where it cannot be read back. */
  #unchecked = false;

  private constructor(
    options: StreamingInsertionOptions,
    target: TargetWindow | undefined,
    facts: FieldFacts,
  ) {
    super();
    this.#clipboard = options.clipboard;
    this.#facts = facts;
    this.target = target;
    this.plan = planFor(target, options);
    this.#typingObserved = options.typingObserved ?? true;
    this.#clearCopiedAfterMs = options.clearCopiedAfterMs ?? 0;
    this.#paster = new ClipboardPaster(options.clipboard, options.desktop, options.pasteTimings);
    const blocker = blockerOf(target, facts, this.plan);
    if (target && !blocker) {
      this.#writer = new FieldWriter(options.desktop, this.#paster, target, this.plan);
      this.#guard = new WriteGuard(options.desktop, target, this.plan, facts);
    }
    if (blocker) this.#stop(blocker);
    const off = options.desktop.onForeignKey?.(() => this.noteUserTyped());
    if (off) this.#unsubscribe.push(off);
  }

  /** Captures the target (unless given) and what can be told about its field. */
  static async begin(options: StreamingInsertionOptions): Promise<StreamingInsertion> {
    const target =
      options.target === undefined ? await captureTarget(options.desktop) : (options.target ?? undefined);
    const facts = target ? await options.desktop.fieldFacts(target).catch(() => ({})) : {};
    return new StreamingInsertion(options, target, facts);
  }

  /** The field's text and selection for the CONFIG's text_field_context; undefined when unreadable. */
  get fieldContext(): FieldFacts['context'] {
    return this.#writer && this.#facts.context ? clipContext(this.#facts.context) : undefined;
  }

  /** Feeds every 'text' event of `session`; returns the unsubscribe function. */
  follow(session: TextSource): () => void {
    const off = session.on('text', ({ text, rolledBack }) => this.update(text, rolledBack));
    this.#unsubscribe.push(off);
    return off;
  }

  /** The dictation's whole text now (`rolledBack`: a drop; the replay will dictate it again). */
  update(text: string, rolledBack = false): void {
    this.#field.update(text, rolledBack);
    this.#kick();
  }

  /** Holds insertion until the returned function is called (push-to-talk modifier down). */
  hold(): () => void {
    return this.#holds.take();
  }

  /** Holds insertion until `released` settles. */
  holdUntil(released: Promise<unknown>): void {
    const release = this.hold();
    void released.then(release, release);
  }

  /** Keys of ours may still reach a key hook (sending, +150 ms): one that cannot tell them (uiohook) waits. */
  get sendingKeys(): boolean {
    return this.#running !== undefined || performance.now() - this.#lastKeysAt < OWN_KEYS_TAIL_MS;
  }

  /** The person typed or clicked (`atWordStart`: a command put the caret before a line's first word). */
  noteUserTyped(atWordStart = false): void {
    this.#field.userTyped(atWordStart);
  }

  /** Brings the field to the final text, restores the clipboard and says what happened. */
  async finish(): Promise<InsertionResult> {
    await this.#holds.released(HOLD_AT_FINISH_MS);
    this.#field.endReplay();
    this.#kick();
    await this.settled();
    await this.#paster.flush().catch(() => undefined);
    if (this.#stopped && !this.#cancelled) await this.#copyRemainder();
    this.#close();
    return {
      target: this.target,
      plan: this.plan,
      complete: this.#stopped === undefined && this.#field.correctionsInBox === 0,
      ...(this.#stopped
        ? { notInserted: this.#stopped, message: describeReason(this.#stopped, this.target?.app) }
        : {}),
      ...(this.#clear ? { clipboardClear: this.#clear } : {}),
      correctionsInPlace: this.#field.correctionsInPlace,
      correctionsInBox: this.#field.correctionsInBox,
      ...(this.#unchecked ? { unchecked: true } : {}),
    };
  }

  /** Undo, after finish(): removes the whole dictation only while all of it is ours (as a correction). */
  async removeOwn(): Promise<boolean> {
    const writer = this.#writer;
    const remove = this.#field.wholeIfOurs();
    if (!writer || this.#stopped || !remove || (await this.#inPlaceBlocker(writer, remove))) return false;
    const edit = { kind: 'replace', to: '', remove, text: '' } as const;
    this.#field.replacing(edit);
    await writer.replaceTail(remove, '');
    this.#field.replaced(edit);
    return true;
  }

  /** Stops inserting (cancel key); what is in the field stays, the clipboard is restored. */
  async cancel(): Promise<void> {
    this.#cancelled = true;
    this.#stopped ??= 'copy_mode';
    await this.settled();
    await this.#paster.flush().catch(() => undefined);
    this.#close();
  }

  #close(): void {
    for (const off of this.#unsubscribe.splice(0)) off();
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
      this.#lastKeysAt = performance.now();
      if (this.#needsWork()) this.#kick();
      else this.#idle?.();
    });
  }

  /** Resolves once the field holds the text so far (or insertion stopped). */
  settled(): Promise<void> {
    if (!this.#running && !this.#needsWork()) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.#idle;
      this.#idle = () => {
        this.#idle = previous;
        previous?.();
        resolve();
      };
      this.#kick();
    });
  }

  #needsWork(): boolean {
    return !this.#stopped && !this.#holds.held && this.#field.behind;
  }

  async #loop(): Promise<void> {
    while (this.#needsWork()) {
      try {
        await this.#step();
      } catch (error) {
        this.#stop(error instanceof PasteNotTakenError ? 'not_landed' : 'insert_failed');
      }
    }
  }

  async #step(): Promise<void> {
    const edit = this.#field.next();
    if (edit.kind === 'append') await this.#append(this.#writer!, pasteable(edit, this.plan.mode));
    else await this.#replace(this.#writer!, edit);
  }

  /** Text extending the field: focus back, the field re-checked, typed in checked chunks, read back. */
  async #append(writer: FieldWriter, edit: NextEdit & { kind: 'append' }): Promise<void> {
    const guard = this.#guard!;
    const focus = await writer.focus();
    if (focus === 'lost') return this.#stop('focus_lost');
    if (focus === 'restored') this.#field.focusRestored();
    const check = await guard.recheck(edit.text);
    if (check.blocker) return this.#stop(check.blocker);
    if (check.moved) this.#field.focusRestored();
    const lead = this.#field.untypedLead(edit.text);
    const typings = this.#field.typings;
    const shown = guard.shows(check.facts, edit.text.slice(lead));
    const sent = await writer.write(edit.text.slice(lead), (c, first) => guard.mayType(c, first), shown);
    const done = sentPart(edit, sent === 0 && lead < edit.text.length ? 0 : lead + sent);
    const wrote = done.text.slice(lead);
    // Stopped by a focus check: another control has focus now (on Windows, another window of the same
    // application reads as the target's), so reading it back would prove nothing.
    const stopped = done !== edit && guard.stoppedBy !== undefined;
    // A paste the read-back sees in the field was read: the next paste need not wait or read for it.
    const sawShown = () => this.#paster.sawShown();
    const landed = wrote && !stopped ? await guard.landed(check.facts, wrote, sawShown) : true;
    if (landed === false) return this.#stop('not_landed');
    if (landed === undefined) this.#unchecked = true;
    if (done.text) this.#field.appended(done, typings, done.text.length - wrote.length);
    if (done.text) this.emit('inserted', { chars: caretLength(done.text), corrected: false });
    if (this.#field.spaceAfter(wrote)) await writer.spaceAfterCaret();
    if (done !== edit) this.#stop(guard.stoppedBy ?? 'focus_lost');
  }

  /** A correction of the tail: in place when that is safe, otherwise in the dictation box only. */
  async #replace(writer: FieldWriter, edit: NextEdit & { kind: 'replace' }): Promise<void> {
    const check = await this.#guard!.recheck(edit.text, { context: false }); // facts only: nothing read back
    if (check.blocker) return this.#stop(check.blocker);
    const skipped = await this.#inPlaceBlocker(writer, edit.remove);
    if (skipped) {
      if (this.#field.skipped(edit)) this.emit('correctionInBox', { reason: skipped });
      return;
    }
    const written = pasteable(edit, this.plan.mode);
    this.#field.replacing(written);
    await writer.replaceTail(written.remove, written.text).catch((error: unknown) => {
      if (error instanceof PasteNotTakenError) this.#field.replaceNotTaken(written);
      throw error;
    });
    this.#field.replaced(written);
    this.emit('inserted', { chars: caretLength(written.text), corrected: true });
  }

  async #inPlaceBlocker(writer: FieldWriter, remove: number): Promise<CorrectionSkippedReason | undefined> {
    if (!this.#typingObserved) return 'typing_unobserved';
    await writer.syncInput();
    if (this.#field.typed) return 'person_typed';
    if (!this.#field.owns(remove)) return 'not_ours';
    if (!(await writer.hasFocus())) return 'focus_moved';
    return undefined;
  }

  #stop(reason: NotInsertedReason): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    this.emit('notInserted', { reason, message: describeReason(reason, this.target?.app) });
  }

  /** What the field does not have: the rest after what it holds, or everything when it diverged. */
  async #copyRemainder(): Promise<void> {
    const text = this.#field.remainder();
    if (text === '') return;
    await this.#clipboard.writeTransient(text).catch(() => undefined);
    if (this.#clearCopiedAfterMs > 0)
      this.#clear = clearCopiedLater(this.#clipboard, text, this.#clearCopiedAfterMs);
  }
}
