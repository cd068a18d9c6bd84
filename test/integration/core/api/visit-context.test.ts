/**
 * Visit details against the strict local service: the note, its codes and its orders carry the encounter
 * date, specialty, patient demographics, diagnoses and a draft source note exactly as the contract shapes
 * them (the service refuses any unknown or misshapen field), for a server caller and a clinician sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateNote, VisitDetails } from '../../../../preload/contract/index.ts';
import { coreApiFrom } from '../../../../main/features/connection/core-adapter.ts';
import { NoteWorkflow } from '../../../../main/features/note/note-workflow.ts';
import { InvalidRequestError } from '../../../../main/core/api/errors.ts';
import { startHarness, TRANSCRIPT, type Harness } from './harness.ts';
import type { TranscriptItemInput } from '../../../../main/core/api/schemas/note.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DETAILS: VisitDetails = {
  encounterDate: '2026-11-20',
  specialty: 'Internal medicine',
  patientAge: 61,
  patientDateOfBirth: null,
  patientSex: 'FEMALE',
  diagnoses: [{ code: 'I10', display: 'Essential hypertension' }],
  draftPlan: 'Hypertension: start lisinopril.',
};

const request = (templateKey: string | null): GenerateNote => ({
  templateKey,
  locale: 'ENGLISH_US',
  mode: 'sync',
  extraContext: null,
  details: DETAILS,
});

/** The statuses the service answered for these paths since the log was cleared. */
const statuses = (...paths: string[]) =>
  h.service.control.requests
    .filter((r) => paths.some((p) => r.path.endsWith(p)) && r.method === 'POST')
    .map((r) => [r.path.replace(/^.*\/v1\/core\/(server|user)/, ''), r.status]);

describe('visit details reach the service in the contract shapes', () => {
  it.each([
    ['a server caller on a merged A&P template', 'server', 'GENERIC_MULTIPLE_SECTIONS'],
    ['a server caller on SOAP (draft sent as PLAN)', 'server', 'SOAP'],
    ['a clinician sign-in (template from its note settings)', 'user', null],
  ] as const)('%s: note, codes and orders accepted', async (_name, caller, template) => {
    const client = caller === 'server' ? h.serverCore : await h.userCore('ext-visit-details');
    const core = coreApiFrom(client);
    const workflow = new NoteWorkflow();
    h.service.control.clearRequests();
    await workflow.generate(
      core,
      request(template),
      TRANSCRIPT as TranscriptItemInput[],
      () => undefined,
      undefined,
      '2026-11-21',
    );
    await workflow.codes(core);
    await workflow.orders(core);
    expect(
      statuses('/generate-note', '/generate-normalized-data-async', '/generate-suggested-orders-async'),
    ).toEqual([
      ['/generate-note', 200],
      ['/generate-normalized-data-async', 200],
      ['/generate-suggested-orders-async', 200],
    ]);
  });

  it('the service refuses what the contract does not shape (so the checks above mean something)', async () => {
    const bad = {
      locale: 'ENGLISH_US',
      transcript_items: TRANSCRIPT,
      structured_context: { patient_demographics: { gender: 'FEMALE' } },
    };
    await expect(h.serverCore.generateNote(bad as never)).rejects.toBeInstanceOf(InvalidRequestError);
  });
});
