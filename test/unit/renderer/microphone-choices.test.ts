import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import { SYSTEM_DEFAULT_INPUT } from '../../../preload/contract/index.ts';
import {
  chosenMicrophone,
  clinicianChoices,
  inputOf,
  patientChoices,
} from '../../../renderer/lib/state/microphone-choices.ts';

// Two inputs, the second the OS default (`pactl set-default-source` on the second).
const devices = [
  { id: 'mic-1', label: 'Built-in', isDefault: false },
  { id: 'mic-2', label: 'Headset', isDefault: true },
];

beforeAll(() => useLocale('en'));

describe('the microphones Settings and the Visit screen offer', () => {
  it('offers the system default first, naming the input it is now, and marks the default', () => {
    expect(clinicianChoices(devices)).toEqual([
      { id: SYSTEM_DEFAULT_INPUT, label: 'System default (Headset)' },
      { id: 'mic-1', label: 'Built-in' },
      { id: 'mic-2', label: 'Headset (default)' },
    ]);
    expect(clinicianChoices([{ ...devices[0]! }])[0]).toEqual({ id: '', label: 'System default' });
    expect(clinicianChoices([])).toEqual([]);
  });

  it('shows the saved microphone while it is connected, else the system default (never the first found)', () => {
    expect(chosenMicrophone('mic-1', devices)).toBe('mic-1');
    expect(chosenMicrophone(null, devices)).toBe(SYSTEM_DEFAULT_INPUT);
    expect(chosenMicrophone('unplugged', devices)).toBe(SYSTEM_DEFAULT_INPUT);
    expect(chosenMicrophone(null, [])).toBe(SYSTEM_DEFAULT_INPUT);
  });

  it('the system default opens the OS default input now', () => {
    expect(inputOf(SYSTEM_DEFAULT_INPUT, devices)).toBe('mic-2');
    expect(inputOf('mic-1', devices)).toBe('mic-1');
    expect(inputOf(SYSTEM_DEFAULT_INPUT, [])).toBe('');
  });

  it('never offers the input the clinician’s choice opens for the patient', () => {
    expect(patientChoices(devices, 'mic-1').map((d) => d.id)).toEqual(['mic-2']);
    expect(patientChoices(devices, SYSTEM_DEFAULT_INPUT).map((d) => d.id)).toEqual(['mic-1']);
  });
});
