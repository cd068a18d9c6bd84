/**
 * A microphone lost while it records in silence (the patient's input beside the clinician's) comes back by
 * itself once its device is listed again, checked every REOPEN_CHECK_MS on a fake clock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudioNotice } from '../../../../main/core/audio/audio-source.ts';
import { MicrophoneAudioSource } from '../../../../main/core/audio/microphone-source.ts';
import { REOPEN_CHECK_MS } from '../../../../main/core/audio/microphone-options.ts';
import { concatInt16 } from '../../../../main/core/audio/pcm.ts';
import type { Delay } from '../../../../main/base/async/delay.ts';
import { devices, tone } from './fake-microphones.ts';

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
