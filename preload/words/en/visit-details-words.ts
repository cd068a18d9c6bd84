/** Note → Visit details (English) and the visits kept on this computer (the Visit screen's recovery card). */
import type { PATIENT_SEXES } from '../../contract/enums.ts';
import { formatsFor } from '../intl.ts';

const f = formatsFor('en');

export const VISIT_DETAILS_WORDS = {
  visitDetails: {
    toggle: 'Visit details',
    summaryEmpty: 'optional: date, patient, diagnoses, your draft plan',
    summaryGiven: (n: number) => `${f.count(n)} given`,
    date: 'Visit date',
    dateHint: 'Empty: the day the visit was recorded.',
    specialty: 'Specialty',
    age: 'Patient age',
    dateOfBirth: 'Date of birth',
    sex: 'Sex',
    sexNotGiven: 'Not given',
    sexes: { FEMALE: 'Female', MALE: 'Male', OTHER: 'Other', UNKNOWN: 'Unknown' } satisfies Record<
      (typeof PATIENT_SEXES)[number],
      string
    >,
    diagnoses: 'Diagnoses of this visit',
    diagnosesHint: 'One a line: the ICD-10 code, then its name (I10 Essential hypertension).',
    draft: 'Your draft assessment and plan',
    draftHint: 'The note’s assessment and plan start from it.',
    ageProblem: 'The patient’s age is a whole number of years, 0 to 130.',
    diagnosesProblem: 'Each diagnosis line starts with an ICD-10 code, such as I10 or R07.9.',
  },
  recovery: {
    /** The card's heading and first paragraph, by how many visits are kept and how many of them ended. */
    heading: (count: number, ended: number) =>
      ended === 0
        ? count === 1
          ? 'Interrupted visit'
          : 'Interrupted visits'
        : ended === count && count === 1
          ? 'A visit kept from before'
          : 'Visits kept from before',
    intro: (count: number, ended: number) =>
      ended === 0
        ? `The app stopped before ${count === 1 ? 'this visit' : 'these visits'} finished. The recording is kept, encrypted, on this computer: recover it to get the whole transcript back and write the note.`
        : ended === count
          ? `The app closed after ${count === 1 ? 'this visit' : 'these visits'} ended. The whole transcript is kept, encrypted, on this computer: recover it to write the note (nothing is sent again), or discard it. Starting a new visit discards it.`
          : 'The app closed before these visits were dealt with. Each is kept, encrypted, on this computer: recover it to get the whole transcript back and write the note. Starting a new visit discards the ended ones.',
    /** One visit's line: when it was recorded (a date and time), and how it was left. */
    line: (at: Date, ended: boolean, stale: boolean) =>
      `Recorded ${f.dateTime(at)}${ended ? ' — ended, transcript complete' : ' — interrupted'}${stale ? ' — older than the retention period' : ''}`,
    recover: 'Recover transcript',
    discard: 'Discard…',
    discardForGood: 'Discard it for good',
    keep: 'Keep it',
  },
};
