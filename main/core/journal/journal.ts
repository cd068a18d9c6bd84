/**
 * The on-disk journal of one visit or dictation: append-only, every record AES-256-GCM sealed with a key
 * of its own kept in the SecretStore (journal-records.ts). Audio is written as it is sent, acks and
 * final text are written as checkpoints, so after a crash the visit can be recovered (journal-store.ts).
 *
 * Records are written in the order they were appended (one queue, sequence numbers bound into each seal),
 * so what is on disk after a crash is always a prefix of what was appended: a checkpoint that covers a
 * chunk is never on disk without the chunk. Audio is sealed and written on the caller's turn while the disk
 * keeps up (`#writeInline`), else through the thread pool, what queues meanwhile in one write; other
 * records on the next turn.
 *
 * A full disk never loses audio: the write queue stops, the session is told (`disk_full`), the records wait
 * in memory and are retried until they fit; the torn tail of the failed write is cut off first. Audio whose
 * final text has arrived leaves the queue unwritten meanwhile, and finish() waits for the disk only so long:
 * a full disk never keeps a visit from ending.
 *
 * Durability: written records survive a crash of the process; they reach the device (fsync) at most a
 * second after they were written, and at finish (journal-sync.ts). The queue: journal-queue.ts.
 */
import { join } from 'node:path';
import { Emitter } from '../../base/async/emitter.ts';
import { withTimeout } from '../../base/async/timeout.ts';
import { hasErrno, StreamingError } from '../streaming/streaming-error.ts';
import type { JournalFs } from './journal-fs.ts';
import { RecordQueue, type Pending } from './journal-queue.ts';
import { JournalAudioReader } from './journal-reader.ts';
import type { JsonRecord } from './journal-records.ts';
import { JournalSync } from './journal-sync.ts';
import type { JournalCheckpoint, JournalStatus, SessionJournal } from '../streaming/session-journal.ts';

/** A write on the main thread that takes longer than this is a stall: later ones go to the thread pool. */
const INLINE_WRITE_STALL_MS = 50;

/** File mode of journal files. */
export const FILE_MODE = 0o600;

export interface VisitJournalOptions {
  dir: string;
  key: Buffer;
  fs: JournalFs;
  /** Delay between write attempts while the disk is full. */
  retryMs?: number;
  /** How long finish() waits for a full disk before the visit ends without its journal (default 3 s). */
  finishTimeoutMs?: number;
  /** The finish record is on disk. */
  onFinished?: () => Promise<void>;
  /** finish() gave up on a full disk: the file holds an incomplete prefix the session no longer needs. */
  onNotKept?: () => Promise<void>;
}

/** The journal of one session, open for appending. */
export class VisitJournal implements SessionJournal {
  readonly path: string;
  readonly #fs: JournalFs;
  readonly #retryMs: number;
  readonly #finishTimeoutMs: number;
  readonly #queue: RecordQueue;
  readonly #sync: JournalSync;
  readonly #audio: JournalAudioReader;
  /** Per stream, the release point of the last `released` record queued: audio before it needs no disk. */
  readonly #releasedBefore: number[] = [];
  readonly #statusChanged = new Emitter<{ status: JournalStatus; error?: unknown }>();
  readonly #onFinished: (() => Promise<void>) | undefined;
  readonly #onNotKept: (() => Promise<void>) | undefined;
  /** Bytes on disk. */
  #size = 0;
  #writing = false;
  #drainDue = false;
  #status: JournalStatus = 'ok';
  #retryTimer: NodeJS.Timeout | undefined;
  #closed = false;
  /** finish() has begun: every queued audio record is released and needs no disk. */
  #finishing = false;
  #notKept = false;
  /** A write on this thread took longer than INLINE_WRITE_STALL_MS: the rest go through the thread pool. */
  #inlineStalled = false;

  constructor(
    readonly id: string,
    options: VisitJournalOptions,
  ) {
    this.path = join(options.dir, `${id}.journal`);
    this.#fs = options.fs;
    this.#retryMs = options.retryMs ?? 2_000;
    this.#finishTimeoutMs = options.finishTimeoutMs ?? 3_000;
    this.#onFinished = options.onFinished;
    this.#onNotKept = options.onNotKept;
    this.#queue = new RecordQueue(options.key, id);
    this.#sync = new JournalSync(options.fs, this.path);
    this.#audio = new JournalAudioReader(options.fs, this.path, options.key, id);
  }

