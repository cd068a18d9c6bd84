/**
 * HeadlessVisit (what `scribe transcribe` runs): one source through the visit's inputs into a live session,
 * with a fake transcriber whose session pumps the stream as the real adapter does.
 */
import { describe, expect, it } from 'vitest';
import { AudioError, CHUNK_SAMPLES } from '../../../../main/core/audio/audio-source.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { HeadlessVisit } from '../../../../main/features/visit/headless-visit.ts';
import type { LiveStream } from '../../../../main/features/visit/ports.ts';
import type { FakeLiveSession } from './fakes.ts';
import { FakeTranscriber } from './fakes.ts';

/** Sessions that take every chunk of their one stream, then report the audio's end (or its failure). */
class PumpingTranscriber extends FakeTranscriber {
  chunks = 0;
  override async start(options: { locales: readonly string[]; streams: readonly LiveStream[] }) {
    const session = (await super.start(options)) as FakeLiveSession;
    void (async () => {
      let code: 'device_lost' | null = null;
      try {
        for await (const chunk of options.streams[0]!.chunks)
          if (chunk.length === CHUNK_SAMPLES) this.chunks++;
      } catch {
        code = 'device_lost';
      }
      for (const l of session.audioEnds) l({ code });
    })();
    return session;
  }
}

function tone(samples: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => Math.round(8_000 * Math.sin(i / 5)));
}

function visitOf(source: FakeAudioSource, transcriber: FakeTranscriber): HeadlessVisit {
  return new HeadlessVisit({
    source,
    stream: { id: 'audio', speakerType: 'DOCTOR' },
    locales: ['ENGLISH_US'],
    transcriber,
  });
}

describe('HeadlessVisit', () => {
  it('streams every chunk of the source, ends the session, and keeps the final items in time order', async () => {
    const transcriber = new PumpingTranscriber();
    // At real-time pace (one second), so the items arrive while the visit streams.
    const source = new FakeAudioSource({ samples: tone(CHUNK_SAMPLES * 10), pace: 'realtime' });
    const visit = visitOf(source, transcriber);
    const run = visit.run();
    await expect.poll(() => transcriber.sessions.length).toBe(1);
    const session = transcriber.sessions[0]!;
    await expect.poll(() => session.items.size).toBe(1); // the visit listens once start() answered
    session.item({ id: 'b', text: 'second', speaker: 'DOCTOR', startMs: 900, endMs: 1200, final: true });
    session.item({ id: 'a', text: 'first', speaker: 'DOCTOR', startMs: 100, endMs: 500, final: true });
    session.item({
      id: 'c',
      text: 'partial',
      speaker: 'DOCTOR',
      startMs: 1300,
      endMs: 1400,
      final: false,
    });
    await expect(run).resolves.toBe(true);
    expect(transcriber.chunks).toBe(10);
    expect(session.streams.map((s) => [s.id, s.speakerType])).toEqual([['audio', 'DOCTOR']]);
    expect(session.calls).toEqual(['end']);
    expect(visit.audioSent).toBe(true);
    expect(visit.transcript.finalInputs({ verbatim: true }).map((i) => i.text)).toEqual(['first', 'second']);
  });

  it('starts no session when the source gives no audio at all', async () => {
    const transcriber = new PumpingTranscriber();
    const visit = visitOf(new FakeAudioSource({ samples: new Int16Array(0) }), transcriber);
    await expect(visit.run()).resolves.toBe(false);
    expect(transcriber.sessions).toHaveLength(0);
  });

  it('a device that fails before its first chunk rejects with its own error, before any session', async () => {
    const transcriber = new PumpingTranscriber();
    const source = new FakeAudioSource({ samples: tone(CHUNK_SAMPLES * 5), failAfterFrames: 0 });
    await expect(visitOf(source, transcriber).run()).rejects.toBeInstanceOf(AudioError);
    expect(transcriber.sessions).toHaveLength(0);
  });

  it('a device that fails midway rejects with its own error and aborts the session (its journal kept)', async () => {
    const transcriber = new PumpingTranscriber();
    const source = new FakeAudioSource({ samples: tone(CHUNK_SAMPLES * 20), failAfterFrames: 10 });
    const visit = visitOf(source, transcriber);
    await expect(visit.run()).rejects.toMatchObject({ name: 'AudioError', code: 'device_lost' });
    expect(transcriber.sessions[0]!.calls).toEqual(['abort']);
    expect(visit.audioSent).toBe(true);
    expect(visit.keep()).toBe(true);
  });

  it('stop() ends the audio and the session gracefully', async () => {
    const transcriber = new PumpingTranscriber();
    const source = new FakeAudioSource({ samples: tone(CHUNK_SAMPLES * 600), pace: 'realtime' });
    const visit = visitOf(source, transcriber);
    const run = visit.run();
    await expect.poll(() => transcriber.chunks).toBeGreaterThan(1);
    await visit.stop();
    await expect(run).resolves.toBe(true);
    expect(transcriber.sessions[0]!.calls).toEqual(['end']);
    expect(transcriber.chunks).toBeLessThan(600);
  });
});
