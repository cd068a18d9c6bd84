/**
 * How a transcription session reconnects: bounded token renewal, no giving up on an outage while
 * recording, per-stream coverage with two streams, and memory that stays bounded while offline.
 */
import { describe, expect, it } from 'vitest';
import type { AccessTokenSource } from '../../../../main/core/api/auth/token-source.ts';
import { KeptAudio, type AudioJournal } from '../../../../main/core/streaming/kept-audio.ts';
import type { TranscribeSession } from '../../../../main/core/streaming/transcribe-session.ts';
import { type TranscribeSessionOptions } from '../../../../main/core/streaming/transcribe-session.ts';
import type { StreamingError } from '../../../../main/core/streaming/streaming-error.ts';
import { markerChunk, until, type FakePeerOptions } from './fake-peer.ts';
import { transcribeOnPeer } from './transcribe-on-peer.ts';

const open = transcribeOnPeer();

/** Hands out t1, then t2, t3… at each renewal, as a sign-in that can always be refreshed does. */
class RenewingTokens implements AccessTokenSource {
  readonly caller = 'user' as const;
  readonly renewed: string[] = [];
  /** Renewals that fail as when the sign-in service is out of reach, before renewals work again. */
  unreachable = 0;
  #n = 1;
  async token(): Promise<string> {
    return `t${this.#n}`;
  }
  async renew(rejected: string): Promise<string> {
    this.renewed.push(rejected);
    if (this.unreachable > 0) {
      this.unreachable--;
      throw Object.assign(new Error('unreachable'), { retryable: true });
    }
    return `t${++this.#n}`;
  }
}

async function setup(
  peerOptions: Partial<FakePeerOptions>,
  options: Partial<TranscribeSessionOptions> = {},
  tokens: AccessTokenSource = new RenewingTokens(),
) {
  const { peer, session } = await open(peerOptions, options, tokens);
  const warnings: StreamingError[] = [];
  session.on('warning', (w) => warnings.push(w));
  return { peer, session, warnings };
}

function feed(session: TranscribeSession, from: number, to: number, stream = 'doctor', shift = 0): void {
  for (let i = from; i < to; i++)
    expect(session.sendAudio(stream, markerChunk(i + 1 - shift > 0 ? i + 1 - shift : 0))).toBe(true);
}

const texts = (session: TranscribeSession, speaker = 'DOCTOR') =>
  session
    .finalItems()
    .filter((i) => i.speaker_type === speaker)
    .map((i) => [i.text, i.start_offset_ms, i.end_offset_ms]);

describe('token renewal at the upgrade', () => {
  it('fails as "sign in again" after two renewed tokens are refused in a row, with backoff between', async () => {
    const tokens = new RenewingTokens();
    const { peer, session } = await setup({ acceptedTokens: [] }, { random: () => 1 }, tokens);
    const attempts: number[] = [];
    session.on('connection', (c) => attempts.push(c.attempt));
    const error = (await session.start().catch((e: unknown) => e)) as StreamingError;
    expect(error.code).toBe('unauthorized');
    expect(session.state).toBe('failed');
    // Not a loop: three upgrades, two renewals, and the second renewal waited (an attempt was counted).
    expect(peer.rejectedTokens).toEqual(['t1', 't2', 't3']);
    expect(tokens.renewed).toEqual(['t1', 't2']);
    expect(attempts).toContain(1);
  });

  it('renews again after a socket opened in between, and retries a renewal that met the outage', async () => {
    const tokens = new RenewingTokens();
    const { peer, session } = await setup({}, {}, tokens);
    await session.start();
    for (const next of ['t2', 't3', 't4']) {
      const count = peer.connections.length;
      peer.options.acceptedTokens.splice(0, 1, next); // the current token expired on the service side
      peer.connections.at(-1)!.terminate();
      await peer.waitForConnections(count + 1);
    }
    tokens.unreachable = 1;
    peer.options.acceptedTokens.splice(0, 1, 't5');
    peer.connections.at(-1)!.terminate();
    await peer.waitForConnections(5);
    expect(tokens.renewed).toEqual(['t1', 't2', 't3', 't4', 't4']);
    expect(peer.connections.at(-1)!.authorization).toBe('Bearer t5');
    feed(session, 0, 10);
    await session.end();
    expect(texts(session)).toEqual([['s0', 0, 1000]]);
  });
});

