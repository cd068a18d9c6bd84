/**
 * Audio inputs by device id and the OS microphone permission, as visit, settings and dictation see
 * them (audio-inputs.ts and main/shells/electron/microphone-access.ts implement them).
 */
import type { AudioSource } from './audio-source.ts';
import type { AudioDevice } from '../../../preload/contract/index.ts';

/** The operating system's microphone permission (macOS and Windows privacy settings). */
export interface MicrophoneAccess {
  /** Asks when the person has not decided yet; false when access is denied or restricted. */
  request(): Promise<boolean>;
}

/** Audio inputs. */
export interface AudioInputs {
  list(): Promise<AudioDevice[]>;
  /**
   * Opens an input by id. `onLost: 'silence'` (the patient's input beside the clinician's): never fall
   * back to the OS default; carry silence (saying so) when the device is missing or lost. `avoid`: the
   * default may replace the device only when it is not `avoid` (the patient's input); else silence too.
   */
  open(deviceId: string, options?: { onLost?: 'default' | 'silence'; avoid?: string }): AudioSource;
}
