/**
 * The audio capability: open any audio source behind the AudioSource port, list microphones, and turn a
 * source into chunks as soon as it opens (AudioCapture), levels (LevelMeter) and silence (SilenceDetector).
 */
import { createPvRecorder, type Recorder } from '../../../native/recorder.ts';
import type { AudioSource } from './audio-source.ts';
import { FileAudioSource } from './file-source.ts';
import { MicrophoneAudioSource } from './microphone-source.ts';

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

/** Injected parts; tests pass a FakeRecorder. */
export interface AudioDeps {
  readonly recorder?: Recorder;
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

/** A microphone as the CLI's `scribe devices` and the settings show it. */
export interface MicrophoneInfo {
  readonly name: string;
  readonly isDefault: boolean;
}

/** Lists input devices by name, marking the OS default. Empty when there is no device or no recorder. */
export async function listMicrophones(deps: AudioDeps = {}): Promise<MicrophoneInfo[]> {
  const recorder = deps.recorder ?? defaultRecorder();
  try {
    const names = recorder.listDevices();
    const defaultName = names.length > 0 ? recorder.defaultDeviceName() : null;
    return names.map((name) => ({ name, isDefault: name === defaultName }));
  } catch {
    return [];
  }
}
