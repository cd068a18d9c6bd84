import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRecorder } from '../../../../native/recorder.fake.ts';
import type { AudioNotice } from '../../../../main/core/audio/audio-source.ts';
import { listMicrophones, openAudioSource } from '../../../../main/core/audio/index.ts';
import { MicrophoneAudioSource } from '../../../../main/core/audio/microphone-source.ts';
import { REOPEN_CHECK_MS } from '../../../../main/core/audio/microphone-options.ts';
import { concatInt16 } from '../../../../main/core/audio/pcm.ts';
import type { Delay } from '../../../../main/base/async/delay.ts';

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

  describe('a lost input in silence comes back when its device is listed again', () => {
    // The fake clock drives the silence and the checks; the fake device's reads use the real setImmediate.
    afterEach(() => vi.useRealTimers());
    /** The source's delay port on the global setTimeout, which vitest's fake clock drives. */
    const fakeClockDelay: Delay = (ms, signal) =>
      new Promise((resolve) => {
        if (signal?.aborted) return resolve();
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
        function done(): void {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        }
      });
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
    };

    /** A patient input that fails after 2 frames of 200s, read in the background until stopped. */
    async function lostPatientInput() {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const recorder = devices();
      recorder.setDevice({ name: 'Patient Mic', samples: tone(200), failAfterFrames: 2 });
      const source = new MicrophoneAudioSource({
        recorder,
        device: 'Patient Mic',
        onLost: 'silence',
        delay: fakeClockDelay,
      });
      const notices: { notice: AudioNotice; at: number }[] = [];
      source.onDidNotice((notice) => notices.push({ notice, at: performance.now() }));
      const frames: Int16Array[] = [];
      const done = (async () => {
        for await (const f of source.frames()) {
          frames.push(f.samples);
          if (frames.filter((x) => x[0] === 300).length === 3) await source.stop();
        }
      })();
      while (notices.length === 0) await ticks(1);
      recorder.removeDevice('Patient Mic'); // unplugged
      /** Moves the clock on in silence steps until `check` holds (at most `ms`). */
      const advanceUntil = async (check: () => boolean, ms: number) => {
        for (let t = 0; t < ms && !check(); t += 100) {
          await vi.advanceTimersByTimeAsync(100);
          await ticks(5);
        }
      };
      return { recorder, source, notices, frames, done, advanceUntil };
    }

    it('reopens it, says so, and real audio goes on where the silence ends: no gap, no overlap', async () => {
      const { recorder, notices, frames, done, advanceUntil } = await lostPatientInput();
      await vi.advanceTimersByTimeAsync(REOPEN_CHECK_MS + 500); // not listed yet: a check finds nothing
      expect(recorder.opened).toEqual(['Patient Mic']);
      recorder.setDevice({ name: 'Patient Mic', samples: tone(300) }); // plugged back in
      await advanceUntil(() => notices.length > 1, 3 * REOPEN_CHECK_MS);
      await done;
      expect(notices.map((n) => n.notice)).toEqual([
        { code: 'input_lost', reason: 'device_lost', device: 'Patient Mic' },
        { code: 'input_restored', reason: 'reconnected', device: 'Patient Mic' },
      ]);
      expect(recorder.opened).toEqual(['Patient Mic', 'Patient Mic']);
      expect(recorder.active.size).toBe(0);
      // One stream: 200s, then silence, then 300s, each run unbroken.
      const kinds = frames.map((f) => (f[0] === 0 ? 0 : f[0]));
      const firstRestored = kinds.indexOf(300);
      expect(kinds.slice(0, 2)).toEqual([200, 200]);
      expect(kinds.slice(2, firstRestored).every((k) => k === 0)).toBe(true);
      expect(kinds.slice(firstRestored).every((k) => k === 300)).toBe(true);
      // The silence is exactly as long as the device was away on the clock: the stream's chunks (and
      // the times the service gives its words) stay where they were said.
      const silent = concatInt16(frames.slice(2, firstRestored));
      expect(silent.every((s) => s === 0)).toBe(true);
      const away = notices[1]!.at - notices[0]!.at;
      expect(away).toBeGreaterThanOrEqual(2 * REOPEN_CHECK_MS);
      expect(silent.length).toBe((away * 16_000) / 1000);
    });

    it('stays silent and keeps looking while the listed device fails to open', async () => {
      const { recorder, notices, frames, done, advanceUntil } = await lostPatientInput();
      recorder.setDevice({ name: 'Patient Mic', samples: tone(300), failToOpen: true });
      await vi.advanceTimersByTimeAsync(3 * REOPEN_CHECK_MS);
      expect(notices.map((n) => n.notice.code)).toEqual(['input_lost']);
      expect(concatInt16(frames.slice(2)).every((s) => s === 0)).toBe(true);
      expect(concatInt16(frames.slice(2)).length).toBeGreaterThanOrEqual(3 * REOPEN_CHECK_MS * 16);
      recorder.setDevice({ name: 'Patient Mic', samples: tone(300) });
      await advanceUntil(() => notices.length > 1, 3 * REOPEN_CHECK_MS);
      await done;
      expect(notices.map((n) => n.notice.code)).toEqual(['input_lost', 'input_restored']);
      expect(frames.at(-1)![0]).toBe(300);
    });

    it('never reopens once stopped: the checks end with the stream', async () => {
      const { recorder, source, notices, done } = await lostPatientInput();
      await vi.advanceTimersByTimeAsync(REOPEN_CHECK_MS / 2);
      await source.stop();
      await done;
      recorder.setDevice({ name: 'Patient Mic', samples: tone(300) });
      await vi.advanceTimersByTimeAsync(5 * REOPEN_CHECK_MS);
      expect(vi.getTimerCount()).toBe(0);
      expect(recorder.opened).toEqual(['Patient Mic']);
      expect(notices.map((n) => n.notice.code)).toEqual(['input_lost']);
      expect(recorder.active.size).toBe(0);
    });

    it('also opens a device that was missing when the visit started, once it is listed', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const recorder = devices();
      const source = new MicrophoneAudioSource({
        recorder,
        device: 'Patient Mic',
        onLost: 'silence',
        delay: fakeClockDelay,
      });
      const notices: AudioNotice[] = [];
      source.onDidNotice((n) => notices.push(n));
      const frames: Int16Array[] = [];
      const done = (async () => {
        for await (const f of source.frames()) {
          frames.push(f.samples);
          if (f.samples[0] === 300) await source.stop();
        }
      })();
      await vi.advanceTimersByTimeAsync(REOPEN_CHECK_MS);
      recorder.setDevice({ name: 'Patient Mic', samples: tone(300) });
      for (let t = 0; t < 3 * REOPEN_CHECK_MS && notices.length < 2; t += 100) {
        await vi.advanceTimersByTimeAsync(100);
      }
      await done;
      expect(notices.map((n) => [n.code, n.reason])).toEqual([
        ['input_lost', 'not_found'],
        ['input_restored', 'reconnected'],
      ]);
      expect(frames.at(-1)![0]).toBe(300);
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
