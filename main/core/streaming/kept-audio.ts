/**
 * The audio a session keeps until the service has turned it into final text, and the ack window of the
 * current socket. Chunks are numbered per stream on one session timeline: chunk `i` of every stream covers
 * [i·100 ms, (i+1)·100 ms), which is what lets two streams share one socket offset base.
 *
 * Memory stays bounded: once a chunk is durable in the journal it may leave memory and is read back from
 * the journal when a replay needs it. Without a journal (tests, CLI without persistence) nothing is evicted.
 *
 * Journal, then socket: a chunk is sent only once the journal has written it, so audio the service has
 * received is always on disk as well (a process killed right after a send loses nothing the service heard).
 * Without a journal, or while it cannot write (a full disk, a failed journal), chunks go from memory: the
 * visit then says its audio is not safe on disk, and holding them back would only lose the connection too.
 * A chunk leaves memory only once durable, and `allJournaled` (the "all audio is safe" claim) counts
 * durability, never sending.
 */
import { PROTOCOL } from '../api/protocol.ts';
import { CHUNK_SAMPLES } from '../audio/audio-source.ts';

/** The part of the journal a session needs for audio. */
export interface AudioJournal {
  /** Resolves once the chunk is durable; stays pending while the disk is full; rejects when journaling failed. */
  appendAudio(stream: number, index: number, samples: Int16Array): Promise<void>;
  /** Reads a durable chunk back. */
  readAudio(stream: number, index: number): Promise<Int16Array>;
  /** False while the journal cannot write (disk full, failed): "nothing is lost" is then not claimed. */
  readonly writable: boolean;
}

class StreamBuffer {
  readonly memory = new Map<number, Int16Array>();
  nextIndex = 0;
  releasedBefore = 0;
  durableBefore = 0;
  /** Set when the journal refused a chunk for good: from then on nothing of this stream is evicted. */
  journalBroken = false;
  sentBefore = 0;
  ackedBefore = 0;
}

const SILENCE = new Int16Array(CHUNK_SAMPLES);

/** Kept audio of all streams of a session plus the current socket's send/ack positions. */
export class KeptAudio {
  readonly #streams: StreamBuffer[];
  readonly #journal: AudioJournal | undefined;
  readonly #maxMemoryChunks: number;
  readonly #maxInFlightChunks: number;
  #socketFirst = 0;

  constructor(
    streamCount: number,
    options: {
      journal?: AudioJournal;
      maxMemoryChunks?: number;
      maxInFlightMs?: number;
      startIndex?: number;
    } = {},
  ) {
    this.#streams = Array.from({ length: streamCount }, () => new StreamBuffer());
    for (const s of this.#streams)
      s.nextIndex =
        s.releasedBefore =
        s.durableBefore =
        s.sentBefore =
        s.ackedBefore =
          options.startIndex ?? 0;
    this.#journal = options.journal;
    this.#maxMemoryChunks = options.maxMemoryChunks ?? 150;
    this.#maxInFlightChunks = Math.max(
      1,
      Math.floor((options.maxInFlightMs ?? PROTOCOL.maxInFlightMs) / PROTOCOL.audio.chunkMs),
    );
  }

  /**
   * Keeps one chunk and starts journaling it. A short chunk (the tail before a pause) is padded with
   * silence to 100 ms so chunk numbers stay aligned with time on every stream.
   */
  append(
    stream: number,
    samples: Int16Array,
    onDurable: () => void,
    onJournalError: (error: unknown) => void,
  ): number {
    if (samples.length > CHUNK_SAMPLES)
      throw new RangeError(`An audio chunk holds at most ${CHUNK_SAMPLES} samples.`);
    const buffer = this.#stream(stream);
    const chunk = new Int16Array(CHUNK_SAMPLES);
    chunk.set(samples);
    const index = buffer.nextIndex++;
    buffer.memory.set(index, chunk);
    if (!this.#journal) return index;
    this.#journal.appendAudio(stream, index, chunk).then(
      () => {
        // The journal writes in order, so durability grows as a prefix.
        buffer.durableBefore = Math.max(buffer.durableBefore, index + 1);
        this.#evict(buffer);
        onDurable();
      },
      (error: unknown) => {
        buffer.journalBroken = true;
        onJournalError(error);
      },
    );
    return index;
  }

