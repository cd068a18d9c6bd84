/** AudioInputs over main/core/audio: microphones by name (the recorder identifies devices by name). */
import { listMicrophones, openAudioSource, type AudioDeps } from './index.ts';
import type { AudioInputs } from './ports.ts';
import { SYSTEM_DEFAULT_INPUT } from '../../../preload/contract/index.ts';

/** The machine's microphones. */
export function microphoneInputs(deps: AudioDeps = {}): AudioInputs {
  return {
    list: async () =>
      (await listMicrophones(deps)).map((m) => ({ id: m.name, label: m.name, isDefault: m.isDefault })),
    open: (deviceId, options) =>
      openAudioSource(
        {
          kind: 'microphone',
          // The system default opens whichever input the OS has now, with no "not found" fallback notice.
          ...(deviceId === SYSTEM_DEFAULT_INPUT ? {} : { device: deviceId }),
          ...(options?.onLost ? { onLost: options.onLost } : {}),
          ...(options?.avoid ? { avoid: options.avoid } : {}),
        },
        deps,
      ),
  };
}
