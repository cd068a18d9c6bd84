/**
 * Ambient transcription over /transcribe-ws: one DOCTOR stream (+ one PATIENT stream from a second source),
 * or one UNSPECIFIED stream.
 *
 * Coverage rule (when kept audio may be let go), per stream, on each socket: let F be the largest end offset
 * of the stream's final items and P the smallest start offset of its items still partial. Audio before
 * min(F, P) − guardMs, once acknowledged, is covered, except that the release point never falls inside a
 * final item: it moves back to that item's start. A replay after a drop then begins between sentences,
 * never in one (a recogniser given the tail of a sentence transcribes the tail again, and that fragment
 * would reach the note); the whole sentences it repeats are merged as duplicates by the transcript. The
 * guard keeps speech whose first partial has not appeared yet (the recogniser lags the audio).
 *
 * Items carry no stream id: with two streams an item belongs to the stream declared with its speaker type
 * (DOCTOR/PATIENT), so one speaker's final text never releases the other's audio. An item no stream
 * claims (or two claim) covers nothing, but still blocks a release point inside it on every stream.
 *
 * A quiet stream (a patient mic while the doctor talks) has no final items of its own, yet must not hold
 * back the resend point of both streams for the whole visit. The other stream's final end F′ shows how far
 * the recogniser has heard the socket; audio of this stream more than silentLagMs before F′ that got no
 * item (partial or final) is taken as silence: F becomes max(F, F′ − silentLagMs). Its open partials still
 * bound the point, so speech the recogniser has reported stays until its final text. And this rule never
 * passes a chunk loud enough to hold speech (RMS above SPEECH_RMS): audio that may hold words is let go
 * only by final text of its own stream, so a recogniser slow to report speech costs a longer replay, never
 * words. A patient mic that hears the room loudly is held back like before (slower catch-up, nothing lost).
 *
 * The release point is re-evaluated on final items and on acknowledgements (audio is released only once
 * acknowledged, so a final may arrive before the release it allows can happen).
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
import { StreamingSession, type SessionEvents, type SessionOptions } from './streaming-session.ts';
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
  /** How far behind the other stream's final text a stream without items counts as silent (two streams). */
  silentLagMs?: number;
  /** Tolerance for merging replay duplicates. */
  duplicateToleranceMs?: number;
  /** Final items of an earlier part of the visit (a recovered journal). */
  initialItems?: readonly TranscriptItem[];
}

/** Chunk RMS (−50 dBFS) above which a chunk may hold speech: the quiet-stream rule never releases it. */
const SPEECH_RMS = 32_768 * 10 ** (-50 / 20);

/** Whether a chunk may hold speech (conservative: room noise often counts, silence never does). */
function mayHoldSpeech(chunk: Int16Array): boolean {
  let sum = 0;
  for (const sample of chunk) sum += sample * sample;
  return chunk.length > 0 && Math.sqrt(sum / chunk.length) > SPEECH_RMS;
}

/** Coverage bookkeeping of one stream on one socket (socket-relative offsets). */
class Coverage {
  finalEndMs = 0;
  /** Final items that may still hold a later release point. */
  finals: { startMs: number; endMs: number }[] = [];
  readonly openPartials = new Map<string, number>();
  releasedMs = 0;
}

/** A transcription session: a state machine over one or more sockets, one transcript timeline. */
export class TranscribeSession extends StreamingSession<TranscribeEvents> {
  readonly transcript: Transcript;
  protected readonly streamCount: number;
  readonly #locales: readonly string[];
  readonly #streams: readonly StreamSpec[];
  readonly #guardMs: number;
  readonly #silentLagMs: number;
  /** Per socket, per stream. */
  readonly #coverage = new Map<number, Coverage[]>();
  /** Per stream: indices of kept chunks that may hold speech, ascending (pruned as audio is released). */
  readonly #loud: number[][];

  constructor(options: TranscribeSessionOptions) {
    super('transcribe-ws', options.streams.length, options);
    this.streamCount = options.streams.length;
    this.#locales = [...options.speechLocales];
    this.#streams = options.streams.map((s) => ({ ...s }));
    this.#guardMs = options.coverageGuardMs ?? 2_000;
    this.#silentLagMs = options.silentLagMs ?? 10_000;
    this.#loud = options.streams.map(() => []);
    this.transcript = new Transcript({
      toleranceMs: options.duplicateToleranceMs,
      initial: options.initialItems,
    });
  }

