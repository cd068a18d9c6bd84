/**
 * The on-disk journal of one visit or dictation: append-only, every record AES-256-GCM sealed with a key
 * of its own kept in the SecretStore (journal-records.ts). Audio is written as it is sent, acks and
 * final text are written as checkpoints, so after a crash the visit can be recovered (journal-store.ts).
 *
 * Records are written in the order they were appended (one queue, sequence numbers bound into each seal),
 * so what is on disk after a crash is always a prefix of what was appended: a checkpoint that covers a
 * chunk is never on disk without the chunk. Audio takes its place in that order at once but is sealed and
 * written on the next turn of the event loop, after the chunk went to the socket, and everything queued
 * while a write is in flight goes out in the next single write, through one append handle per journal.
 *
 * A full disk never loses audio: the write queue stops, the session is told (`disk_full`), the records wait
 * in memory and are retried until they fit; the torn tail of the failed write is cut off first. Audio whose
 * final text has arrived leaves the queue unwritten meanwhile, and finish() waits for the disk only so long:
 * a full disk never keeps a visit from ending.
 *
 * Durability: appends are flushed to the device (fsync) at checkpoints, at most a second after they were
 * written, and at finish.
 */
import { join } from 'node:path';
import { Emitter } from '../events/emitter.ts';
import { withTimeout } from '../events/timeout.ts';
import { hasErrno, StreamingError } from './streaming-error.ts';
import { ChunkIndex } from './chunk-index.ts';
import type { JournalFs } from './journal-fs.ts';
import { openRecord, readRecordAt, sealAudio, sealJson, type JsonRecord } from './journal-records.ts';
import type { JournalCheckpoint, JournalStatus, SessionJournal } from './session-journal.ts';

/** File mode of journal files. */
export const FILE_MODE = 0o600;
/** Records written in one append at most. */
const BATCH = 64;
/** Appends are flushed to the device (fsync) at most this often, and at the latest this long after a write. */
const SYNC_INTERVAL_MS = 1_000;