  /** A new socket: seq 0 is the oldest chunk not yet released on any stream. Returns its index. */
  startSocket(): number {
    this.#socketFirst = Math.min(...this.#streams.map((s) => s.releasedBefore));
    for (const s of this.#streams) s.sentBefore = s.ackedBefore = this.#socketFirst;
    return this.#socketFirst;
  }

  /** Index of seq 0 on the current socket. */
  get socketFirst(): number {
    return this.#socketFirst;
  }

  /** The next chunk to send (lowest index across streams), or undefined when the window is full or all is sent. */
  nextToSend(): { stream: number; index: number; seqId: number } | undefined {
    if (this.inFlightChunks >= this.#maxInFlightChunks) return undefined;
    let best: { stream: number; index: number } | undefined;
    this.#streams.forEach((s, stream) => {
      if (s.sentBefore >= s.nextIndex || !this.#mayLeave(s, s.sentBefore)) return;
      if (!best || s.sentBefore < best.index) best = { stream, index: s.sentBefore };
    });
    return best && { ...best, seqId: best.index - this.#socketFirst };
  }

  /** A chunk may go out once the journal holds it (or when there is no journal that could take it). */
  #mayLeave(s: StreamBuffer, index: number): boolean {
    const journal = this.#journal;
    if (!journal || s.journalBroken || !journal.writable) return true;
    return index < s.durableBefore || index < s.releasedBefore;
  }

  /** The samples of a chunk: silence for released ones (sent only to keep streams aligned), else memory or journal. */
  chunk(stream: number, index: number): Int16Array | Promise<Int16Array> {
    const s = this.#stream(stream);
    if (index < s.releasedBefore) return SILENCE;
    const kept = s.memory.get(index);
    if (kept) return kept;
    if (!this.#journal) throw new Error(`Chunk ${index} of stream ${stream} is neither kept nor journaled.`);
    return this.#journal.readAudio(stream, index);
  }

  markSent(stream: number, index: number): void {
    const s = this.#stream(stream);
    s.sentBefore = Math.max(s.sentBefore, index + 1);
    // Durable chunks held back only because they were about to be sent may go now: when the disk is faster
    // than the socket, no later write would come to evict them.
    if (this.#journal) this.#evict(s);
  }

  /** A cumulative ack of `seqId` on the current socket; true when it acknowledged something new. */
  ack(stream: number, seqId: number): boolean {
    const s = this.#stream(stream);
    const before = Math.min(s.sentBefore, this.#socketFirst + seqId + 1);
    if (before <= s.ackedBefore) return false;
    s.ackedBefore = before;
    return true;
  }

  /** Releases chunks of `stream` before `index` that the service has acknowledged; true when it moved. */
  releaseAcked(stream: number, index: number): boolean {
    const s = this.#stream(stream);
    return this.#release(s, Math.min(index, s.ackedBefore));
  }

  /** The socket closed cleanly after END: everything sent on it is covered. */
  releaseAllSent(): void {
    for (const s of this.#streams) this.#release(s, s.sentBefore);
  }

  /** Chunks sent and not acknowledged on the current socket, all streams together. */
  get inFlightChunks(): number {
    return this.#streams.reduce((n, s) => n + Math.max(0, s.sentBefore - s.ackedBefore), 0);
  }

  /** Every kept chunk has been sent on the current socket. */
  get allSent(): boolean {
    return this.#streams.every((s) => s.sentBefore >= s.nextIndex);
  }

  /** Nothing is kept: all audio is covered by final text. */
  get allReleased(): boolean {
    return this.#streams.every((s) => s.releasedBefore >= s.nextIndex);
  }

  /** Audio not yet covered by final text (the longest stream), in ms. */
  get unconfirmedMs(): number {
    return Math.max(0, ...this.#streams.map((s) => s.nextIndex - s.releasedBefore)) * PROTOCOL.audio.chunkMs;
  }

  /** Every unconfirmed chunk is durable in the journal (a crash now loses nothing). */
  get allJournaled(): boolean {
    return this.#streams.every(
      (s) => s.releasedBefore >= s.nextIndex || (!s.journalBroken && s.durableBefore >= s.nextIndex),
    );
  }

  /**
   * The journal keeps up: no write failed, and at most `maxLagChunks` unconfirmed chunks per stream are still
   * on their way to disk (a healthy disk is ~1 ms behind the socket; a full or stalled one falls behind).
   */
  journalKeepsUp(maxLagChunks: number): boolean {
    return this.#streams.every(
      (s) => !s.journalBroken && s.nextIndex - Math.max(s.durableBefore, s.releasedBefore) <= maxLagChunks,
    );
  }

  /** Release position per stream, for journal checkpoints. */
  releasedBefore(stream: number): number {
    return this.#stream(stream).releasedBefore;
  }

  /** First chunk index per stream the current socket has not had acknowledged (observability, tests). */
  ackedBefore(stream: number): number {
    return this.#stream(stream).ackedBefore;
  }

  /** Next index per stream. */
  nextIndex(stream: number): number {
    return this.#stream(stream).nextIndex;
  }

  /** Chunks held in memory (for the memory-bound test). */
  get memoryChunks(): number {
    return this.#streams.reduce((n, s) => n + s.memory.size, 0);
  }

  #release(s: StreamBuffer, before: number): boolean {
    if (before <= s.releasedBefore) return false;
    for (let i = s.releasedBefore; i < before; i++) {
      // A chunk the journal has not written yet stays until it has (zero loss also on a full disk).
      if (this.#journal && !s.journalBroken && i >= s.durableBefore) break;
      s.memory.delete(i);
    }
    s.releasedBefore = before;
    return true;
  }

  #evict(s: StreamBuffer): void {
    if (s.journalBroken) return;
    for (const index of s.memory.keys()) {
      if (index >= s.durableBefore) break;
      if (index >= s.releasedBefore) {
        if (s.memory.size <= this.#maxMemoryChunks) break;
        // Chunks the current socket is about to send stay in memory; later ones may still go (during an
        // outage the recording runs far past the send position, and memory must stay bounded).
        if (index >= s.sentBefore && index < s.sentBefore + this.#maxInFlightChunks) continue;
      }
      s.memory.delete(index);
    }
  }

  #stream(stream: number): StreamBuffer {
    const s = this.#streams[stream];
    if (!s) throw new RangeError(`No audio stream ${stream}.`);
    return s;
  }
}
