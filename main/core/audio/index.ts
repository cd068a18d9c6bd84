/**
 * The audio capability: open any audio source behind the AudioSource port, list microphones, and turn a
 * source into chunks as soon as it opens (AudioCapture), levels (LevelMeter) and silence (SilenceDetector).
 */
import { createPvRecorder, type Recorder } from '../../../native/recorder.ts';
import type { AudioSource } from './audio-source.ts';
import { FileAudioSource } from './file-source.ts';
import { MicrophoneAudioSource } from './microphone-source.ts';
import { readPulseSources, type PulseSource } from '../../../native/pulse-sources.ts';
import { microphonesFrom, type MicrophoneInfo } from './input-names.ts';

export * from './audio-source.ts';

/** What to capture from. */
export type AudioSourceSpec =
  | {
      readonly kind: 'microphone';
      readonly device?: string;
      /** See MicrophoneOptions.onLost: fall back to the OS default (unless told) or to silence. */
      readonly onLost?: 'default' | 'silence';
      /** See MicrophoneOptions.avoid: a device the default must not be when it replaces this one. */
      readonly avoid?: string;
    }
  | { readonly kind: 'file'; readonly path: string; readonly pace: 'realtime' | 'fast' };

/** Injected parts; tests pass a FakeRecorder (and PulseAudio's sources as they would be read). */
export interface AudioDeps {
  readonly recorder?: Recorder;
  readonly sources?: () => Promise<readonly PulseSource[] | null>;
}

let sharedRecorder: Recorder | null = null;
function defaultRecorder(): Recorder {
  sharedRecorder ??= createPvRecorder();
  return sharedRecorder;
}

/** Opens a source. Nothing is captured until frames() is iterated; failures surface there as AudioError. */
export function openAudioSource(spec: AudioSourceSpec, deps: AudioDeps = {}): AudioSource {
  switch (spec.kind) {
    case 'microphone':
      return new MicrophoneAudioSource({
        recorder: deps.recorder ?? defaultRecorder(),
        ...(spec.device === undefined ? {} : { device: spec.device }),
        ...(spec.onLost === undefined ? {} : { onLost: spec.onLost }),
        ...(spec.avoid === undefined ? {} : { avoid: spec.avoid }),
      });
    case 'file':
      return new FileAudioSource({ path: spec.path, pace: spec.pace });
    default: {
      const unreachable: never = spec;
      throw new Error(`unknown audio source ${String(unreachable)}`);
    }
  }
}

export type { MicrophoneInfo } from './input-names.ts';

/**
 * Lists input devices by the names people know, marking the OS default; ALSA plugins and monitors of
 * outputs are left out (input-names.ts). Empty when there is no device or no recorder.
 */
export async function listMicrophones(deps: AudioDeps = {}): Promise<MicrophoneInfo[]> {
  const recorder = deps.recorder ?? defaultRecorder();
  // PulseAudio's own view only beside the real recorder: a test's fake devices are not the machine's.
  const sources = deps.sources ?? (deps.recorder ? async () => null : () => readPulseSources());
  try {
    const names = recorder.listDevices();
    const defaultName = names.length > 0 ? recorder.defaultDeviceName() : null;
    return microphonesFrom(names, defaultName, await sources().catch(() => null));
  } catch {
    return [];
  }
}