interface Pending {
  /** The record; it is sealed (and gets its sequence number) when the writer reaches it. */
  json?: JsonRecord;
  audio?: { stream: number; index: number; samples: Int16Array };
  bytes?: Buffer;
  seq?: number;
  resolve(): void;
  reject(error: unknown): void;
}

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
  readonly #key: Buffer;
  readonly #fs: JournalFs;
  readonly #retryMs: number;
  readonly #finishTimeoutMs: number;
  readonly #queue: Pending[] = [];
  readonly #chunks: ChunkIndex[] = [];
  /** Per stream, the release point of the last `released` record queued: audio before it needs no disk. */
  readonly #releasedBefore: number[] = [];
  readonly #statusChanged = new Emitter<{ status: JournalStatus; error?: unknown }>();
  readonly #onFinished: (() => Promise<void>) | undefined;
  readonly #onNotKept: (() => Promise<void>) | undefined;
  /** Sequence number of the next record sealed (= records sealed so far, written or at the queue's head). */
  #seq = 0;
  /** Records on disk. */
  #written = 0;
  #size = 0;
  #writing = false;
  #drainDue = false;
  #status: JournalStatus = 'ok';
  #retryTimer: NodeJS.Timeout | undefined;
  #closed = false;
  /** finish() has begun: every queued audio record is released and needs no disk. */
  #finishing = false;
  #notKept = false;
  #lastSyncAt = performance.now();
  #syncTimer: NodeJS.Timeout | undefined;
  #unsynced = false;

  constructor(
    readonly id: string,
    options: VisitJournalOptions,
  ) {
    this.path = join(options.dir, `${id}.journal`);
    this.#key = options.key;
    this.#fs = options.fs;
    this.#retryMs = options.retryMs ?? 2_000;
    this.#finishTimeoutMs = options.finishTimeoutMs ?? 3_000;
    this.#onFinished = options.onFinished;
    this.#onNotKept = options.onNotKept;
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
   * Takes its place in the file order at once, so every checkpoint that covers this chunk is written after
   * it; sealing and writing happen on the next turn (KeptAudio sends the chunk once this resolves). `samples` must not change afterwards
   * (KeptAudio hands over its own copy). While the disk is full, a chunk whose final text has arrived leaves
   * the queue unwritten (its promise resolves: it needs no disk any more).
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
    clearTimeout(this.#syncTimer);
    await this.#sync();
    this.#closed = true;
    await this.#fs.release?.(this.path);
    await this.#onFinished?.();
  }

  async readAudio(stream: number, index: number): Promise<Int16Array> {
    const at = this.#chunks[stream]?.get(index);
    if (!at)
      throw new StreamingError(
        'journal_missing',
        `Chunk ${index} of stream ${stream} is not in the journal.`,
      );
    const reader = await this.#fs.openRead(this.path);
    try {
      const record = await readRecordAt(reader, at.position);
      if (!record) throw new StreamingError('journal_corrupt', 'A journaled chunk is cut short.');
      const opened = openRecord(this.#key, this.id, at.seq, record.sealed);
      if (opened.kind !== 'audio' || opened.stream !== stream || opened.index !== index) {
        throw new StreamingError('journal_corrupt', 'A journaled chunk is not where it was written.');
      }
      return opened.samples;
    } finally {
      await reader.close();
    }
  }

  /** Stops retrying (the store shreds the file next). Pending writes are rejected. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#syncTimer);
    void this.#fs.release?.(this.path);
    for (const pending of this.#queue.splice(0))
      pending.reject(new StreamingError('journal_failed', 'The journal was closed.'));
  }

  #enqueue(record: Pick<Pending, 'json' | 'audio'>): Promise<void> {
    if (this.#status === 'failed')
      return Promise.reject(new StreamingError('journal_failed', 'The journal cannot be written.'));
    // After finish or close (shredding) nothing may reopen the file: it would come back without its key.
    if (this.#closed) return Promise.reject(new StreamingError('journal_failed', 'The journal was closed.'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ ...record, resolve, reject });
      this.#scheduleDrain();
    });
  }

  /**
   * While the disk cannot take them, queued audio records covered by final text leave the queue (they are
   * needed by no replay and no recovery); so do all of them once the session finishes. Records already
   * sealed for a failed write are sealed again, so the sequence on disk stays without gaps.
   */
  #dropUnneeded(): void {
    if (this.#writing) return; // the writer calls this again when its write is done
    let dropped = false;
    for (let i = this.#queue.length - 1; i >= 0; i--) {
      const audio = this.#queue[i]!.audio;
      if (!audio || (!this.#finishing && audio.index >= (this.#releasedBefore[audio.stream] ?? 0))) continue;
      this.#queue.splice(i, 1)[0]!.resolve();
      dropped = this.#notKept = true;
    }
    if (!dropped) return;
    this.#seq = this.#written;
    for (const pending of this.#queue) pending.bytes = pending.seq = undefined;
  }

  #seal(pending: Pending): Buffer {
    if (pending.bytes) return pending.bytes;
    const seq = (pending.seq = this.#seq++);
    const { audio, json } = pending;
    pending.bytes = audio
      ? sealAudio(this.#key, this.id, seq, audio.stream, audio.index, audio.samples)
      : sealJson(this.#key, this.id, seq, json!);
    return pending.bytes;
  }

  /**
   * Starts the writer on the next turn of the event loop unless it runs or is due already: records queued
   * meanwhile (the streams' chunks of one capture, a checkpoint) share one write.
   */
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
        const batch = this.#queue.slice(0, BATCH);
        let bytes: Buffer;
        try {
          const records = batch.map((p) => this.#seal(p));
          bytes = records.length === 1 ? records[0]! : Buffer.concat(records);
        } catch (error) {
          // Not expected (positions are checked on the way in); without this record the file would break.
          this.#fail(error);
          return;
        }
        try {
          await this.#fs.appendFile(this.path, bytes, FILE_MODE);
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

  #wrote(batch: Pending[]): void {
    let position = this.#size;
    for (const pending of batch) {
      if (pending.audio)
        (this.#chunks[pending.audio.stream] ??= new ChunkIndex()).set(
          pending.audio.index,
          position,
          pending.seq!,
        );
      position += pending.bytes!.length;
      // What is on disk no longer needs its samples here (KeptAudio keeps its own reference while needed).
      pending.audio = undefined;
    }
    this.#size = position;
    this.#written += batch.length;
    this.#queue.splice(0, batch.length);
    this.#unsynced = true;
    this.#scheduleSync();
  }

  /** Checkpoints: appends reach the device at most SYNC_INTERVAL_MS after they were written. */
  #scheduleSync(): void {
    if (this.#syncTimer || this.#closed) return;
    const wait = Math.max(0, this.#lastSyncAt + SYNC_INTERVAL_MS - performance.now());
    this.#syncTimer = setTimeout(() => {
      this.#syncTimer = undefined;
      void this.#sync();
    }, wait);
    this.#syncTimer.unref?.();
  }

  async #sync(): Promise<void> {
    if (!this.#unsynced) return;
    this.#unsynced = false;
    this.#lastSyncAt = performance.now();
    // A failed fsync is a disk problem the next write reports; it is not a reason to stop the session.
    await this.#fs.sync?.(this.path).catch(() => (this.#unsynced = true));
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
    for (const pending of this.#queue.splice(0))
      pending.reject(
        new StreamingError('journal_failed', 'The journal cannot be written.', { cause: error }),
      );
  }

  #setStatus(status: JournalStatus, error?: unknown): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#statusChanged.emit({ status, error });
  }
}