  get status(): JournalStatus {
    return this.#status;
  }

  /** Audio never reached the disk (dropped once transcribed, or finish gave up on a full disk). */
  get notKept(): boolean {
    return this.#notKept;
  }

  get writable(): boolean {
    return this.#status === 'ok';
  }

  /** Records waiting in memory for the disk. */
  get pendingRecords(): number {
    return this.#queue.length;
  }

  onStatus(listener: (status: JournalStatus, error?: unknown) => void): () => void {
    return this.#statusChanged.on(({ status, error }) => listener(status, error));
  }

  /**
   * Takes its place in the file order at once, before any checkpoint covering it; written at once while the
   * disk keeps up (KeptAudio sends the chunk once this resolves, and hands over its own copy of `samples`).
   * While the disk is full, a chunk whose final text has arrived leaves the queue unwritten (resolved).
   */
  appendAudio(stream: number, index: number, samples: Int16Array): Promise<void> {
    // Checked here, not when sealing: a record that cannot be sealed would leave a gap in the sequence.
    if (!Number.isInteger(stream) || stream < 0 || stream > 0xff || !Number.isInteger(index) || index < 0)
      return Promise.reject(new RangeError('Audio chunk position out of range.'));
    return this.#enqueue({ audio: { stream, index, samples } });
  }

  /** Writes a JSON record (config, checkpoint, finish). */
  appendJson(record: JsonRecord): Promise<void> {
    if (record.kind === 'released')
      this.#releasedBefore[record.stream] = Math.max(this.#releasedBefore[record.stream] ?? 0, record.before);
    return this.#enqueue({ json: record });
  }