describe('a long outage', () => {
  it('keeps reconnecting while recording, far past the old budget, and loses no sentence', async () => {
    const { peer, session, warnings } = await setup({ partials: false }, { coverageGuardMs: 500 });
    await session.start();
    feed(session, 0, 15);
    await until(() => session.finalItems().length === 1);
    peer.down = true;
    peer.connections[0]!.terminate();
    // Speech goes on during the outage; 40 failed attempts, where 12 used to end the visit.
    feed(session, 15, 35);
    await until(() => warnings.length >= 40);
    feed(session, 35, 45);
    expect(session.state).toBe('reconnecting');
    peer.down = false;
    await peer.waitForConnections(2);
    feed(session, 45, 60);
    await session.end();
    expect(warnings.every((w) => w.code === 'connection_lost')).toBe(true);
    expect(texts(session)).toEqual([0, 1, 2, 3, 4, 5].map((k) => [`s${k}`, k * 1000, (k + 1) * 1000]));
  });

  it('gives up only once the visit is ending (the journal keeps the rest)', async () => {
    const { peer, session, warnings } = await setup({});
    await session.start();
    feed(session, 0, 5);
    peer.down = true;
    peer.connections[0]!.terminate();
    const error = (await session.end().catch((e: unknown) => e)) as StreamingError;
    expect(error.code).toBe('connection_lost');
    expect(warnings.length).toBe(13);
    expect(session.unconfirmedMs).toBe(500);
  });

  it('keeps memory bounded while nothing can be sent (kept audio lives in the journal)', async () => {
    const journal: AudioJournal = {
      appendAudio: async () => undefined,
      readAudio: async () => new Int16Array(1600),
      writable: true,
    };
    const audio = new KeptAudio(1, { journal, maxMemoryChunks: 20, maxInFlightMs: 1_000 });
    audio.startSocket();
    for (let i = 0; i < 5; i++)
      audio.append(
        0,
        markerChunk(i + 1),
        () => undefined,
        () => undefined,
      );
    for (let i = 0; i < 5; i++) audio.markSent(0, i);
    // The socket dropped: an hour-long outage in miniature, nothing sent, nothing released.
    let durable = 0;
    for (let i = 5; i < 2_000; i++)
      audio.append(
        0,
        markerChunk(i + 1),
        () => durable++,
        () => undefined,
      );
    await until(() => durable === 1_995); // every chunk is in the journal (and may leave memory)
    expect(audio.unconfirmedMs).toBe(200_000);
    expect(audio.memoryChunks).toBeLessThanOrEqual(20 + 10);
    expect(await audio.chunk(0, 1_500)).toBeInstanceOf(Int16Array);
  });
});

