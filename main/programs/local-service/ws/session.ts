/**
 * One streaming socket, from CONFIG to close: validates frames, checks seq_ids, acknowledges chunks
 * (cumulative, per stream), enforces the in-flight limit and the silence timeout, feeds the recognizer
 * and, on END, flushes and closes normally. The service keeps nothing once the socket is gone.
 */
import { randomUUID } from 'node:crypto';
import type { StreamSocket } from '../extension.ts';
import type { LiveSocket, SocketRegistry, StreamKind } from './registry.ts';
import {
  checkDictateConfig,
  checkTranscribeConfig,
  decodePayload,
  DictateChunkSchema,
  EndSchema,
  TranscribeChunkSchema,
  WS_ERRORS,
  type WsErrorKind,
} from './frames.ts';
import { createOutput, type SessionOutput, type StreamInfo } from './outputs.ts';
import type { RecognitionTrack, Recognizer } from './recognizer.ts';

interface StreamState extends StreamInfo {
  readonly track: RecognitionTrack;
  lastSeq: number | undefined;
  received: number;
  acked: number;
  silence: NodeJS.Timeout | undefined;
}

/** Everything a session needs from the service. */
export interface SessionContext {
  readonly kind: StreamKind;
  /** The version the socket asked for, or the organization's pinned one. */
  readonly apiVersion: string;
  readonly registry: SocketRegistry;
  readonly recognizer: Recognizer;
}

/** Drives one accepted WebSocket. */
export class StreamSession implements LiveSocket {
  private readonly streams = new Map<string, StreamState>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private output: SessionOutput | undefined;
  private acksEnabled = true;
  private configTimer: NodeJS.Timeout | undefined;
  /** After END or an error nothing more is read. */
  private finished = false;

  constructor(
    private readonly ws: StreamSocket,
    private readonly ctx: SessionContext,
  ) {
    ctx.registry.register(this);
    this.configTimer = this.later(ctx.registry.timings.silenceTimeoutMs, () =>
      this.fail('noAudio', 'no CONFIG received'),
    );
    ws.onMessage((text, isBinary) => this.onMessage(text, isBinary));
    ws.onClose(() => this.onClose());
  }

  private get timings() {
    return this.ctx.registry.timings;
  }

  private onMessage(text: string, isBinary: boolean): void {
    if (this.finished) return;
    let frame: unknown;
    try {
      frame = isBinary ? undefined : JSON.parse(text);
    } catch {
      frame = undefined;
    }
    const type =
      typeof frame === 'object' && frame !== null && 'type' in frame ? String(frame.type) : '(none)';
    if (type === 'CONFIG') return this.onConfig(frame);
    if (!this.output) return this.fail('invalidFrame', 'the first frame must be CONFIG');
    if (type === 'AUDIO_CHUNK') return this.onChunk(frame);
    if (type === 'END') {
      if (!EndSchema.safeParse(frame).success) return this.fail('invalidFrame', 'invalid END');
      return this.onEnd();
    }
    this.fail('invalidFrame', isBinary ? 'binary frames are not accepted' : 'unknown or unreadable frame');
  }

  private onConfig(frame: unknown): void {
    if (this.output) return this.fail('invalidFrame', 'CONFIG sent twice');
    const version = this.ctx.apiVersion;
    const check =
      this.ctx.kind === 'transcribe'
        ? checkTranscribeConfig(frame, version)
        : checkDictateConfig(frame, version);
    if (!check.ok) return this.fail('invalidConfig', check.reason);
    clearTimeout(this.configTimer);
    const declared =
      'streams' in check.config
        ? check.config.streams.map((s) => ({ id: s.id, speakerType: s.speaker_type }))
        : [{ id: '', speakerType: 'UNSPECIFIED' as const }];
    if ('enable_audio_chunk_ack' in check.config && check.config.enable_audio_chunk_ack === false)
      this.acksEnabled = false;
    for (const d of declared) {
      const stream: StreamState = {
        ...d,
        track: this.ctx.recognizer.openTrack(),
        lastSeq: undefined,
        received: 0,
        acked: 0,
        silence: undefined,
      };
      this.streams.set(d.id, stream);
      this.armSilence(stream);
    }
    this.output = createOutput(check.config, version, {
      send: (f) => this.send(f),
      later: (ms, fn) => void this.later(ms, fn),
      correctionDelayMs: () => this.timings.correctionDelayMs,
    });
  }

