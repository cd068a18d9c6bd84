/**
 * The folder of journals (mode 0700): creates a journal per session with its own key in the SecretStore,
 * finds the visits a crash left unfinished, recovers what they still need, applies the retention policy and
 * shreds journals. Each has a clear-text sidecar (journal-sidecars.ts) for listing without decrypting; they
 * are listed by their files, so a lost sidecar never hides one. A journal belongs to the process that holds
 * its lock file (journal-locks.ts): never sent again or shredded by another one while that process lives.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { decodeKey, encodeKey, generateKey } from '../../base/secrets/aes-gcm.ts';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import { VisitJournal } from './journal.ts';
import { nodeJournalFs, type JournalFs } from './journal-fs.ts';
import { JournalLocks } from './journal-locks.ts';
import { readJournal, type RecoveredSession } from './journal-replay.ts';
import { writeConfigRecord } from './journal-config.ts';
import {
  JOURNAL_SUFFIX,
  journalKeyAccount as keyAccount,
  Sidecars,
  type SessionKind,
  type Sidecar,
  type RecoverableJournal,
} from './journal-sidecars.ts';
import { hasErrno, StreamingError } from '../streaming/streaming-error.ts';
import { mayOpen, ownerStamp } from './journal-owner.ts';

const DIR_MODE = 0o700; // the folder is the user's alone
const OFFER_ENDED = { offerEnded: true } as const;

export interface JournalStoreOptions {
  dir: string;
  secrets: SecretStore;
  fs?: JournalFs;
  /** Finished journals older than this are shredded by applyRetention (default 24 h). */
  retentionHours?: number;
  now?: () => number;
  /** Delay between write attempts while the disk is full. */
  retryMs?: number;
  /** How long a session's finish waits for a full disk (VisitJournal's finishTimeoutMs). */
  finishTimeoutMs?: number;
  /**
   * The app's store: a visit that ended is offered again by a later run (listEnded) until superseded, and
   * its lock is kept while this process shows it. Not the CLI's, which prints its transcript.
   */
  offerEndedVisits?: boolean;
  /** Whose new journals are (journal-owner.ts); only unowned ones and theirs are listed. None: all are. */
  owner?: () => string | undefined;
}

/** The journals folder. */
export class JournalStore {
  readonly #dir: string;
  readonly #secrets: SecretStore;
  readonly #fs: JournalFs;
  readonly #retentionMs: number;
  readonly #now: () => number;
  /** How its journals wait for a full disk. */
  readonly #writing: Pick<JournalStoreOptions, 'retryMs' | 'finishTimeoutMs'>;
  readonly #offerEnded: boolean;
  readonly #owner: (() => string | undefined) | undefined;
  /** Locks held by this process. */
  readonly #locks: JournalLocks;
  readonly #sidecars: Sidecars;
  /** Journals open in this process: never offered for recovery. */
  readonly #open = new Map<string, VisitJournal>();
  /** Open here, but their session stopped without finishing (it failed or was cancelled): offered. */
  readonly #released = new Set<string>();

  constructor(options: JournalStoreOptions) {
    this.#dir = options.dir;
    this.#secrets = options.secrets;
    this.#fs = options.fs ?? nodeJournalFs;
    this.#retentionMs = (options.retentionHours ?? 24) * 3_600_000;
    this.#now = options.now ?? Date.now;
    this.#writing = { retryMs: options.retryMs, finishTimeoutMs: options.finishTimeoutMs };
    this.#offerEnded = options.offerEndedVisits ?? false;
    this.#owner = options.owner;
    this.#sidecars = new Sidecars(this.#dir, this.#fs, this.#secrets);
    this.#locks = new JournalLocks(this.#dir);
  }

