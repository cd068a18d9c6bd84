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
 * in memory and are retried until they fit; the torn tail of the failed write is cut off first.
 */
import { join } from 'node:path';
import { hasErrno, StreamingError } from './streaming-error.ts';
import type { JournalFs } from './journal-fs.ts';
import { openRecord, readRecordAt, sealAudio, sealJson, type JsonRecord } from './journal-records.ts';
import type { JournalCheckpoint, JournalStatus, SessionJournal } from './session-journal.ts';

/** File mode of journal files. */
export const FILE_MODE = 0o600;
/** Records written in one append at most. */
const BATCH = 64;

interface Pending {
  /** Sealed record; audio is sealed by the drain (off the send path), so it starts as `seal`. */
  bytes: Buffer | undefined;
  seal: (() => Buffer) | undefined;
  seq: number;
  audio?: { stream: number; index: number };
  resolve(): void;
  reject(error: unknown): void;
}

/** Where each journaled chunk lies in the file (typed arrays: a 2-hour stream costs ~1 MB, not a Map). */
class ChunkIndex {
  #positions = new Float64Array(1024);
  #seqs = new Float64Array(1024);

  set(index: number, position: number, seq: number): void {
    if (index >= this.#positions.length) {
      const size = Math.max(index + 1, this.#positions.length * 2);
      this.#positions = grow(this.#positions, size);
      this.#seqs = grow(this.#seqs, size);
    }
    // +1 so that 0 means "not journaled".
    this.#positions[index] = position + 1;
    this.#seqs[index] = seq;
  }

  get(index: number): { position: number; seq: number } | undefined {
    const position = this.#positions[index];
    return position ? { position: position - 1, seq: this.#seqs[index] ?? 0 } : undefined;
  }
}

function grow(array: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(size);
  bigger.set(array);
  return bigger;
}

/** The journal of one session, open for appending. */
export class VisitJournal implements SessionJournal {
  readonly path: string;
  readonly #key: Buffer;
  readonly #fs: JournalFs;
  readonly #retryMs: number;
  readonly #queue: Pending[] = [];
  readonly #chunks: ChunkIndex[] = [];
  readonly #listeners = new Set<(status: JournalStatus, error?: unknown) => void>();
  readonly #onFinished: (() => Promise<void>) | undefined;
  #seq = 0;
  #size = 0;
  #writing = false;
  #drainDue = false;
  #status: JournalStatus = 'ok';
  #retryTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    readonly id: string,
    options: { dir: string; key: Buffer; fs: JournalFs; retryMs?: number; onFinished?: () => Promise<void> },
  ) {
    this.path = join(options.dir, `${id}.journal`);
    this.#key = options.key;
    this.#fs = options.fs;
    this.#retryMs = options.retryMs ?? 2_000;
    this.#onFinished = options.onFinished;
  }

  get status(): JournalStatus {
    return this.#status;
  }

  get writable(): boolean {
    return this.#status === 'ok';
  }

  /** Records waiting in memory for the disk. */
  get pendingRecords(): number {
    return this.#queue.length;
  }

  onStatus(listener: (status: JournalStatus, error?: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Takes its place (and sequence number) in the file order at once, so every checkpoint that covers this
   * chunk is written after it; sealing and writing happen after the caller has sent the chunk. `samples`
   * must not change afterwards (KeptAudio hands over its own copy).
   */
  appendAudio(stream: number, index: number, samples: Int16Array): Promise<void> {
    // Checked here, not when sealing: a record that cannot be sealed would leave a gap in the sequence.
    if (!Number.isInteger(stream) || stream < 0 || stream > 0xff || !Number.isInteger(index) || index < 0)
      return Promise.reject(new RangeError('Audio chunk position out of range.'));
    const seq = this.#seq++;
    const seal = () => sealAudio(this.#key, this.id, seq, stream, index, samples);
    return this.#enqueue(undefined, seal, seq, { stream, index });
  }

  /** Writes a JSON record (config, checkpoint, finish). */
  appendJson(record: JsonRecord): Promise<void> {
    const seq = this.#seq++;
    return this.#enqueue(sealJson(this.#key, this.id, seq, record), undefined, seq);
  }

  checkpoint(checkpoint: JournalCheckpoint): void {
    // Failures surface through the status; a checkpoint that never lands only means more is replayed.
    this.appendJson(checkpoint).catch(() => undefined);
  }

  /** Marks the session finished; the store then stops offering it for recovery. */
  async finish(): Promise<void> {
    await this.appendJson({ kind: 'finish' });
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
    void this.#fs.release?.(this.path);
    for (const pending of this.#queue.splice(0))
      pending.reject(new StreamingError('journal_failed', 'The journal was closed.'));
  }

  #enqueue(
    bytes: Buffer | undefined,
    seal: (() => Buffer) | undefined,
    seq: number,
    audio?: Pending['audio'],
  ): Promise<void> {
    if (this.#status === 'failed')
      return Promise.reject(new StreamingError('journal_failed', 'The journal cannot be written.'));
    // After finish or close (shredding) nothing may reopen the file: it would come back without its key.
    if (this.#closed) return Promise.reject(new StreamingError('journal_failed', 'The journal was closed.'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ bytes, seal, seq, audio, resolve, reject });
      this.#scheduleDrain();
    });
  }

  /**
   * Starts the writer on the next turn of the event loop unless it runs or is due already: the caller
   * (a chunk on its way to the socket) finishes first, and records queued meanwhile share one write.
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
    this.#writing = true;
    try {
      while (this.#queue.length > 0 && (this.#status as JournalStatus) !== 'failed') {
        const batch = this.#queue.slice(0, BATCH);
        let records: Buffer[];
        let bytes: Buffer;
        try {
          records = batch.map((p) => (p.bytes ??= p.seal!()));
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
        let position = this.#size;
        for (const pending of batch) {
          if (pending.audio)
            (this.#chunks[pending.audio.stream] ??= new ChunkIndex()).set(
              pending.audio.index,
              position,
              pending.seq,
            );
          position += pending.bytes!.length;
        }
        this.#size = position;
        this.#queue.splice(0, batch.length);
        if (this.#status === 'disk_full') this.#setStatus('ok');
        for (const pending of batch) pending.resolve();
      }
    } finally {
      this.#writing = false;
    }
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
    for (const listener of this.#listeners) listener(status, error);
  }
}
