/** The Note screen's Visit details fields become the request's VisitDetails, or hold the note back with a reason. */
import { describe, expect, it } from 'vitest';
import {
  emptyVisitDetails,
  parseDiagnoses,
  visitDetailsOf,
  visitDetailsProblem,
} from '../../../renderer/lib/state/visit-details-rules.ts';
import { VisitDetailsSchema } from '../../../preload/contract/index.ts';

describe('visit details fields', () => {
  it('nothing typed sends no details (the visit date then comes from the recording)', () => {
    expect(visitDetailsOf(emptyVisitDetails(), 'server')).toBeNull();
  });

  it('turns typed fields into details the IPC contract accepts', () => {
    const details = visitDetailsOf(
      {
        date: '2026-11-20',
        specialty: ' Cardiology ',
        age: '54',
        dateOfBirth: '',
        sex: 'FEMALE',
        diagnoses: 'i10 Essential hypertension\n\nR07.9: Chest pain, unspecified\n',
        draftPlan: 'ECG today.',
      },
      'server',
    );
    expect(details).toEqual({
      encounterDate: '2026-11-20',
      specialty: 'Cardiology',
      patientAge: 54,
      patientDateOfBirth: null,
      patientSex: 'FEMALE',
      diagnoses: [
        { code: 'I10', display: 'Essential hypertension' },
        { code: 'R07.9', display: 'Chest pain, unspecified' },
      ],
      draftPlan: 'ECG today.',
    });
    expect(VisitDetailsSchema.safeParse(details).success).toBe(true);
  });

  it('a clinician sign-in sends no specialty', () => {
    const fields = { ...emptyVisitDetails(), specialty: 'Cardiology', age: '40' };
    expect(visitDetailsOf(fields, 'user')).toMatchObject({ specialty: null, patientAge: 40 });
  });

  it('names the field to fix: an age that is not whole years, a line without an ICD-10 code', () => {
    expect(visitDetailsProblem({ ...emptyVisitDetails(), age: '4x' })).toBe('age');
    expect(visitDetailsProblem({ ...emptyVisitDetails(), age: '131' })).toBe('age');
    expect(parseDiagnoses('I10 Hypertension\nhigh blood pressure').badLines).toEqual([2]);
    expect(visitDetailsProblem({ ...emptyVisitDetails(), diagnoses: 'high blood pressure' })).toBe(
      'diagnoses',
    );
    expect(visitDetailsProblem({ ...emptyVisitDetails(), age: '54', diagnoses: 'E11.9' })).toBeNull();
  });
});