  /** Sends one 100 ms chunk of a stream; false when the session does not take audio now. */
  sendAudio(streamId: string, chunk: Int16Array): boolean {
    const index = this.#streams.findIndex((s) => s.id === streamId);
    if (index < 0) throw new RangeError('Unknown stream id.');
    const at = this.audio.nextIndex(index);
    const accepted = this.acceptAudio(index, chunk);
    if (accepted && this.#streams.length > 1 && mayHoldSpeech(chunk)) this.#loud[index]!.push(at);
    return accepted;
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

  protected streamIdOf(stream: number): string | undefined {
    return this.#streams[stream]?.id;
  }

  protected streamsForAck(streamId: string | undefined): number[] {
    // With two streams an ack should name its stream; one that does not is applied to both (each capped at
    // what was sent on it), because ignoring it would stall the window.
    const index = streamId === undefined ? -1 : this.#streams.findIndex((s) => s.id === streamId);
    return index >= 0 ? [index] : this.#streams.map((_, i) => i);
  }

  protected override onSocketStarted(run: SocketRun): void {
    this.#coverage.set(
      run.no,
      this.#streams.map(() => new Coverage()),
    );
  }

  protected override onSocketDropped(run: SocketRun): void {
    this.#coverage.delete(run.no);
    this.transcript.dropPartials(run.no);
  }

  protected override onAcked(run: SocketRun): void {
    const coverage = this.#coverage.get(run.no);
    coverage?.forEach((c, stream) => this.#release(run, coverage, c, stream));
  }

  protected override onSocketClosedCleanly(run: SocketRun): void {
    this.#coverage.delete(run.no);
    this.transcript.dropPartials(run.no);
  }

  protected onContent(frame: ContentFrame, run: SocketRun): void {
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
    if (coverage) this.#cover(coverage, frame);
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
    if (coverage && frame.is_final) coverage.forEach((c, stream) => this.#release(run, coverage, c, stream));
  }

  #cover(coverage: Coverage[], frame: TranscriptItemFrame): void {
    const owners = this.#streams.flatMap((s, i) =>
      this.#streams.length === 1 || s.speakerType === frame.speaker_type ? [i] : [],
    );
    const attributed = owners.length === 1;
    coverage.forEach((c, stream) => {
      if (attributed && owners[0] !== stream) return;
      if (!frame.is_final) {
        c.openPartials.set(frame.id, frame.start_offset_ms);
        return;
      }
      c.openPartials.delete(frame.id);
      c.finals.push({ startMs: frame.start_offset_ms, endMs: frame.end_offset_ms });
      if (attributed) c.finalEndMs = Math.max(c.finalEndMs, frame.end_offset_ms);
    });
    // A final under a partial's id ends that partial wherever it was counted.
    if (frame.is_final) for (const c of coverage) c.openPartials.delete(frame.id);
  }

  #release(run: SocketRun, coverage: Coverage[], c: Coverage, stream: number): void {
    const heardMs = Math.max(0, ...coverage.filter((o) => o !== c).map((o) => o.finalEndMs));
    const loud = this.#loud[stream]!;
    while (loud.length > 0 && loud[0]! < this.audio.releasedBefore(stream)) loud.shift();
    const quietUntilMs = loud.length > 0 ? loud[0]! * PROTOCOL.audio.chunkMs - run.baseMs : Infinity;
    const confirmedMs = Math.max(c.finalEndMs, Math.min(heardMs - this.#silentLagMs, quietUntilMs));
    let safeMs = Math.min(confirmedMs, ...c.openPartials.values()) - this.#guardMs;
    // Never inside a final item: back to its start (repeated, as items of overlapping speech may chain).
    for (let moved = true; moved;) {
      moved = false;
      for (const f of c.finals)
        if (f.startMs < safeMs && safeMs < f.endMs) {
          safeMs = f.startMs;
          moved = true;
        }
    }
    if (safeMs <= c.releasedMs) return;
    this.releaseBefore(stream, Math.floor((run.baseMs + safeMs) / PROTOCOL.audio.chunkMs));
    // What was released, which the last acknowledged chunk may have cut short: the rest goes on a later ack.
    c.releasedMs = Math.max(
      c.releasedMs,
      this.audio.releasedBefore(stream) * PROTOCOL.audio.chunkMs - run.baseMs,
    );
    c.finals = c.finals.filter((f) => f.endMs > c.releasedMs);
  }
}

function assertNever(value: never): never {
  throw new Error(
    `Unhandled value ${JSON.stringify((value as { type?: unknown; kind?: unknown }).type ?? (value as { kind?: unknown }).kind)}`,
  );
}
