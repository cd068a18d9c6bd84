/**
 * The folder of journals (mode 0700): creates a journal per session with its own key in the SecretStore,
 * finds the visits a crash left unfinished, recovers what they still need (audio not covered by final text,
 * the final items, the committed dictation), applies the retention policy and shreds journals.
 *
 * Each journal has a small clear-text sidecar (`<id>.meta.json`, 0600) with only ids, kind, status and
 * times, so listing does not need to decrypt a visit. No patient data ever goes there.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { decodeKey, encodeKey, generateKey } from '../secrets/aes-gcm.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { FILE_MODE, VisitJournal } from './journal.ts';
import { nodeJournalFs, type JournalFs } from './journal-fs.ts';
import { readRecords, type JsonRecord } from './journal-records.ts';
import { StreamingError } from './streaming-error.ts';
import type { TranscriptItem } from './transcript.ts';

const DIR_MODE = 0o700;
const HOUR_MS = 3_600_000;

const MetaSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  session: z.enum(['transcribe', 'dictate']),
  status: z.enum(['active', 'finished']),
  createdAt: z.number(),
  updatedAt: z.number(),
});
type Meta = z.infer<typeof MetaSchema>;

/** An unfinished journal a person must decide about (resume, send again, or discard). */
export interface RecoverableJournal {
  id: string;
  session: 'transcribe' | 'dictate';
  createdAt: number;
  /** Older than the retention period: kept because it is unfinished, but worth a reminder. */
  stale: boolean;
}

/** What a crashed session still needs. */
export interface RecoveredSession {
  id: string;
  config: Extract<JsonRecord, { kind: 'config' }>;
  /** Final items received before the crash, on the session timeline. */
  finalItems: TranscriptItem[];
  /** Dictation text confirmed by the last clean END-close. */
  committedText: string;
  /** Per stream: the first chunk index not covered by final text. */
  releasedBefore: number[];
  /** Audio not covered by final text, ordered by index then stream. */
  uncovered: { stream: number; index: number; samples: Int16Array }[];
  finished: boolean;
}

export interface JournalStoreOptions {
  dir: string;
  secrets: SecretStore;
  fs?: JournalFs;
  /** Finished journals older than this are shredded by applyRetention (default 24 h). */
  retentionHours?: number;
  now?: () => number;
  /** Delay between write attempts while the disk is full. */
  retryMs?: number;
}

/** A journal written to within this long counts as in use by another process. */
export const JOURNAL_IN_USE_MS = 2_000;

/** The journals folder. */
export class JournalStore {
  readonly #dir: string;
  readonly #secrets: SecretStore;
  readonly #fs: JournalFs;
  readonly #retentionMs: number;
  readonly #now: () => number;
  readonly #retryMs: number | undefined;
  /** Journals open in this process: never offered for recovery. */
  readonly #open = new Map<string, VisitJournal>();
  /** Open here, but their session stopped without finishing (it failed or was cancelled): offered. */
  readonly #released = new Set<string>();

  constructor(options: JournalStoreOptions) {
    this.#dir = options.dir;
    this.#secrets = options.secrets;
    this.#fs = options.fs ?? nodeJournalFs;
    this.#retentionMs = (options.retentionHours ?? 24) * HOUR_MS;
    this.#now = options.now ?? Date.now;
    this.#retryMs = options.retryMs;
  }

