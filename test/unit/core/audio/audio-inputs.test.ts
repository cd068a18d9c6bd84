import { describe, expect, it } from 'vitest';
import { FakeRecorder } from '../../../../native/recorder.fake.ts';
import type { AudioNotice } from '../../../../main/core/audio/audio-source.ts';
import { microphoneInputs } from '../../../../main/core/audio/audio-inputs.ts';
import { SYSTEM_DEFAULT_INPUT } from '../../../../preload/contract/index.ts';

describe('the machine’s microphones as Settings and the visit see them', () => {
  it('opens the OS default for the system default, whichever it is now, with no "not found" notice', async () => {
    const recorder = new FakeRecorder(
      [
        { name: 'Built-in Microphone', samples: new Int16Array(4_096).fill(100) },
        { name: 'USB Headset', samples: new Int16Array(4_096).fill(200) },
      ],
      1,
    );
    const inputs = microphoneInputs({ recorder, sources: async () => null });
    expect(await inputs.list()).toEqual([
      { id: 'Built-in Microphone', label: 'Built-in Microphone', isDefault: false },
      { id: 'USB Headset', label: 'USB Headset', isDefault: true },
    ]);
    const source = inputs.open(SYSTEM_DEFAULT_INPUT);
    const notices: AudioNotice[] = [];
    source.onDidNotice?.((n) => notices.push(n));
    for await (const frame of source.frames()) {
      expect(frame.samples[0]).toBe(200);
      break;
    }
    await source.stop();
    expect(recorder.opened).toEqual(['USB Headset']);
    expect(notices).toEqual([]);
  });
});
