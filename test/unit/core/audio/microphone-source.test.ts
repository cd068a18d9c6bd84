import { describe, expect, it } from 'vitest';
import { FakeRecorder } from '../../../../native/recorder.fake.ts';
import type { AudioNotice } from '../../../../main/core/audio/audio-source.ts';
import { listMicrophones, openAudioSource } from '../../../../main/core/audio/index.ts';
import { MicrophoneAudioSource } from '../../../../main/core/audio/microphone-source.ts';
import { concatInt16 } from '../../../../main/core/audio/pcm.ts';
import { devices, tone } from './fake-microphones.ts';

/** Reads `count` frames from a source, then stops it; returns the samples and the notices seen. */
async function capture(
  device: string | undefined,
  recorder: FakeRecorder,
  count = 4,
  options: { onLost?: 'default' | 'silence'; stallMs?: number; avoid?: string } = {},
) {
  const source =
    options.stallMs === undefined
      ? openAudioSource(
          {
            kind: 'microphone',
            ...(device === undefined ? {} : { device }),
            ...(options.onLost ? { onLost: options.onLost } : {}),
            ...(options.avoid ? { avoid: options.avoid } : {}),
          },
          { recorder },
        )
      : new MicrophoneAudioSource({
          recorder,
          ...(device === undefined ? {} : { device }),
          ...options,
        });
  const notices: AudioNotice[] = [];
  source.onDidNotice?.((n) => notices.push(n));
  const frames: Int16Array[] = [];
  for await (const f of source.frames()) {
    frames.push(f.samples);
    if (frames.length === count) await source.stop();
  }
  return { samples: concatInt16(frames), frames, notices, label: source.info.label };
}

