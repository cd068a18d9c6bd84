import { describe, expect, it } from 'vitest';
import { FakeRecorder } from '../../../native/recorder-fake.ts';
import type { AudioNotice } from '../../../main/audio/audio-source.ts';
import { listMicrophones, openAudioSource } from '../../../main/audio/index.ts';
import { concatInt16 } from '../../../main/audio/pcm.ts';

const tone = (value: number, n = 4_096): Int16Array => new Int16Array(n).fill(value);

function devices(): FakeRecorder {
  return new FakeRecorder(
    [
      { name: 'Built-in Microphone', samples: tone(100) },
      { name: 'USB Headset', samples: tone(200) },
    ],
    0,
  );
}

/** Reads `count` frames from a source, then stops it; returns the samples and the notices seen. */
async function capture(device: string | undefined, recorder: FakeRecorder, count = 4) {
  const source = openAudioSource(
    device === undefined ? { kind: 'microphone' } : { kind: 'microphone', device },
    { recorder },
  );
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
