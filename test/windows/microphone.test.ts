/**
 * The Windows microphone path for real where Wine allows: native/recorder.ts over pvrecorder's Windows
 * library (lib/windows/amd64), through Wine's winepulse to the lane's PulseAudio, whose virtual microphone
 * hears speech played into its virtual speaker. Device listing is asserted; capture is tried, and where
 * Wine cannot deliver frames the test is skipped with exactly what failed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPvRecorder, RecorderError } from '../../native/recorder.ts';
import { paplay } from './support/linux-side.ts';

const mic = process.env.WINDOWS_LANE_MIC;
const speech = process.env.WINDOWS_LANE_SPEECH_WAV;

describe(
  'the microphone through Wine',
  { skip: mic ? false : 'no PulseAudio/espeak-ng on this machine' },
  () => {
    const recorder = createPvRecorder();

    it('lists the PulseAudio sources through winepulse, the virtual microphone among them', () => {
      const devices = recorder.listDevices();
      assert.ok(
        devices.some((d) => d.includes(mic!)),
        `the virtual microphone is listed (${devices.length} devices)`,
      );
    });

    it('captures the speech played into the virtual microphone', async (t) => {
      const index = recorder.listDevices().findIndex((d) => d.includes(mic!));
      let capture;
      try {
        capture = await recorder.start({ deviceIndex: index });
      } catch (error) {
        return t.skip(`pvrecorder under Wine 8: start() failed (${why(error)})`);
      }
      const rmsOf = async (frames: number) => {
        let sumSquares = 0;
        let n = 0;
        for (let i = 0; i < frames; i++) {
          const frame = await capture.read();
          if (!frame) break;
          for (const s of frame) sumSquares += s * s;
          n += frame.length;
        }
        return { rms: Math.sqrt(sumSquares / Math.max(n, 1)), samples: n };
      };
      let quiet;
      let heard;
      let playing: Promise<unknown> = Promise.resolve();
      try {
        quiet = await rmsOf(15); // nothing plays yet: the null sink's monitor is silent
        playing = paplay('-d', 'lane_spk', speech!);
        heard = await rmsOf(90); // about 3 s of 32 ms frames; the sentences last about 4 s
      } catch (error) {
        return t.skip(`pvrecorder under Wine 8: read() failed (${why(error)})`);
      } finally {
        await capture.stop();
        await playing.catch(() => undefined);
      }
      assert.ok(quiet.rms < 50, `silence before the speech (RMS ${quiet.rms.toFixed(1)})`);
      assert.ok(heard.samples >= 16_000, `at least a second of audio (${heard.samples} samples)`);
      assert.ok(heard.rms > 100, `speech, not silence (RMS ${heard.rms.toFixed(1)})`);
    });
  },
);

function why(error: unknown): string {
  return error instanceof RecorderError ? `RecorderError ${error.code}: ${error.message}` : String(error);
}
