/** AudioInputs over main/core/audio: microphones by name (the recorder identifies devices by name). */
import { listMicrophones, openAudioSource, type AudioDeps } from './index.ts';
import type { AudioInputs } from './ports.ts';

/** The machine's microphones. */
export function microphoneInputs(deps: AudioDeps = {}): AudioInputs {
  return {
    list: async () =>
      (await listMicrophones(deps)).map((m) => ({ id: m.name, label: m.name, isDefault: m.isDefault })),
    open: (deviceId, options) =>
      openAudioSource(
        {
          kind: 'microphone',
          device: deviceId,
          ...(options?.onLost ? { onLost: options.onLost } : {}),
          ...(options?.avoid ? { avoid: options.avoid } : {}),
        },
        deps,
      ),
  };
}
