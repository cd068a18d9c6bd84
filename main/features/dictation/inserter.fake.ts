/**
 * An Inserter that types into an in-memory field, for tests and for the browser shell without a native
 * inserter. It follows the rules the real engine follows that matter to the controller: nothing goes in
 * while the push-to-talk chord is held, and a correction after the person typed is not applied in place.
 */
import { Emitter } from '../../base/async/emitter.ts';
import type { InsertOutcome, Inserter, InsertionRun, InsertTarget } from './ports.ts';

/** The in-memory "other application". */
export class FakeInserter implements Inserter {
  /** What the field holds. */
  field = '';
  /** Every text written into the field, in order (to check nothing went in twice or while held). */
  readonly writes: string[] = [];
  target: InsertTarget | null = { appName: 'Test Editor' };
  /** Outcome to give instead of inserting (e.g. a password field). */
  refuse: InsertOutcome | null = null;
  discarded = 0;
  /** Writes (`write:…`) and what tests add (field moves), in order: a command ran between the words around it. */
  readonly events: string[] = [];

  async captureTarget(): Promise<InsertTarget | null> {
    return this.target;
  }

  async begin(target: InsertTarget | null): Promise<InsertionRun> {
    return new FakeRun(this, target);
  }

  async insertAgain(text: string): Promise<InsertOutcome> {
    if (this.refuse) return this.refuse;
    this.field += text;
    this.writes.push(text);
    return { kind: 'inserted', appName: this.target?.appName ?? 'the focused application' };
  }
}

/** One dictation typed into the fake field. */
class FakeRun implements InsertionRun {
  readonly #field: FakeInserter;
  readonly #target: InsertTarget | null;
  readonly #base: string;
  readonly #corrected = new Emitter<void>();
  #ours = '';
  #held = false;
  #between = 0;
  #typed = false;
  #pending: string | null = null;
  #done = false;

  constructor(field: FakeInserter, target: InsertTarget | null) {
    this.#field = field;
    this.#target = target;
    this.#base = field.field;
  }

  update(text: string): void {
    if (this.#held || this.#between > 0) this.#pending = text;
    else if (text !== this.#ours) this.#write(text);
  }

  setHeld(value: boolean): void {
    this.#held = value;
    this.#flush();
  }

  #flush(): void {
    if (this.#held || this.#between > 0 || this.#pending === null) return;
    this.#write(this.#pending);
    this.#pending = null;
  }

  userTyped(): void {
    this.#typed = true;
  }

  onCorrectedInBox(listener: () => void): () => void {
    return this.#corrected.on(listener);
  }

  async finish(text: string): Promise<InsertOutcome> {
    if (this.#field.refuse) return this.#field.refuse;
    if (this.#target === null) return { kind: 'box', reason: { code: 'no_focus_box' } };
    if (!this.#held && text !== this.#ours) this.#write(text);
    this.#done = true;
    return { kind: 'inserted', appName: this.#target.appName };
  }

  discard(): void {
    this.#done = true;
    this.#field.discarded += 1;
  }

  async between<T>(action: () => Promise<T>): Promise<T> {
    this.#between++;
    try {
      return await action();
    } finally {
      this.#between--;
      this.#flush();
    }
  }

  async undo(): Promise<'removed' | 'not_ours'> {
    if (this.#typed || this.#target === null || this.#field.refuse || this.#ours === '') return 'not_ours';
    if (this.#field.field !== this.#base + this.#ours) return 'not_ours';
    this.#field.field = this.#base;
    this.#ours = '';
    return 'removed';
  }

  #write(text: string): void {
    if (this.#done || this.#field.refuse || this.#target === null) return;
    if (!text.startsWith(this.#ours) && this.#typed) {
      this.#corrected.emit();
      return; // a correction we may no longer apply in place
    }
    this.#ours = text;
    this.#field.field = this.#base + this.#ours;
    this.#field.writes.push(text);
    this.#field.events.push(`write:${text}`);
  }
}
