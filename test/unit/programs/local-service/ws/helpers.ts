/**
 * Test helpers for the streaming service: a bare http.Server with the service attached, a raw `ws` client
 * that records every frame, and synthetic fixture audio.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import {
  attachStreamingService,
  createFixtureRecognizer,
  streamingTimings,
  type FixtureRecording,
  type Mishearing,
  type StreamingTimings,
} from '../../../../../main/programs/local-service/ws/index.ts';
import { StreamingControl } from '../../../../service/streaming-faults.ts';
import { pingRoundTrip } from '../../../../harness/ping-round-trip.ts';

const VERSION = '2026-10-05';
export const TOKENS = { server: 'server-token', user: 'user-token', expired: 'expired-token' } as const;

export interface Harness {
  readonly control: StreamingControl;
  readonly port: number;
  close(): Promise<void>;
}

/** Starts a bare server on 127.0.0.1 with the streaming service and a trivial token authority. */
export async function startService(
  fixtures: readonly FixtureRecording[],
  options: {
    timings?: Partial<StreamingTimings>;
    mishearings?: Mishearing[];
    pinnedVersion?: string;
  } = {},
): Promise<Harness> {
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  const timings = streamingTimings(options.timings);
  const control = new StreamingControl().attach({ timings });
  attachStreamingService(server, {
    extension: control.extension(),
    timings,
    verifyToken: (token, caller) =>
      token === TOKENS.expired ? 'expired' : token === TOKENS[caller] ? 'ok' : 'invalid',
    recognizer: createFixtureRecognizer({
      fixtures,
      ...(options.mishearings ? { mishearings: options.mishearings } : {}),
    }),
    ...(options.pinnedVersion === undefined ? {} : { pinnedVersion: options.pinnedVersion }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    control,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        control.terminateAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Frame = Record<string, unknown> & { type: string };

/** A raw client that keeps every frame the service sent. */
export class RawClient {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];
  private pings = 0;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    void this.closed.then(() => this.wake());
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  of(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  /**
   * A ping answered by the service's pong: the service handles frames in order and its pong follows every
   * frame it sent while handling what was sent before the ping, so once this resolves, whatever the
   * service answered at once to earlier frames is in `frames` (what it answers from a timer may come later).
   */
  roundTrip(): Promise<void> {
    return pingRoundTrip(this.ws, ++this.pings);
  }

  /** Resolves with the first frame (already received or coming) matching `match`. */
  async next(match: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('socket closed before the frame came');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a frame');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }
}

export interface ConnectOptions {
  kind?: 'transcribe' | 'dictate';
  caller?: 'server' | 'user';
  token?: string | null;
  via?: 'header' | 'subprotocol';
  protocols?: string[];
  version?: string | null;
}

/** Opens a socket; rejects with `{status}` when the upgrade is refused. */
export function connect(h: Harness, o: ConnectOptions = {}): Promise<RawClient> {
  const kind = o.kind ?? 'transcribe';
  const caller = o.caller ?? 'server';
  const token = o.token === undefined ? TOKENS[caller] : o.token;
  const version = o.version === undefined ? VERSION : o.version;
  const query = version === null ? '' : `?nabla-api-version=${version}`;
  const url = `ws://127.0.0.1:${h.port}/v1/core/${caller}/${kind}-ws${query}`;
  const base = o.protocols ?? [`${kind}-protocol`];
  const via = o.via ?? 'header';
  const protocols = via === 'subprotocol' && token !== null ? [...base, `jwt-${token}`] : base;
  const headers = via === 'header' && token !== null ? { Authorization: `Bearer ${token}` } : undefined;
  const ws = new WebSocket(url, protocols, headers ? { headers } : {});
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(new RawClient(ws)));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        reject(
          Object.assign(new Error(`upgrade refused ${res.statusCode}`), { status: res.statusCode, body }),
        ),
      );
    });
    ws.once('error', (e) => reject(e));
  });
}

/** The 1600-sample chunks of `samples` as base64 payloads (the last one may be short). */
export function payloads(samples: Int16Array, chunk = 1600): string[] {
  const out: string[] = [];
  for (let i = 0; i < samples.length; i += chunk) {
    const part = samples.subarray(i, Math.min(samples.length, i + chunk));
    out.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'));
  }
  return out;
}

/** A CONFIG for /transcribe-ws. */
export function transcribeConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'CONFIG',
    encoding: 'PCM_S16LE',
    sample_rate: 16000,
    speech_locales: ['ENGLISH_US'],
    streams: [{ id: 'main', speaker_type: 'UNSPECIFIED' }],
    enable_audio_chunk_ack: true,
    split_by_sentence: true,
    ...overrides,
  };
}

/** A CONFIG for /dictate-ws. */
export function dictateConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'CONFIG',
    encoding: 'PCM_S16LE',
    sample_rate: 16000,
    punctuation_mode: 'EXPLICIT',
    dictation_locale: 'ENGLISH_US',
    enable_async_corrections: false,
    ...overrides,
  };
}

/** Sends chunks `payloadList[from..to)` with seq_ids starting at `seqStart`. */
export function sendChunks(
  c: RawClient,
  list: string[],
  o: { streamId?: string; seqStart?: number; from?: number; to?: number } = {},
): number {
  const from = o.from ?? 0;
  const to = o.to ?? list.length;
  let seq = o.seqStart ?? 0;
  for (let i = from; i < to; i++) {
    c.send({
      type: 'AUDIO_CHUNK',
      ...(o.streamId === undefined ? {} : { stream_id: o.streamId }),
      seq_id: seq++,
      payload: list[i],
    });
  }
  return seq;
}

/** Deterministic noise, so every chunk is unique (a stand-in for speech). */
export function noise(length: number, seed: number): Int16Array {
  const out = new Int16Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = (x >>> 16) - 32768;
  }
  return out;
}

/**
 * A synthetic recording: exact-zero silence around two "sentences" of noise whose bounds do not fall on
 * chunk boundaries, like the espeak-ng fixtures (silence there is exact zeros too).
 */
export function syntheticRecording(name = 'synthetic'): FixtureRecording {
  const samples = new Int16Array(64_000);
  samples.set(noise(16_000, 7), 4_000); // A: 4000..20000
  samples.set(noise(24_500, 11), 27_700); // B: 27700..52200
  return {
    name,
    samples,
    sentences: [
      { text: 'alpha beta gamma delta', speaker: 'DOCTOR', startSample: 4_000, endSample: 20_000 },
      { text: 'one two three four five six', speaker: 'PATIENT', startSample: 27_700, endSample: 52_200 },
    ],
  };
}
