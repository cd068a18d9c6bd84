/** Two fake microphones the audio tests capture from, each with its own steady tone. */
import { FakeRecorder } from '../../../../native/recorder.fake.ts';

/** `n` samples all at `value`: a tone a test can tell apart from another device's. */
export const tone = (value: number, n = 4_096): Int16Array => new Int16Array(n).fill(value);

/** A recorder with the Built-in Microphone (tone 100, the default) and a USB Headset (tone 200). */
export function devices(): FakeRecorder {
  return new FakeRecorder(
    [
      { name: 'Built-in Microphone', samples: tone(100) },
      { name: 'USB Headset', samples: tone(200) },
    ],
    0,
  );
}