describe('MicrophoneAudioSource', () => {
  it('captures the OS default when no device is chosen, without a notice', async () => {
    const recorder = devices();
    const { samples, notices, label } = await capture(undefined, recorder);
    expect(samples[0]).toBe(100);
    expect(notices).toEqual([]);
    expect(label).toBe('Built-in Microphone');
    expect(recorder.active.size).toBe(0);
  });

  it('captures the chosen device by name', async () => {
    const { samples, notices, label } = await capture('USB Headset', devices());
    expect(samples[0]).toBe(200);
    expect(notices).toEqual([]);
    expect(label).toBe('USB Headset');
  });

  it('falls back to the default with a device_fallback notice when the chosen device is not listed', async () => {
    const { samples, notices } = await capture('Unplugged Mic', devices());
    expect(samples[0]).toBe(100);
    expect(notices).toEqual([
      { code: 'device_fallback', reason: 'not_found', device: 'Built-in Microphone' },
    ]);
  });

  it('falls back to the default when the chosen device cannot be opened', async () => {
    const recorder = devices();
    recorder.setDevice({ name: 'USB Headset', failToOpen: true });
    const { notices } = await capture('USB Headset', recorder);
    expect(notices.map((n) => n.reason)).toEqual(['not_found']);
  });

  it('switches to the default mid-capture when the chosen device fails, and keeps delivering', async () => {
    const recorder = devices();
    recorder.setDevice({ name: 'USB Headset', samples: tone(200), failAfterFrames: 2 });
    const { frames, notices } = await capture('USB Headset', recorder, 5);
    expect(frames[0]![0]).toBe(200);
    expect(frames[1]![0]).toBe(200);
    // Then silence for the (short) switch, then the default device.
    expect(frames.slice(2).some((f) => f[0] === 100)).toBe(true);
    expect(frames.slice(2).every((f) => f[0] === 100 || f.every((s) => s === 0))).toBe(true);
    expect(notices).toEqual([
      { code: 'device_fallback', reason: 'device_lost', device: 'Built-in Microphone' },
    ]);
    expect(recorder.opened).toEqual(['USB Headset', 'Built-in Microphone']);
    expect(recorder.active.size).toBe(0);
  });

  it('ends with AudioError device_lost when the default itself fails', async () => {
    const recorder = new FakeRecorder([{ name: 'Only Mic', failAfterFrames: 1 }]);
    await expect(capture(undefined, recorder)).rejects.toMatchObject({
      name: 'AudioError',
      code: 'device_lost',
    });
  });

  it('ends with AudioError mic_unavailable when there is no device at all', async () => {
    await expect(capture(undefined, new FakeRecorder([]))).rejects.toMatchObject({ code: 'mic_unavailable' });
  });

  it('captures two devices side by side, each hearing its own audio', async () => {
    const recorder = devices();
    const [a, b] = await Promise.all([
      capture('Built-in Microphone', recorder, 6),
      capture('USB Headset', recorder, 6),
    ]);
    expect(a.samples.every((s) => s === 100 || s === 0)).toBe(true);
    expect(b.samples.every((s) => s === 200 || s === 0)).toBe(true);
    expect(recorder.opened.sort()).toEqual(['Built-in Microphone', 'USB Headset']);
  });

  it('treats a read that stalls without an error as a lost device (watchdog) and falls back', async () => {
    const recorder = devices();
    recorder.setDevice({ name: 'USB Headset', samples: tone(200), stallAfterFrames: 2 });
    const { frames, notices } = await capture('USB Headset', recorder, 5, { stallMs: 200 });
    expect(frames.slice(0, 2).map((f) => f[0])).toEqual([200, 200]);
    expect(frames.slice(2).some((f) => f[0] === 100)).toBe(true);
    expect(notices).toEqual([
      { code: 'device_fallback', reason: 'device_lost', device: 'Built-in Microphone' },
    ]);
    expect(recorder.active.size).toBe(0);
  });

  describe("onLost 'silence' (the patient's input beside the clinician's)", () => {
    it('says the input is lost and goes on as silence when the chosen device is missing, never the default', async () => {
      for (const device of ['Unplugged Mic', '', undefined]) {
        const recorder = devices();
        const { samples, notices } = await capture(device, recorder, 2, { onLost: 'silence' });
        expect(samples.length).toBeGreaterThan(0);
        expect(samples.every((s) => s === 0)).toBe(true);
        expect(notices.map((n) => [n.code, n.reason])).toEqual([['input_lost', 'not_found']]);
        expect(recorder.opened).toEqual([]);
      }
    });

    it('also when the chosen device is listed but cannot be opened (the stream must not die)', async () => {
      const recorder = devices();
      recorder.setDevice({ name: 'USB Headset', samples: tone(200), failToOpen: true });
      const { samples, notices } = await capture('USB Headset', recorder, 2, { onLost: 'silence' });
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.every((s) => s === 0)).toBe(true);
      expect(notices).toEqual([{ code: 'input_lost', reason: 'not_found', device: 'USB Headset' }]);
      expect(recorder.active.size).toBe(0);
    });

    it('goes on as silence when the device is lost mid-capture, says so, and never opens the default', async () => {
      const recorder = devices();
      recorder.setDevice({ name: 'USB Headset', samples: tone(200), failAfterFrames: 2 });
      const { frames, notices } = await capture('USB Headset', recorder, 5, { onLost: 'silence' });
      expect(frames.slice(0, 2).map((f) => f[0])).toEqual([200, 200]);
      const after = concatInt16(frames.slice(2));
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((s) => s === 0)).toBe(true);
      expect(notices).toEqual([{ code: 'input_lost', reason: 'device_lost', device: 'USB Headset' }]);
      expect(recorder.opened).toEqual(['USB Headset']);
      expect(recorder.active.size).toBe(0);
    });

    it('also goes on as silence when the read stalls', async () => {
      const recorder = devices();
      recorder.setDevice({ name: 'USB Headset', samples: tone(200), stallAfterFrames: 1 });
      const { frames, notices } = await capture('USB Headset', recorder, 3, {
        onLost: 'silence',
        stallMs: 200,
      });
      expect(frames[0]![0]).toBe(200);
      expect(concatInt16(frames.slice(1)).every((s) => s === 0)).toBe(true);
      expect(notices.map((n) => n.code)).toEqual(['input_lost']);
      expect(recorder.opened).toEqual(['USB Headset']);
    });
  });

  describe("avoid (the clinician's microphone beside the patient's input)", () => {
    it('never falls back to a default that is the input to avoid: silence and input_lost instead', async () => {
      const recorder = devices(); // the default is the Built-in Microphone
      recorder.setDevice({ name: 'USB Headset', samples: tone(200), failAfterFrames: 2 });
      const { frames, notices } = await capture('USB Headset', recorder, 5, {
        avoid: 'Built-in Microphone',
      });
      expect(frames.slice(0, 2).map((f) => f[0])).toEqual([200, 200]);
      const after = concatInt16(frames.slice(2));
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((s) => s === 0)).toBe(true); // never the patient's input's 100s
      expect(notices).toEqual([{ code: 'input_lost', reason: 'device_lost', device: 'USB Headset' }]);
      expect(recorder.active.size).toBe(0);
    });

    it('the same when the chosen device is missing at start', async () => {
      const { samples, notices } = await capture('Unplugged Mic', devices(), 2, {
        avoid: 'Built-in Microphone',
      });
      expect(samples.every((s) => s === 0)).toBe(true);
      expect(notices.map((n) => n.code)).toEqual(['input_lost']);
    });

    it('still falls back to a default that is another device', async () => {
      const recorder = devices();
      recorder.setDevice({ name: 'USB Headset', samples: tone(200), failAfterFrames: 2 });
      const { frames, notices } = await capture('USB Headset', recorder, 8, { avoid: 'Patient Mic' });
      expect(frames.at(-1)![0]).toBe(100);
      expect(notices.map((n) => n.code)).toEqual(['device_fallback']);
    });
  });

  it('lists microphones with the default marked', async () => {
    const recorder = devices();
    expect(await listMicrophones({ recorder })).toEqual([
      { name: 'Built-in Microphone', isDefault: true },
      { name: 'USB Headset', isDefault: false },
    ]);
    recorder.removeDevice('Built-in Microphone');
    expect(await listMicrophones({ recorder })).toEqual([{ name: 'USB Headset', isDefault: true }]);
    expect(await listMicrophones({ recorder: new FakeRecorder([]) })).toEqual([]);
  });
});
