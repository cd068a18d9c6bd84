import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../preload/contract/index.ts';
import { initialMicrophone, patientInputs } from '../../../renderer/lib/state/settings-rules.ts';

const devices = [
  { id: 'mic-1', label: 'Built-in', isDefault: true },
  { id: 'mic-2', label: 'Headset', isDefault: false },
];
const settings = (clinicianDeviceId: string | null, list = devices) =>
  ({ devices: list, clinicianDeviceId }) as Settings;

describe('Settings → Microphones', () => {
  it('starts from the saved microphone, else the first found', () => {
    expect(initialMicrophone(settings('mic-2'))).toBe('mic-2');
    expect(initialMicrophone(settings(null))).toBe('mic-1');
    expect(initialMicrophone(settings(null, []))).toBe('');
    expect(initialMicrophone(null)).toBe('');
  });

  it('never offers the clinician’s own microphone for the patient', () => {
    expect(patientInputs(devices, 'mic-1').map((d) => d.id)).toEqual(['mic-2']);
  });
});
