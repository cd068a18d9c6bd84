/**
 * An Inserter that types into an in-memory field, for tests and for the browser shell without a native
 * inserter. It follows the rules the real engine follows that matter to the controller: nothing goes in
 * while the push-to-talk chord is held, and a correction after the person typed is not applied in place.
 */
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

  async captureTarget(): Promise<InsertTarget | null> {
    return this.target;
  }

  async begin(target: InsertTarget | null): Promise<InsertionRun> {
    const base = this.field;
    let ours = '';
    let held = false;
    let typed = false;
    let pending: string | null = null;
    let done = false;
    const corrected = new Set<() => void>();
    const write = (text: string): void => {
      if (done || this.refuse || target === null) return;
      if (!text.startsWith(ours) && typed) {
        for (const listener of corrected) listener();
        return; // a correction we may no longer apply in place
      }
      ours = text;
      this.field = base + ours;
      this.writes.push(text);
    };
    return {
      update: (text) => {
        if (held) pending = text;
        else write(text);
      },
      setHeld: (value) => {
        held = value;
        if (!held && pending !== null) write(pending);
        if (!held) pending = null;
      },
      userTyped: () => {
        typed = true;
      },
      onCorrectedInBox: (listener) => {
        corrected.add(listener);
        return () => corrected.delete(listener);
      },
      finish: async (text) => {
        if (this.refuse) return this.refuse;
        if (target === null)
          return { kind: 'box', reason: 'No application had focus: the text is in the dictation box.' };
        if (!held) write(text);
        done = true;
        return { kind: 'inserted', appName: target.appName };
      },
      discard: () => {
        done = true;
        this.discarded += 1;
      },
    };
  }

  async insertAgain(text: string): Promise<InsertOutcome> {
    if (this.refuse) return this.refuse;
    this.field += text;
    this.writes.push(text);
    return { kind: 'inserted', appName: this.target?.appName ?? 'the focused application' };
  }
}
