/**
 * The microphones a person chooses from, one list for Settings and the Visit screen: "System default"
 * first (it follows the OS: whichever input is the default when recording starts), then every input, the
 * OS default marked; and which one each screen shows chosen, so both show the input a visit records with.
 */
import type { AudioDevice } from '../../../preload/contract/index.ts';
import { SYSTEM_DEFAULT_INPUT } from '../../../preload/contract/input-warnings.ts';
import { ui } from '../../../preload/words/window.ts';

/** One option of a microphone list. */
export interface MicrophoneChoice {
  readonly id: string;
  readonly label: string;
}

const named = (device: AudioDevice): MicrophoneChoice => ({
  id: device.id,
  label: device.isDefault ? ui().microphones.isDefault(device.label) : device.label,
});

/** The clinician's choices: the system default (naming the input it is now), then every input; none without. */
export function clinicianChoices(devices: readonly AudioDevice[]): MicrophoneChoice[] {
  if (devices.length === 0) return [];
  const now = devices.find((d) => d.isDefault)?.label ?? null;
  return [{ id: SYSTEM_DEFAULT_INPUT, label: ui().microphones.systemDefault(now) }, ...devices.map(named)];
}

/** The saved choice while that input is connected, else the system default. */
export function chosenMicrophone(saved: string | null, devices: readonly AudioDevice[]): string {
  return saved !== null && devices.some((d) => d.id === saved) ? saved : SYSTEM_DEFAULT_INPUT;
}

/** The input a choice opens now: the system default is the OS default (else the first); '' with none. */
export function inputOf(choice: string, devices: readonly AudioDevice[]): string {
  if (choice !== SYSTEM_DEFAULT_INPUT) return choice;
  return (devices.find((d) => d.isDefault) ?? devices[0])?.id ?? '';
}

/** Inputs offered for the patient: every one but the one the clinician's choice opens. */
export function patientChoices(devices: readonly AudioDevice[], clinician: string): MicrophoneChoice[] {
  const taken = inputOf(clinician, devices);
  return devices.filter((d) => d.id !== taken).map(named);
}
