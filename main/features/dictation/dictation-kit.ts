/**
 * The real parts behind the controller's ports that are not native: dictation sessions journaled like a
 * visit (so a crash mid-dictation is recoverable), and the one-microphone-user lock.
 */
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import type { DictationLocale } from '../../core/api/schemas/common.ts';
import { DictateSession } from '../../core/streaming/dictate-session.ts';
import type { JournalStore } from '../../core/journal/journal-store.ts';
import type { MicrophoneLock, OpenDictation } from './ports.ts';

/** What a dictation session is opened with (the connection of the moment). */
export interface DictationConnection {
  readonly baseUrl: URL;
  readonly tokens: AccessTokenSource;
  readonly apiVersion?: string;
}

/** Options of {@link journaledDictation}. */
export interface JournaledDictationOptions {
  readonly connection: () => DictationConnection;
  readonly journals: JournalStore | null;
  readonly locale: () => DictationLocale;
  readonly asyncCorrections?: boolean;
  /** Extra session options (tests: quick reconnects). */
  readonly session?: Partial<ConstructorParameters<typeof DictateSession>[0]>;
}

/**
 * Opens a DictateSession with its own journal. `settle` shreds the journal once the text is safe; a
 * session that never settles leaves its journal for recovery. A journal that cannot be created (no
 * keychain, full disk) does not stop dictation: only a crash would then lose its audio.
 */
export function journaledDictation(options: JournaledDictationOptions): OpenDictation {
  return async ({ context }) => {
    const locale = options.locale();
    const asyncCorrections = options.asyncCorrections ?? true;
    const store = options.journals;
    const journal = store
      ? await store
          .create('dictate', ['main'], { locale, asyncCorrections, ...(context ? { context } : {}) })
          .catch(() => null)
      : null;
    const session = new DictateSession({
      ...options.connection(),
      ...options.session,
      locale,
      asyncCorrections,
      ...(context ? { context } : {}),
      ...(journal ? { journal } : {}),
    });
    return {
      session,
      ...(journal ? { journalId: journal.id } : {}),
      settle: async () => {
        if (store && journal) await store.shred(journal.id);
      },
      keep: () => {
        // Offered for recovery in the dictation box at once, not only after a restart.
        if (store && journal) store.release(journal.id);
      },
    };
  };
}

/** The microphone lock: a visit (recording or armed) and a dictation never open it together. */
export class SharedMicrophoneLock implements MicrophoneLock {
  #dictation = false;
  readonly #visitActive: () => boolean;

  /** `visitActive` is true while a visit records or has its inputs armed. */
  constructor(visitActive: () => boolean) {
    this.#visitActive = visitActive;
  }

  holder(): 'visit' | 'dictation' | null {
    if (this.#visitActive()) return 'visit';
    return this.#dictation ? 'dictation' : null;
  }

  acquire(_owner: 'dictation'): boolean {
    if (this.holder() !== null) return false;
    this.#dictation = true;
    return true;
  }

  release(_owner: 'dictation'): void {
    this.#dictation = false;
  }
}
