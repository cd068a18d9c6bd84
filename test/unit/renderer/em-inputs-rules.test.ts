import { afterEach, describe, expect, it } from 'vitest';
import { checkDraft, draftFrom } from '../../../renderer/lib/state/em-inputs-rules.ts';
import { useLocale } from '../../../preload/words/index.ts';

afterEach(() => useLocale('en'));

describe('E/M inputs before a recompute', () => {
  it('starts from the inputs the service gave, or an established patient with nothing chosen', () => {
    expect(
      draftFrom(
        { specialty: 'CARDIOLOGY', patientType: 'NEW', mdmLevel: 'LOW', totalMinutes: 25 },
        'PEDIATRICS',
      ),
    ).toEqual({ specialty: 'CARDIOLOGY', patientType: 'NEW', mdmLevel: 'LOW', minutes: '25' });
    expect(draftFrom(null, 'PEDIATRICS')).toEqual({
      specialty: 'PEDIATRICS',
      patientType: 'ESTABLISHED',
      mdmLevel: null,
      minutes: '',
    });
  });

  it('sends a level or a time, the time in whole minutes within the bound', () => {
    const base = { specialty: 'FAMILY_MEDICINE', patientType: 'NEW', mdmLevel: null } as const;
    expect(checkDraft({ ...base, minutes: ' 62 ' })).toEqual({
      ok: true,
      inputs: { ...base, totalMinutes: 62 },
    });
    expect(checkDraft({ ...base, mdmLevel: 'HIGH', minutes: '' })).toEqual({
      ok: true,
      inputs: { ...base, mdmLevel: 'HIGH', totalMinutes: null },
    });
    expect(checkDraft({ ...base, minutes: '' })).toEqual({
      ok: false,
      problem: 'Choose a level of medical decision making or enter the total time.',
    });
    for (const minutes of ['0', '1441', '12.5', '-3', 'ten'])
      expect(checkDraft({ ...base, minutes })).toEqual({
        ok: false,
        problem: 'Enter the total time as whole minutes, from 1 to 1,440.',
      });
  });

  it('asks an emergency visit for a level, in the window language', () => {
    const ed = {
      specialty: 'EMERGENCY_MEDICINE',
      patientType: 'ESTABLISHED',
      mdmLevel: null,
      minutes: '45',
    } as const;
    expect(checkDraft(ed)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Emergency department/),
    });
    useLocale('fr');
    expect(checkDraft(ed)).toMatchObject({ ok: false, problem: expect.stringMatching(/^Aux urgences/) });
    expect(checkDraft({ ...ed, minutes: '0', mdmLevel: 'LOW' })).toMatchObject({
      problem: expect.stringMatching(/^Indiquez la durée totale en minutes entières, de 1 à 1\s440\.$/),
    });
  });
});
