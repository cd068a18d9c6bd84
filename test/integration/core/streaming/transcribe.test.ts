/**
 * Ambient transcription over loopback against the local service: the real file source, chunker, session,
 * token source and socket, and a service whose recognition depends on the audio that actually arrived.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkFrames } from '../../../../main/core/audio/chunker.ts';
import { openAudioSource } from '../../../../main/core/audio/index.ts';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';
import {
  delay,
  expectedSentences,
  expectTranscript,
  fixtureChunks,
  streamingPerFile,
  transcribeSession,
  until,
} from './harness.ts';

const h = streamingPerFile();
afterEach(() => void vi.useRealTimers());

describe('transcribe-ws against the local service', () => {
  it('transcribes visit.wav sent fast: every sentence once, in order, speaker and offsets right', async () => {
    const session = transcribeSession(h);
    const before = h.streaming.sockets.length;
    await session.start();
    const source = openAudioSource({ kind: 'file', path: join(FIXTURE_DIR, 'visit.wav'), pace: 'fast' });
    let sent = 0;
    for await (const chunk of chunkFrames(source.frames())) if (session.sendAudio('room', chunk)) sent++;
    await session.end();

    expect(sent).toBe(fixtureChunks('visit.wav').length);
    expectTranscript(session.finalItems(), expectedSentences('visit.wav'));
    const sockets = h.streaming.sockets.slice(before);
    expect(sockets).toHaveLength(1);
    await until(() => sockets[0]!.state === 'closed', 'the service to see the close');
    expect(sockets[0]).toMatchObject({
      kind: 'transcribe',
      caller: 'server',
      apiVersion: '2026-10-05',
      authVia: 'header',
      errorsSent: [],
      closedBy: 'server',
      closeCode: 1000,
    });
    expect(sockets[0]!.chunksByStream).toEqual({ room: sent });
    expect(session.state).toBe('closed');
    expect(session.unconfirmedMs).toBe(0);
  });

  it('labels two streams: DOCTOR microphone and PATIENT second source', async () => {
    // Doctor says s1 at 0 s, s3 at 5 s; the patient says s2 at 2 s and s4 at 8 s; silence elsewhere.
    const length = 120;
    const doctor = place(length, [
      ['visit-s1.wav', 0],
      ['visit-s3.wav', 50],
    ]);
    const patient = place(length, [
      ['visit-s2.wav', 20],
      ['visit-s4.wav', 80],
    ]);
    const session = transcribeSession(h, {
      streams: [
        { id: 'doctor', speakerType: 'DOCTOR' },
        { id: 'patient', speakerType: 'PATIENT' },
      ],
    });
    const before = h.streaming.sockets.length;
    await session.start();
    for (let i = 0; i < length; i++) {
      session.sendAudio('doctor', doctor[i]!);
      session.sendAudio('patient', patient[i]!);
    }
    await session.end();

    const at = (file: string, chunk: number) =>
      expectedSentences(file, chunk * 100).map((s) => ({ ...s, speaker: s.speaker }));
    const expected = [
      ...at('visit-s1.wav', 0),
      ...at('visit-s2.wav', 20),
      ...at('visit-s3.wav', 50),
      ...at('visit-s4.wav', 80),
    ];
    expectTranscript(session.finalItems(), expected);
    const socket = h.streaming.sockets[before]!;
    expect(socket.config).toMatchObject({
      streams: [
        { id: 'doctor', speaker_type: 'DOCTOR' },
        { id: 'patient', speaker_type: 'PATIENT' },
      ],
    });
    expect(socket.chunksByStream).toEqual({ doctor: length, patient: length });
  });

  it('two streams with overlapping speech and drops: each stream replays from its own sentence start', async () => {
    // The patient talks over the doctor twice. No coverage guard: each stream's audio is released right up
    // to its speaker's last final item, so releasing by the other speaker's items would cut into speech.
    const length = 100;
    const doctor = place(length, [
      ['visit-s1.wav', 0],
      ['visit-s3.wav', 30],
      ['visit-s5.wav', 70],
    ]);
    const patient = place(length, [
      ['visit-s2.wav', 10],
      ['visit-s4.wav', 45],
    ]);
    const session = transcribeSession(h, {
      streams: [
        { id: 'doctor', speakerType: 'DOCTOR' },
        { id: 'patient', speakerType: 'PATIENT' },
      ],
      coverageGuardMs: 0,
    });
    const before = h.streaming.sockets.length;
    const finalOf = (speaker: string, minEndMs: number) => () =>
      session.finalItems().some((i) => i.speaker_type === speaker && i.end_offset_ms >= minEndMs);
    // Cut the socket once the doctor's s3 is final while the patient's s4 is under way (and not yet
    // reported), then again once the patient's s4 is final while the doctor's s5 is under way.
    const drops = new Map([
      [53, finalOf('DOCTOR', 4_900)],
      [80, finalOf('PATIENT', 6_000)],
    ]);
    await session.start();
    for (let i = 0; i < length; i++) {
      session.sendAudio('doctor', doctor[i]!);
      session.sendAudio('patient', patient[i]!);
      await delay(10); // two microphones' pace at 10× real time
      const drop = drops.get(i);
      if (drop) {
        await until(drop, `the final item before drop ${i}`);
        h.streaming.terminateAll();
      }
    }
    await session.end();

    const at = (file: string, chunk: number) => expectedSentences(file, chunk * 100);
    expectTranscript(session.finalItems(), [
      ...at('visit-s1.wav', 0),
      ...at('visit-s2.wav', 10),
      ...at('visit-s3.wav', 30),
      ...at('visit-s4.wav', 45),
      ...at('visit-s5.wav', 70),
    ]);
    const sockets = h.streaming.sockets.slice(before);
    expect(sockets.filter((s) => s.closedBy === 'terminated')).toHaveLength(2);
    expect(sockets.flatMap((s) => s.errorsSent)).toEqual([]);
  });

  it('pauses longer than the silence timeout and resumes without losing or repeating anything', async () => {
    // The service's clock is driven: its timers (silence timeout, recognition latency) run on fake timers from
    // before the first socket opens, so the pause outlasts the silence timeout by the service's own measure.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const chunks = fixtureChunks('visit.wav');
    const session = transcribeSession(h);
    const before = h.streaming.sockets.length;
    await session.start();
    // Pause between sentence 2 (ends at 4.2 s) and sentence 3 (starts at 4.6 s).
    for (const chunk of chunks.slice(0, 44)) session.sendAudio('room', chunk);
    await session.pause();
    expect(session.state).toBe('paused');
    expect(session.sendAudio('room', chunks[44]!)).toBe(false); // nothing is taken while paused
    // The person's pause: a socket left open (and silent) would get its 83011 right here.
    vi.advanceTimersByTime(h.streaming.timings.silenceTimeoutMs + 500);
    await session.resume();
    for (const chunk of chunks.slice(44)) session.sendAudio('room', chunk);
    await session.end();

    expectTranscript(session.finalItems(), expectedSentences('visit.wav'));
    const sockets = h.streaming.sockets.slice(before);
    expect(sockets).toHaveLength(2);
    for (const s of sockets) expect(s.errorsSent).toEqual([]); // no 83011 during the pause
    expect(sockets.map((s) => s.chunksByStream.room)).toEqual([44, chunks.length - 44]);
  });
});

/** A stream of `length` silent chunks with fixture recordings placed at chunk positions. */
function place(length: number, at: [string, number][]): Int16Array[] {
  const out: Int16Array[] = Array.from({ length }, () => new Int16Array(1600));
  for (const [file, first] of at) fixtureChunks(file).forEach((chunk, i) => (out[first + i] = chunk));
  return out;
}