  checkpoint(checkpoint: JournalCheckpoint): void {
    // Failures surface through the status; a checkpoint that never lands only means more is replayed.
    this.appendJson(checkpoint).catch(() => undefined);
    if (checkpoint.kind === 'released' && this.#status !== 'ok') this.#dropUnneeded();
  }

  /**
   * Marks the session finished (every chunk is covered by final text); the store then stops offering it for
   * recovery. Bounded: on a disk still full after `finishTimeoutMs` the journal is given up (onNotKept) and
   * this rejects with `disk_full`; the session's result is complete in memory all the same.
   */
  async finish(): Promise<void> {
    this.#finishing = true;
    this.#dropUnneeded();
    const written = this.appendJson({ kind: 'finish' });
    // Only small records are left: try the full disk again at once rather than at the next retry.
    if (this.#status === 'disk_full') {
      clearTimeout(this.#retryTimer);
      void this.#drain(true);
    }
    const outcome = await withTimeout(
      written.then(() => 'written' as const),
      this.#finishTimeoutMs,
      'timeout' as const,
    );
    if (outcome === 'timeout') {
      this.#notKept = true;
      this.close();
      await this.#onNotKept?.().catch(() => undefined);
      throw new StreamingError('disk_full', 'The disk is full: the audio could not be kept on disk.');
    }
    await this.#sync.flush();
    this.#closed = true;
    await this.#fs.release?.(this.path);
    await this.#onFinished?.();
  }

  /** Reads a written chunk back (a replay of audio no longer in memory). */
  readAudio(stream: number, index: number): Promise<Int16Array> {
    return this.#audio.read(stream, index);
  }

  /** Stops retrying (the store shreds the file next). Pending writes are rejected. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    this.#sync.stop();
    void this.#fs.release?.(this.path);
    this.#queue.rejectAll(() => new StreamingError('journal_failed', 'The journal was closed.'));
  }

  #enqueue(record: Pick<Pending, 'json' | 'audio'>): Promise<void> {
    if (this.#status === 'failed')
      return Promise.reject(new StreamingError('journal_failed', 'The journal cannot be written.'));
    // After finish or close (shredding) nothing may reopen the file: it would come back without its key.
    if (this.#closed) return Promise.reject(new StreamingError('journal_failed', 'The journal was closed.'));
    const written = this.#queue.push(record);
    // Audio on this turn while the disk keeps up: no event-loop turn between capture and send.
    if (record.audio && this.#fs.appendFileSync && !this.#inlineStalled) void this.#drain();
    else this.#scheduleDrain();
    return written;
  }

  /**
   * While the disk cannot take them, queued audio records covered by final text leave the queue (they are
   * needed by no replay and no recovery); so do all of them once the session finishes.
   */
  #dropUnneeded(): void {
    if (this.#writing) return; // the writer calls this again when its write is done
    const unneeded = (audio: { stream: number; index: number }): boolean =>
      this.#finishing || audio.index < (this.#releasedBefore[audio.stream] ?? 0);
    if (this.#queue.dropAudio(unneeded)) this.#notKept = true;
  }

  /** Starts the writer on the next turn unless it runs or is due already: what queues meanwhile shares it. */
  #scheduleDrain(): void {
    if (this.#writing || this.#drainDue) return;
    this.#drainDue = true;
    setImmediate(() => {
      this.#drainDue = false;
      void this.#drain();
    });
  }

  /** Writes queued records in order; `retry` lets a disk-full journal try again. */
  async #drain(retry = false): Promise<void> {
    if (this.#writing || this.#status === 'failed' || (this.#status === 'disk_full' && !retry)) return;
    if (this.#status !== 'ok' || this.#finishing) this.#dropUnneeded();
    this.#writing = true;
    try {
      while (this.#queue.length > 0 && (this.#status as JournalStatus) !== 'failed' && !this.#closed) {
        let next: { batch: Pending[]; bytes: Buffer };
        try {
          next = this.#queue.nextBatch();
        } catch (error) {
          // Not expected (positions are checked on the way in); without this record the file would break.
          this.#fail(error);
          return;
        }
        const { batch, bytes } = next;
        try {
          if (!this.#writeInline(bytes)) await this.#fs.appendFile(this.path, bytes, FILE_MODE);
        } catch (error) {
          await this.#onWriteError(error);
          return;
        }
        this.#wrote(batch);
        if (this.#status === 'disk_full') this.#setStatus('ok');
        for (const pending of batch) pending.resolve();
      }
    } finally {
      this.#writing = false;
      if (this.#status === 'disk_full' || this.#finishing) this.#dropUnneeded();
    }
  }

  /**
   * Writes on this thread when it can (one hop to the thread pool and one wake-up less per chunk); a write
   * that stalled sends the journal's later writes through the thread pool, so a slow disk stalls nothing.
   */
  #writeInline(bytes: Buffer): boolean {
    if (this.#inlineStalled) return false;
    const started = performance.now();
    if (!this.#fs.appendFileSync?.(this.path, bytes)) return false;
    this.#inlineStalled = performance.now() - started > INLINE_WRITE_STALL_MS;
    return true;
  }

  #wrote(batch: Pending[]): void {
    let position = this.#size;
    for (const pending of batch) {
      if (pending.audio) this.#audio.wrote(pending.audio.stream, pending.audio.index, position, pending.seq!);
      position += pending.bytes!.length;
      // What is on disk no longer needs its samples here (KeptAudio keeps its own reference while needed).
      pending.audio = undefined;
    }
    this.#size = position;
    this.#queue.written(batch);
    this.#sync.wrote();
  }

  async #onWriteError(error: unknown): Promise<void> {
    // Part of the batch may have reached the disk: cut it off so the next write starts on a record boundary.
    await this.#fs.truncate(this.path, this.#size).catch(() => undefined);
    if (hasErrno(error, 'ENOSPC') || hasErrno(error, 'EDQUOT')) {
      this.#setStatus('disk_full', error);
      if (!this.#closed) this.#retryTimer = setTimeout(() => void this.#drain(true), this.#retryMs);
      return;
    }
    this.#fail(error);
  }

  #fail(error: unknown): void {
    this.#setStatus('failed', error);
    this.#queue.rejectAll(
      () => new StreamingError('journal_failed', 'The journal cannot be written.', { cause: error }),
    );
  }

  #setStatus(status: JournalStatus, error?: unknown): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#statusChanged.emit({ status, error });
  }
}
