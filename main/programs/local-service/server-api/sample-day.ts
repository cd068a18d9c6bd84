/**
 * A synthetic clinic day for the sample visit and the tests: two practitioners, four invented patients,
 * appointments in the day given (local time). Nothing here is a real person.
 */
import type { ServerApiStore } from './store.ts';

/** The practitioners' external ids: the sample clinician is `sample-clinician`. */
export interface SampleDayOptions {
  day: Date;
  /** The first patient's last name (tests put a canary here). */
  lastName?: string;
  /** The external id of the practitioner whose day it is (default `oid-dr-lee`). */
  clinician?: string;
}

function at(day: Date, hour: number, minute = 0): string {
  const time = new Date(day);
  time.setHours(hour, minute, 0, 0);
  return time.toISOString();
}

/** Seeds the day; returns the appointment ids of each practitioner (`lee`: the clinician's, `kim`: another's). */
export function seedDay(store: ServerApiStore, options: SampleDayOptions) {
  const lee = store.addProvider({
    first_name: 'Robin',
    last_name: 'Lee',
    external_id: options.clinician ?? 'oid-dr-lee',
  });
  const kim = store.addProvider({ first_name: 'Sam', last_name: 'Kim', external_id: 'oid-dr-kim' });
  const [ada, ben, cleo, dev] = samplePatients(store, options.lastName ?? 'Moreau');
  const appointment = (
    patientId: string,
    providerId: string,
    hour: number,
    mode: 'IN_PERSON' | 'SERVICE_VIDEOCALL' | 'EXTERNAL_VIDEOCALL',
  ) =>
    store.addAppointment({
      status: 'SCHEDULED',
      mode,
      ...(mode === 'IN_PERSON' ? { location: 'Room 2' } : {}),
      is_paid: false,
      appointment_type_id: '6f1c2a52-0d7e-4c55-9a0e-2b1f1f5d7a10',
      start_at: at(options.day, hour),
      end_at: at(options.day, hour, 30),
      patient_id: patientId,
      provider_id: providerId,
    }).id;
  const ids = {
    lee: [
      appointment(ada.id, lee.id, 9, 'IN_PERSON'),
      appointment(ben.id, lee.id, 10, 'SERVICE_VIDEOCALL'),
      appointment(cleo.id, lee.id, 11, 'EXTERNAL_VIDEOCALL'),
    ],
    kim: [appointment(dev.id, kim.id, 9, 'IN_PERSON')],
    leeProviderId: lee.id,
  };
  openConversation(store, ben.id, lee.id);
  return ids;
}

/** A conversation the patient already has with the practice. */
function openConversation(store: ServerApiStore, patientId: string, providerId: string): void {
  const id = '0b7f8e2a-3c1d-4e5f-8a9b-1c2d3e4f5a6b';
  store.conversations.set(id, {
    id,
    title: null,
    patient_ids: [patientId],
    type: 'individual_conversation',
    assigned_provider_ids: [providerId],
    locked: false,
    created_at: store.stamp(),
  });
}

function samplePatients(store: ServerApiStore, firstLastName: string) {
  const patient = (first: string, last: string, born: string, sex: string) =>
    store.addPatient({
      first_name: first,
      last_name: last,
      locale: 'ENGLISH_US',
      email: `${first.toLowerCase()}@example.org`,
      phone: '+15550100',
      date_of_birth: born,
      sex,
    });
  return [
    patient('Ada', firstLastName, '1961-04-12', 'FEMALE'),
    patient('Ben', 'Okafor', '1990-09-30', 'MALE'),
    patient('Cleo', 'Novak', '1984-01-05', 'FEMALE'),
    patient('Dev', 'Arora', '1975-07-21', 'MALE'),
  ] as const;
}
