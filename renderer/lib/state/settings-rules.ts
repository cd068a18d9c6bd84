/** Settings → Microphones: which input is chosen first, and which inputs may serve the patient. */
import type { AudioDevice, Settings } from '../../../preload/contract/index.ts';

/** The clinician's microphone as saved, else the first one found ('' with none). */
export function initialMicrophone(settings: Settings | null): string {
  return settings?.clinicianDeviceId ?? settings?.devices[0]?.id ?? '';
}

/** Inputs offered for the patient: every one but the clinician's own microphone. */
export function patientInputs(devices: readonly AudioDevice[], clinicianMic: string): AudioDevice[] {
  return devices.filter((d) => d.id !== clinicianMic);
}