  private onChunk(frame: unknown): void {
    const chunk = this.parseChunk(frame);
    if (!chunk) return this.fail('invalidFrame', 'invalid AUDIO_CHUNK');
    const { streamId, seq, payload } = chunk;
    const stream = this.streams.get(streamId);
    if (!stream) return this.fail('invalidFrame', 'AUDIO_CHUNK for an undeclared stream');
    if (stream.lastSeq !== undefined && seq !== stream.lastSeq + 1)
      return this.fail('badSequence', `expected seq_id ${stream.lastSeq + 1}`);
    const samples = decodePayload(payload);
    if (!samples) return this.fail('invalidFrame', 'payload is not base64 16-bit PCM');
    stream.lastSeq = seq;
    stream.received++;
    stream.track.push(samples);
    this.armSilence(stream);
    if (!this.acksEnabled) return this.recognizeLater(stream, stream.received);
    if (stream.received - stream.acked > this.timings.maxUnackedChunks)
      return this.fail('tooMuchInFlight', 'too much unacknowledged audio');
    const count = stream.received;
    if (this.timings.ackDelayMs <= 0) this.ack(stream, count, seq);
    else this.later(this.timings.ackDelayMs, () => this.ack(stream, count, seq));
  }

  private parseChunk(frame: unknown): { streamId: string; seq: number; payload: string } | undefined {
    if (this.ctx.kind === 'dictate') {
      const d = DictateChunkSchema.safeParse(frame);
      return d.success ? { streamId: '', seq: d.data.seq_id, payload: d.data.payload } : undefined;
    }
    const t = TranscribeChunkSchema.safeParse(frame);
    return t.success
      ? { streamId: t.data.stream_id, seq: t.data.seq_id, payload: t.data.payload }
      : undefined;
  }

  /** Acknowledges every chunk up to `seq` (the `count`-th of the stream) unless already covered. */
  private ack(stream: StreamState, count: number, seq: number): void {
    if (this.finished || count <= stream.acked) return;
    stream.acked = count;
    // public-facts shows {ack_id} only; with two streams seq_ids overlap, so the stream is named too.
    this.send({
      type: 'AUDIO_CHUNK_ACK',
      ack_id: seq,
      ...(this.streams.size > 1 ? { stream_id: stream.id } : {}),
    });
    this.recognizeLater(stream, count);
  }

  private recognizeLater(stream: StreamState, count: number): void {
    this.later(this.timings.recognitionLatencyMs, () => {
      if (!this.finished) this.output?.emit(stream, stream.track.collect(count));
    });
  }

  private onEnd(): void {
    this.finished = true;
    this.clearTimers();
    for (const s of this.streams.values()) {
      if (this.acksEnabled && s.lastSeq !== undefined && s.received > s.acked) {
        this.send({
          type: 'AUDIO_CHUNK_ACK',
          ack_id: s.lastSeq,
          ...(this.streams.size > 1 ? { stream_id: s.id } : {}),
        });
        s.acked = s.received;
      }
      this.output?.emit(s, s.track.collect(s.received));
    }
    this.output?.flush();
    this.close(1000, '');
  }

  private armSilence(stream: StreamState): void {
    this.clearTimer(stream.silence);
    stream.silence = this.later(this.timings.silenceTimeoutMs, () =>
      this.fail('noAudio', 'a stream received no audio'),
    );
  }

  private fail(kind: WsErrorKind, message: string): void {
    const { code, name } = WS_ERRORS[kind];
    this.sendError(code, name, message, this.timings.errorCloseCode);
  }

  /** Sends an error frame; closes the socket when a close code is given. */
  private sendError(code: number, name: string, message: string, closeCode: number | undefined): void {
    this.send({ type: 'ERROR_MESSAGE', code, name, trace_id: randomUUID(), message });
    if (closeCode !== undefined) this.close(closeCode, name);
  }

  /** Closes with a close frame. */
  private close(code: number, reason: string): void {
    this.finished = true;
    this.clearTimers();
    this.ws.close(code, reason);
  }

  /** Cuts the connection without a close frame (the service shutting down). */
  terminate(): void {
    this.finished = true;
    this.clearTimers();
    this.ws.terminate();
  }

  private onClose(): void {
    this.finished = true;
    this.clearTimers();
    this.ctx.registry.unregister(this);
  }

  private send(frame: object): void {
    if (this.ws.open) this.ws.send(JSON.stringify(frame));
  }

  private later(ms: number, fn: () => void): NodeJS.Timeout | undefined {
    if (this.finished) return undefined; // nothing is sent after END, an error or a close
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private clearTimer(t: NodeJS.Timeout | undefined): void {
    if (t === undefined) return;
    clearTimeout(t);
    this.timers.delete(t);
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
