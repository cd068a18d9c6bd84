/**
 * The inserter of a shell that offers the dictation box only (the browser preview: no key hook, no desktop
 * layer, and a page that cannot type into other applications). Text stays in the box, as it came, with its
 * corrections; nothing is copied by itself (the preview's clipboard tool is not transient, so a dictation
 * would land in clipboard history): Copy in the box does that when the person asks.
 */
import type { InsertOutcome, Inserter, InsertionRun, InsertTarget } from './ports.ts';
import { runThatEndsWith } from './clipboard-inserter.ts';

/** Box-only insertion. */
export class BoxInserter implements Inserter {
  async captureTarget(): Promise<InsertTarget | null> {
    return null;
  }

  async begin(): Promise<InsertionRun> {
    return runThatEndsWith((text) => this.insertAgain(text));
  }

  async insertAgain(text: string): Promise<InsertOutcome> {
    return { kind: 'box', reason: { code: text === '' ? 'nothing_dictated' : 'box_only' } };
  }
}