  /** Creates the journal of a new session and writes its config (never a token) as the first record. */
  async create(
    session: Meta['session'],
    streams: readonly string[],
    settings: Record<string, unknown>,
  ): Promise<VisitJournal> {
    await this.#fs.mkdir(this.#dir, DIR_MODE);
    const id = randomUUID();
    const key = generateKey();
    await this.#secrets.set(keyAccount(id), encodeKey(key));
    const now = this.#now();
    await this.#writeMeta({ v: 1, id, session, status: 'active', createdAt: now, updatedAt: now });
    const journal = new VisitJournal(id, {
      dir: this.#dir,
      key,
      fs: this.#fs,
      retryMs: this.#retryMs,
      onFinished: async () => {
        this.#open.delete(id);
        await this.#writeMeta({
          v: 1,
          id,
          session,
          status: 'finished',
          createdAt: now,
          updatedAt: this.#now(),
        });
      },
    });
    this.#open.set(id, journal);
    await journal.appendJson({ kind: 'config', session, settings, streams: [...streams], createdAt: now });
    return journal;
  }

  /**
   * The session of this process that writes `id` stopped without finishing (it failed, or was stopped
   * before the service could be reached): its journal is offered for recovery like a crashed one. Writes
   * still queued land meanwhile (inUse() holds it back until they have); shred() still closes it.
   */
  release(id: string): void {
    if (this.#open.has(id)) this.#released.add(id);
  }

  /** Unfinished journals not open in this process (a crash or a kill left them) or released by it. */
  async listRecoverable(): Promise<RecoverableJournal[]> {
    const metas = await this.#metas();
    return metas
      .filter((m) => m.status === 'active' && (!this.#open.has(m.id) || this.#released.has(m.id)))
      .map((m) => ({
        id: m.id,
        session: m.session,
        createdAt: m.createdAt,
        stale: this.#now() - m.updatedAt > this.#retentionMs,
      }))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Reads a journal back. Throws `journal_missing` (no file or key) or `journal_corrupt` (tampered). */
  async recover(id: string): Promise<RecoveredSession> {
    const key = await this.#key(id);
    const reader = await this.#fs.openRead(this.#journalPath(id)).catch((error: unknown) => {
      throw new StreamingError('journal_missing', 'This journal no longer exists.', { cause: error });
    });
    const state: Omit<RecoveredSession, 'config'> & { config?: RecoveredSession['config'] } = {
      id,
      finalItems: [],
      committedText: '',
      releasedBefore: [],
      uncovered: [],
      finished: false,
    };
    try {
      for await (const record of readRecords(reader, key, id)) {
        switch (record.kind) {
          case 'config':
            state.config = record;
            break;
          case 'audio':
            state.uncovered.push(record);
            break;
          case 'released':
            state.releasedBefore[record.stream] = Math.max(
              state.releasedBefore[record.stream] ?? 0,
              record.before,
            );
            break;
          case 'final':
            state.finalItems.push(record.item);
            break;
          case 'text':
            state.committedText = record.committed;
            break;
          case 'finish':
            state.finished = true;
            break;
          default:
            return assertNever(record);
        }
        // Drop covered audio as we go, so recovery memory stays near the uncovered part.
        if (record.kind === 'released')
          state.uncovered = state.uncovered.filter((c) => c.index >= (state.releasedBefore[c.stream] ?? 0));
      }
    } finally {
      await reader.close();
    }
    if (!state.config) throw new StreamingError('journal_corrupt', 'The journal has no session record.');
    state.uncovered.sort((a, b) => a.index - b.index || a.stream - b.stream);
    state.config.streams.forEach((_, i) => (state.releasedBefore[i] ??= 0));
    return { ...state, config: state.config };
  }

  /** When the journal file was last written (undefined when it is gone): recent writes mean a live session. */
  async lastWrittenAt(id: string): Promise<number | undefined> {
    return this.#fs.stat(this.#journalPath(id)).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
  }

  /**
   * Whether an unfinished journal may belong to a session still running in another process (`scribe
   * transcribe` beside the app): a live session journals a chunk every 100 ms. Such a journal is neither sent
   * again (the same audio would go out twice) nor shredded (its session would lose it).
   */
  async inUse(id: string): Promise<boolean> {
    const at = await this.lastWrittenAt(id);
    // The file system's clock, not the injected one: mtimes are compared.
    return at !== undefined && Date.now() - at < JOURNAL_IN_USE_MS;
  }

  /** Shreds finished journals older than the retention period; unfinished ones are kept (and flagged). */
  async applyRetention(): Promise<string[]> {
    const shredded: string[] = [];
    for (const meta of await this.#metas()) {
      if (meta.status === 'finished' && this.#now() - meta.updatedAt > this.#retentionMs) {
        await this.shred(meta.id);
        shredded.push(meta.id);
      }
    }
    return shredded;
  }

  /** The visit is done or discarded: overwrite the journal, unlink it, delete its key and sidecar. */
  async shred(id: string): Promise<void> {
    this.#open.get(id)?.close();
    this.#open.delete(id);
    this.#released.delete(id);
    const path = this.#journalPath(id);
    const size = await this.#fs.stat(path).then(
      (s) => s.size,
      () => undefined,
    );
    if (size !== undefined) {
      await this.#fs.overwriteWithZeros(path, size);
      await this.#fs.unlink(path);
    }
    // Without the key, any copy of the file left on the disk (backups, SSD remapping) stays unreadable.
    await this.#secrets.delete(keyAccount(id));
    await this.#fs.unlink(this.#metaPath(id)).catch(() => undefined);
  }

  async #key(id: string): Promise<Buffer> {
    const text = await this.#secrets.get(keyAccount(id));
    const key = text === undefined ? undefined : decodeKey(text);
    if (!key) throw new StreamingError('journal_missing', 'The key of this journal is gone.');
    return key;
  }

  async #metas(): Promise<Meta[]> {
    const names = await this.#fs.readdir(this.#dir).catch(() => [] as string[]);
    const metas: Meta[] = [];
    for (const name of names.filter((n) => n.endsWith('.meta.json'))) {
      const raw = await this.#fs.readFile(join(this.#dir, name)).catch(() => undefined);
      if (!raw) continue;
      try {
        const parsed = MetaSchema.safeParse(JSON.parse(raw.toString('utf8')));
        if (parsed.success) metas.push(parsed.data);
      } catch {
        // An unreadable sidecar is skipped, never fatal: its journal stays on disk for a later look.
      }
    }
    return metas;
  }

  #writeMeta(meta: Meta): Promise<void> {
    return this.#fs.writeFileAtomic(this.#metaPath(meta.id), JSON.stringify(meta), FILE_MODE);
  }

  #journalPath(id: string): string {
    return join(this.#dir, `${id}.journal`);
  }

  #metaPath(id: string): string {
    return join(this.#dir, `${id}.meta.json`);
  }
}

function keyAccount(id: string): string {
  return `journal.${id}`;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled record ${(value as { kind?: unknown }).kind as string}`);
}
