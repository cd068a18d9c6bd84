/**
 * Dictations a crash, a forced quit or a failure left unfinished: their audio is in the journal until the
 * service turned it into text. The dictation box offers them; recovering sends the kept audio again and
 * puts the complete text in the box (never straight into another application: the person decides where).
 */
import { resendRecovered, type RecoveryConnection } from '../streaming/recovery.ts';
import type { JournalStore } from '../streaming/journal-store.ts';

/** One unfinished dictation (ids and times only). */
export interface RecoverableDictation {
  id: string;
  startedAt: number;
  stale: boolean;
}

/** Journals younger than this may still be written by a live session (another process). */
const IN_USE_MS = 2_000;

/** Lists, recovers and discards unfinished dictations. */
export class DictationRecovery {
  readonly #journals: JournalStore;
  readonly #connection: () => RecoveryConnection;
  readonly #now: () => number;

  constructor(journals: JournalStore, connection: () => RecoveryConnection, now: () => number = Date.now) {
    this.#journals = journals;
    this.#connection = connection;
    this.#now = now;
  }

  async list(): Promise<RecoverableDictation[]> {
    const all = await this.#journals.listRecoverable();
    return all
      .filter((j) => j.session === 'dictate')
      .map((j) => ({ id: j.id, startedAt: j.createdAt, stale: j.stale }));
  }

  /** Sends the kept audio again; returns the whole dictated text. The journal goes once it is back. */
  async recover(id: string): Promise<string> {
    await this.#known(id);
    const recovered = await this.#journals.recover(id);
    const result = await resendRecovered(recovered, this.#connection(), { journals: this.#journals });
    return result.kind === 'dictate' ? result.text : '';
  }

  /** Shreds one the clinician chose not to recover. */
  async forget(id: string): Promise<void> {
    await this.#known(id);
    await this.#journals.shred(id);
  }

  async #known(id: string): Promise<void> {
    const entry = (await this.list()).find((j) => j.id === id);
    if (!entry) throw new Error('unknown dictation journal');
    if (this.#now() - entry.startedAt < IN_USE_MS) throw new Error('journal may still be in use');
  }
}