describe('two streams', () => {
  it("lets a silent stream go with the other's final text, never the sentence it has under way", async () => {
    const streams = [
      { id: 'doctor', speakerType: 'DOCTOR' as const },
      { id: 'patient', speakerType: 'PATIENT' as const },
    ];
    const guard = 200;
    const { peer, session } = await setup({}, { streams, coverageGuardMs: guard });
    await session.start();
    // 30 s of doctor speech; the patient mic is silent but for half a sentence from 25 s, still open.
    const patient = (i: number) => (i >= 250 && i < 255) || (i >= 300 && i < 305);
    const both = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        feed(session, i, i + 1);
        if (patient(i)) feed(session, i, i + 1, 'patient', i < 300 ? 250 : 295);
        else expect(session.sendAudio('patient', new Int16Array(1600))).toBe(true);
      }
    };
    both(0, 300);
    await until(() => texts(session).length === 30);
    peer.connections[0]!.terminate();
    const second = await peer.waitForConnections(2);
    await until(() => second.chunks.length > 0);
    // The patient's audio went up to 10 s (the silent lag) behind the doctor's last final: not from 0.
    expect(session.audio.socketFirst).toBe((30_000 - 10_000 - guard) / 100);
    both(300, 320);
    await session.end();
    expect(texts(session)).toEqual([...Array(32).keys()].map((k) => [`s${k}`, k * 1000, (k + 1) * 1000]));
    // The patient's sentence was replayed from its start, whole, and arrived once.
    expect(texts(session, 'PATIENT')).toEqual([['s0', 25_000, 30_500]]);
  });

  it('never lets the quiet-stream rule release speech the recogniser has not reported yet', async () => {
    const streams = [
      { id: 'doctor', speakerType: 'DOCTOR' as const },
      { id: 'patient', speakerType: 'PATIENT' as const },
    ];
    const guard = 200;
    // No partials: the recogniser says nothing of the patient's half sentence until it is whole.
    const { peer, session } = await setup({ partials: false }, { streams, coverageGuardMs: guard });
    await session.start();
    /** Speech-loud audio (alternating ±3000) that still carries its marker in the first sample. */
    const spoken = (marker: number) => {
      const chunk = new Int16Array(1600).map((_, i) => (i % 2 === 0 ? 3000 : -3000));
      chunk[0] = marker;
      return chunk;
    };
    const patientSpeaks = (i: number) => (i >= 50 && i < 55) || (i >= 300 && i < 305);
    const both = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        feed(session, i, i + 1);
        const marker = i < 300 ? i - 49 : i - 294;
        expect(session.sendAudio('patient', patientSpeaks(i) ? spoken(marker) : new Int16Array(1600))).toBe(
          true,
        );
      }
    };
    // The patient starts a sentence at 5 s; the doctor then talks until 30 s.
    both(0, 300);
    await until(() => texts(session).length === 30);
    peer.connections[0]!.terminate();
    const second = await peer.waitForConnections(2);
    await until(() => second.chunks.length > 0);
    // The doctor's text alone would let the patient's audio go up to 19.8 s, but 5 s holds speech.
    expect(session.audio.socketFirst).toBe((5_000 - guard) / 100);
    both(300, 320);
    await session.end();
    expect(texts(session, 'PATIENT')).toEqual([['s0', 5_000, 30_500]]);
  });

  it("releases each stream by its own speaker's final items, so overlapping speech survives drops", async () => {
    const streams = [
      { id: 'doctor', speakerType: 'DOCTOR' as const },
      { id: 'patient', speakerType: 'PATIENT' as const },
    ];
    const { peer, session } = await setup({ partials: false }, { streams, coverageGuardMs: 200 });
    await session.start();
    // The patient speaks half a second after the doctor, for as long: their sentences overlap.
    const both = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        feed(session, i, i + 1);
        feed(session, i, i + 1, 'patient', 5);
      }
    };
    both(0, 42);
    // Doctor s0-s3 and patient s0-s2 are final; the patient's s3 (3500-4500 ms) is under way.
    await until(() => session.finalItems().length === 7);
    peer.connections[0]!.terminate();
    const second = await peer.waitForConnections(2);
    // Each stream replays from the start of its own last sentence: the patient's s2 at 2500 ms, and the
    // doctor's s3 at 3000 ms (silence before that on the shared socket timeline).
    await until(() => second.chunks.length >= 12);
    const first = (id: string) => second.chunks.filter((c) => c.streamId === id).map((c) => c.marker);
    expect(first('patient').slice(0, 3)).toEqual([21, 22, 23]);
    expect(first('doctor').slice(0, 7)).toEqual([0, 0, 0, 0, 0, 31, 32]);
    both(42, 53);
    await until(() => second.chunks.filter((c) => c.streamId === 'doctor').length === 53 - 25);
    second.terminate();
    await peer.waitForConnections(3);
    both(53, 60);
    await session.end();
    expect(texts(session)).toEqual([0, 1, 2, 3, 4, 5].map((k) => [`s${k}`, k * 1000, (k + 1) * 1000]));
    expect(texts(session, 'PATIENT')).toEqual(
      [0, 1, 2, 3, 4].map((k) => [`s${k}`, k * 1000 + 500, k * 1000 + 1500]),
    );
  });
});
