/**
 * Ambient transcription over /transcribe-ws: one DOCTOR stream (+ one PATIENT stream from a second source),
 * or one UNSPECIFIED stream.
 *
 * Coverage rule (when kept audio may be let go): on each socket, let F be the largest end offset of the
 * final items and P the smallest start offset of the items still partial. Audio before
 * min(F, P) − guardMs on that socket, once acknowledged, is covered; everything after it is replayed after a
 * drop. Items carry no stream id in the contract, so the rule is applied to all streams together; the guard
 * keeps speech whose first partial has not appeared yet (the recogniser lags the audio). Replaying from a
 * little too early is harmless: the transcript merges the re-recognised duplicates.
 *
 * Pause: the socket is ended cleanly (END, then the service's close confirms all audio), and resume opens a
 * new socket whose offset base is where the timeline stopped. We chose this over streaming silence while
 * paused because silence would be billed and recognised as visit audio, would hold a socket open for as long
 * as the pause lasts, and cannot trip the 10 s no-audio failure (83011) only as long as the timer never
 * stalls; a clean close leaves nothing unconfirmed during the pause and the timeline simply skips it.
 */
import { checkSpeechLocales } from '../api/limits.ts';
import { PROTOCOL } from '../api/protocol.ts';
import { transcribeConfigFrame, type StreamSpec, type TranscriptItemFrame } from './frames.ts';
import { StreamingSession, type SessionEvents, type SessionOptions } from './session-engine.ts';
import type { ContentFrame, SocketRun } from './socket-run.ts';
import { Transcript, type FinalTranscriptItem, type TranscriptItem } from './transcript.ts';

/** Events of a transcription session. */
export interface TranscribeEvents extends SessionEvents {
  /** An item was added, updated or became final (duplicates from a replay are not emitted). */
  item: TranscriptItem;
}

export interface TranscribeSessionOptions extends SessionOptions {
  /** 1–2 distinct speech locales (HAITIAN_HT alone). */
  speechLocales: readonly string[];
  /** One UNSPECIFIED stream, or DOCTOR (+ PATIENT). */
  streams: readonly StreamSpec[];
  /** Audio kept before the coverage point, for speech the recogniser has not reported yet. */
  coverageGuardMs?: number;
  /** Tolerance for merging replay duplicates. */
  duplicateToleranceMs?: number;
  /** Final items of an earlier part of the visit (a recovered journal). */
  initialItems?: readonly TranscriptItem[];
}

/** Per-socket coverage bookkeeping (socket-relative offsets). */
interface Coverage {
  finalEndMs: number;
  openPartials: Map<string, number>;
}

/** A transcription session: a state machine over one or more sockets, one transcript timeline. */
export class TranscribeSession extends StreamingSession<TranscribeEvents> {
  readonly transcript: Transcript;
  protected readonly streamCount: number;
  readonly #locales: readonly string[];
  readonly #streams: readonly StreamSpec[];
  readonly #guardMs: number;
  readonly #coverage = new Map<number, Coverage>();

  constructor(options: TranscribeSessionOptions) {
    super('transcribe-ws', options.streams.length, options);
    this.streamCount = options.streams.length;
    this.#locales = [...options.speechLocales];
    this.#streams = options.streams.map((s) => ({ ...s }));
    this.#guardMs = options.coverageGuardMs ?? 2_000;
    this.transcript = new Transcript({
      toleranceMs: options.duplicateToleranceMs,
      initial: options.initialItems,
    });
  }

  /** Sends one 100 ms chunk of a stream; false when the session does not take audio now. */
  sendAudio(streamId: string, chunk: Int16Array): boolean {
    const index = this.#streams.findIndex((s) => s.id === streamId);
    if (index < 0) throw new RangeError('Unknown stream id.');
    return this.acceptAudio(index, chunk);
  }

  /** Final items on the session timeline, sorted: what note generation takes. */
  finalItems(): FinalTranscriptItem[] {
    return this.transcript.finalItems();
  }

  protected validate(): void {
    checkSpeechLocales(this.#locales);
    const ids = new Set(this.#streams.map((s) => s.id));
    if (this.#streams.length < 1 || this.#streams.length > 2 || ids.size !== this.#streams.length) {
      throw new RangeError('A visit has one stream, or two streams with different ids.');
    }
  }

  protected configFrame(): object {
    return transcribeConfigFrame(this.#locales, this.#streams);
  }

  streamIdOf(stream: number): string | undefined {
    return this.#streams[stream]?.id;
  }

  streamsForAck(streamId: string | undefined): number[] {
    // With two streams an ack should name its stream; one that does not is applied to both (each capped at
    // what was sent on it), because ignoring it would stall the window.
    const index = streamId === undefined ? -1 : this.#streams.findIndex((s) => s.id === streamId);
    return index >= 0 ? [index] : this.#streams.map((_, i) => i);
  }

  protected override onSocketStarted(run: SocketRun): void {
    this.#coverage.set(run.no, { finalEndMs: 0, openPartials: new Map() });
  }

  protected override onSocketDropped(run: SocketRun): void {
    this.#coverage.delete(run.no);
    this.transcript.dropPartials(run.no);
  }

  protected override onSocketClosedCleanly(run: SocketRun): void {
    this.#coverage.delete(run.no);
    this.transcript.dropPartials(run.no);
  }

  onContent(frame: ContentFrame, run: SocketRun): void {
    switch (frame.type) {
      case 'TRANSCRIPT_ITEM':
        this.#onItem(frame, run);
        return;
      case 'DICTATED_TEXT':
      case 'ASYNC_CORRECTION':
        return; // not part of this protocol: ignored like any unknown frame
      default:
        return assertNever(frame);
    }
  }

  #onItem(frame: TranscriptItemFrame, run: SocketRun): void {
    const result = this.transcript.upsert(run.no, run.baseMs, frame);
    const coverage = this.#coverage.get(run.no);
    if (coverage) {
      if (frame.is_final) {
        coverage.openPartials.delete(frame.id);
        coverage.finalEndMs = Math.max(coverage.finalEndMs, frame.end_offset_ms);
      } else {
        coverage.openPartials.set(frame.id, frame.start_offset_ms);
      }
    }
    switch (result.kind) {
      case 'finalized':
        this.checkpoint({ kind: 'final', item: result.item });
        this.emit('item', result.item);
        break;
      case 'added':
      case 'updated':
        this.emit('item', result.item);
        break;
      case 'duplicate':
      case 'ignored':
        break;
      default:
        assertNever(result);
    }
    if (coverage && frame.is_final) this.#release(run, coverage);
  }

  #release(run: SocketRun, coverage: Coverage): void {
    const safeMs = Math.min(coverage.finalEndMs, ...coverage.openPartials.values()) - this.#guardMs;
    if (safeMs <= 0) return;
    this.releaseBefore(Math.floor((run.baseMs + safeMs) / PROTOCOL.audio.chunkMs));
  }
}

function assertNever(value: never): never {
  throw new Error(
    `Unhandled value ${JSON.stringify((value as { type?: unknown; kind?: unknown }).type ?? (value as { kind?: unknown }).kind)}`,
  );
}
