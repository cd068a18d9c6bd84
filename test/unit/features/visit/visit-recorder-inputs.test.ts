/**
 * What a visit's audio inputs show while it records: the level (at least 20 readings a second), a warning
 * after 10 s of silence, a replaced or lost input on the visit state; the AudioTap that meters and mutes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inputWarningText } from '../../../../preload/words/index.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { AudioTap, meterScale } from '../../../../main/core/audio/audio-tap.ts';
import { FakeTranscriber } from './fakes.ts';

import { recorder } from './recorder-rig.ts';

afterEach(() => vi.useRealTimers());

describe('VisitRecorder audio inputs', () => {
  it('delivers at least 20 level readings per second of audio to the renderer', async () => {
    const { rec, events } = recorder();
    const seconds = 3;
    const tone = new Int16Array(seconds * 16_000).map((_, i) => Math.round(8_000 * Math.sin(i / 5)));
    const recording = new FakeAudioSource({ samples: tone, frameSamples: 512 });
    await rec.start({ locales: ['ENGLISH_US'] }, { kind: 'sample', recording }, new FakeTranscriber());
    const levels = () => events.filter((e) => e.event === 'visit:level');
    // The capture reads the whole recording whether or not anything takes the chunks.
    await vi.waitFor(() => expect(levels().length).toBeGreaterThanOrEqual(20 * seconds));
    expect(levels().every((e) => (e.payload as { rms: number }).rms > 0.5)).toBe(true);
    await rec.discard();
  });

  it('warns when an input has had no sound for 10 s, and stops warning while paused', async () => {
    const { rec } = recorder();
    const quiet = new FakeAudioSource({ samples: new Int16Array(12 * 16_000), frameSamples: 1_600 });
    await rec.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: quiet, patient: null },
      new FakeTranscriber(),
    );
    await vi.waitFor(() =>
      expect(rec.state.inputWarnings).toEqual([
        { stream: 'clinician', code: 'no_sound', dual: false, seconds: 10 },
      ]),
    );
    expect(inputWarningText(rec.state.inputWarnings![0]!)).toContain(
      'No sound from the microphone for 10 seconds',
    );
    await rec.pause();
    expect(rec.state.inputWarnings).toEqual([]);
    await rec.discard();
  });

  it('shows a replaced microphone and a lost patient input on the visit state, naming the stream', async () => {
    const { rec, source, events } = recorder();
    const clinician = source();
    const patient = source();
    await rec.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician, patient },
      new FakeTranscriber(),
    );
    clinician.notify({ code: 'device_fallback', reason: 'device_lost', device: 'Built-in Microphone' });
    patient.notify({ code: 'input_lost', reason: 'device_lost', device: 'Speakerphone' });
    expect(rec.state.inputWarnings).toEqual([
      {
        stream: 'clinician',
        code: 'device_fallback',
        dual: true,
        reason: 'device_lost',
        device: 'Built-in Microphone',
      },
      { stream: 'patient', code: 'input_lost', dual: true, reason: 'device_lost', device: 'Speakerphone' },
    ]);
    expect(rec.state.inputWarnings!.map(inputWarningText)).toEqual([
      expect.stringMatching(/clinician's microphone stopped working.*"Built-in Microphone"/),
      expect.stringMatching(/patient's input \(Speakerphone\) stopped working/),
    ]);
    const pushed = events.filter((e) => e.event === 'visit:state').at(-1)?.payload;
    expect(pushed).toMatchObject({ inputWarnings: rec.state.inputWarnings });
    // The patient's device comes back: only its warning goes, and the renderer is told.
    patient.notify({ code: 'input_restored', reason: 'reconnected', device: 'Speakerphone' });
    expect(rec.state.inputWarnings?.map((w) => [w.stream, w.code])).toEqual([
      ['clinician', 'device_fallback'],
    ]);
    const last = events.filter((e) => e.event === 'visit:state').at(-1)?.payload;
    expect(last).toMatchObject({ inputWarnings: rec.state.inputWarnings });
    await rec.discard();
  });
});

describe('AudioTap', () => {
  it('meters the level and yields silence of the same length while paused', async () => {
    const levels: number[] = [];
    const loud = new Int16Array(4_800).fill(16_000);
    const tap = new AudioTap(new FakeAudioSource({ samples: loud, frameSamples: 1_600 }), (l) =>
      levels.push(l.rms),
    );
    const frames: Int16Array[] = [];
    for await (const frame of tap.frames()) {
      frames.push(frame.samples);
      if (frames.length === 1) tap.setPaused(true);
    }
    expect(frames.map((f) => f.length)).toEqual([1_600, 1_600, 1_600]);
    expect(frames[0]!.every((s) => s === 16_000)).toBe(true);
    expect(frames[1]!.every((s) => s === 0) && frames[2]!.every((s) => s === 0)).toBe(true);
    expect(levels[0]).toBeGreaterThan(0.8);
    expect(levels.at(-1)).toBe(0);
    expect(meterScale(-60)).toBe(0);
    expect(meterScale(0)).toBe(1);
  });
});