  /**
   * Creates the journal of a new session and writes its config (never a token) as the first record. Throws
   * StreamingError `disk_full` when the disk cannot take it, or the keychain's SecretStoreError; either way
   * nothing is left behind (no file, no sidecar, no key, no lock).
   */
  async create(
    session: SessionKind,
    streams: readonly string[],
    settings: Record<string, unknown>,
  ): Promise<VisitJournal> {
    const id = randomUUID();
    try {
      return await this.#create(id, session, streams, settings);
    } catch (error) {
      await this.#undoCreate(id);
      if (hasErrno(error, 'ENOSPC') || hasErrno(error, 'EDQUOT'))
        throw new StreamingError('disk_full', 'The disk is full: no journal.', { cause: error });
      throw error;
    }
  }

  async #create(
    id: string,
    session: SessionKind,
    streams: readonly string[],
    settings: Record<string, unknown>,
  ): Promise<VisitJournal> {
    await this.#fs.mkdir(this.#dir, DIR_MODE);
    await this.#locks.take(id);
    const key = generateKey();
    await this.#secrets.set(keyAccount(id), encodeKey(key));
    const now = this.#now();
    const own = ownerStamp(this.#owner);
    const offer = { ...(this.#offerEnded && session === 'transcribe' ? OFFER_ENDED : {}), ...own };
    const meta: Sidecar = { v: 1, id, session, status: 'active', createdAt: now, updatedAt: now };
    await this.#sidecars.write({ ...meta, ...offer });
    const journal = new VisitJournal(id, {
      dir: this.#dir,
      key,
      fs: this.#fs,
      ...this.#writing,
      onFinished: () => this.#finished(id, session, now, offer),
      // The session ended with its result in memory; the incomplete file on a full disk serves nothing.
      onNotKept: () => this.shred(id),
    });
    this.#open.set(id, journal);
    const config = {
      kind: 'config' as const,
      session,
      settings,
      streams: [...streams],
      createdAt: now,
      ...own,
    };
    await writeConfigRecord(journal, config);
    return journal;
  }

  /** The journal's finish record is on disk: its sidecar says so and it is no longer offered for recovery. */
  async #finished(
    id: string,
    session: SessionKind,
    createdAt: number,
    offer: Pick<Sidecar, 'offerEnded' | 'owner'>,
  ): Promise<void> {
    this.#open.delete(id);
    this.#released.delete(id);
    const updatedAt = this.#now();
    const meta: Sidecar = { v: 1, id, session, status: 'finished', createdAt, updatedAt, ...offer };
    // A sidecar still saying "active" would offer a finished visit for recovery: a journal whose end
    // cannot be recorded (a full disk) serves nothing more, and goes.
    const recorded = await this.#sidecars.write(meta).then(
      () => true,
      () => false,
    );
    // A visit to offer again stays locked while this process shows it (another instance must not offer or
    // shred it): until it is superseded (shred) or this process goes away (dispose).
    if (!recorded) await this.shred(id);
    else if (!offer.offerEnded) await this.#locks.release(id);
  }

  /** A create that failed leaves nothing: no journal file, no sidecar, no key, no lock. */
  async #undoCreate(id: string): Promise<void> {
    this.#open.delete(id);
    await this.#fs.unlink(this.#journalPath(id)).catch(() => undefined);
    await this.#fs.unlink(this.#sidecars.path(id)).catch(() => undefined);
    await this.#secrets.delete(keyAccount(id)).catch(() => undefined);
    await this.#locks.release(id);
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
    return (await this.#sidecars.list())
      .filter((m) => m.status === 'active' && (!this.#open.has(m.id) || this.#released.has(m.id)))
      .filter(mayOpen(this.#owner))
      .map((m) => ({
        id: m.id,
        session: m.session,
        createdAt: m.createdAt,
        stale: this.#now() - m.updatedAt > this.#retentionMs,
      }))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Visits that ended cleanly in an earlier run (their transcript is whole) and were neither followed by
   * another nor discarded: a quit after End must not lose the visit's words. Shredded by the next visit,
   * a discard, or retention.
   */
  async listEnded(): Promise<RecoverableJournal[]> {
    const candidates = (await this.#sidecars.list())
      .filter((m) => m.status === 'finished' && m.session === 'transcribe' && m.offerEnded === true)
      .filter(mayOpen(this.#owner))
      // Locked here (ended or restored in this process, which keeps the lock while it shows it).
      .filter((m) => !this.#locks.holds(m.id))
      .filter((m) => this.#now() - m.updatedAt <= this.#retentionMs);
    // Held by another running instance of the app, which shows it.
    const held = await Promise.all(candidates.map((m) => this.#locks.heldElsewhere(m.id)));
    return candidates
      .filter((_, i) => !held[i])
      .map((m) => ({ id: m.id, session: m.session, createdAt: m.createdAt, stale: false }))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Reads a journal back: its authenticated prefix, with `tailCut` when the rest was cut or damaged. Throws
   * `journal_missing` (no file or key) or `journal_corrupt` (not even its first record can be read).
   */
  async recover(id: string): Promise<RecoveredSession> {
    return readJournal(id, this.#journalPath(id), await this.#key(id), this.#fs);
  }

  /**
   * Whether an unfinished journal belongs to a session still running (`scribe transcribe` beside the app, or
   * a session of this process whose writes are still landing): its lock is held. Such a journal is neither
   * sent again (the same audio would go out twice) nor shredded (its session would lose it).
   */
  async inUse(id: string): Promise<boolean> {
    const own = this.#open.get(id);
    if (own) return !this.#released.has(id) || own.pendingRecords > 0;
    return this.#locks.heldElsewhere(id);
  }

  /** Takes the lock of a journal about to be sent again or shredded here; false when another process holds it. */
  claim(id: string): Promise<boolean> {
    return this.#locks.claim(id);
  }

  /** Lets go of a journal claimed here whose sending again or shredding did not happen (it stays offered). */
  async unclaim(id: string): Promise<void> {
    if (!this.#open.has(id)) await this.#locks.release(id);
  }

  /** This process is going away: writing stops and locks go, so what is unfinished is offered at once. */
  async dispose(): Promise<void> {
    for (const journal of this.#open.values()) journal.close();
    this.#open.clear();
    this.#released.clear();
    await this.#locks.releaseAll();
  }

  /** Shreds finished journals older than the retention period; unfinished ones are kept (and flagged). */
  async applyRetention(): Promise<string[]> {
    const shredded: string[] = [];
    for (const meta of await this.#sidecars.list()) {
      if (meta.status === 'finished' && this.#now() - meta.updatedAt > this.#retentionMs) {
        await this.shred(meta.id);
        shredded.push(meta.id);
      }
    }
    // A sidecar whose journal never got its first record (a crash inside create): its key goes too.
    for (const id of await this.#sidecars.orphans()) {
      if (this.#open.has(id) || (await this.#locks.locked(id))) continue;
      await this.shred(id);
      shredded.push(id);
    }
    return shredded;
  }

  /** The visit is done or discarded: overwrite the journal, unlink it, delete its key and sidecar. */
  async shred(id: string): Promise<void> {
    this.#open.get(id)?.close();
    this.#open.delete(id);
    this.#released.delete(id);
    const path = this.#journalPath(id);
    const size = (await this.#fs.stat(path).catch(() => undefined))?.size;
    if (size !== undefined) {
      await this.#fs.overwriteWithZeros(path, size);
      await this.#fs.unlink(path);
    }
    // Without the key, any copy of the file left on the disk (backups, SSD remapping) stays unreadable.
    await this.#secrets.delete(keyAccount(id));
    await this.#fs.unlink(this.#sidecars.path(id)).catch(() => undefined);
    await this.#locks.release(id);
    await this.#fs.unlink(this.#locks.path(id)).catch(() => undefined);
  }

  async #key(id: string): Promise<Buffer> {
    const text = await this.#secrets.get(keyAccount(id));
    const key = text === undefined ? undefined : decodeKey(text);
    if (!key) throw new StreamingError('journal_missing', 'The key of this journal is gone.');
    return key;
  }

  #journalPath(id: string): string {
    return join(this.#dir, `${id}${JOURNAL_SUFFIX}`);
  }
}
