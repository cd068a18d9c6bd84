/**
 * Visit details (encounter date, specialty, patient demographics, diagnoses, a draft plan): the window and
 * `scribe note` turn them into the same generate-note request, the codes and orders of that note are asked
 * with them, and a visit recorded on an earlier day is dated by that day, not today.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GenerateNote, VisitDetails } from '../../../../preload/contract/index.ts';
import type { GenerateNoteRequest, TranscriptItemInput } from '../../../../main/core/api/schemas/note.ts';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { cliNoteRequest } from '../../../../main/shells/cli/commands/note.ts';
import { visitContextFromFlags } from '../../../../main/shells/cli/visit-files.ts';
import { CliError } from '../../../../main/shells/cli/io.ts';
import { NoteWorkflow } from '../../../../main/features/note/note-workflow.ts';
import { MemoryCustomizationStore } from '../../../../main/features/settings/customization-store.ts';
import { NOTE, fakeCore } from '../visit/fakes.ts';

const TRANSCRIPT: TranscriptItemInput[] = [
  { text: 'Chest pain for three days.', speaker_type: 'PATIENT', start_offset_ms: 0, end_offset_ms: 900 },
];
const DETAILS: VisitDetails = {
  encounterDate: '2026-11-20',
  specialty: 'Cardiology',
  patientAge: 54,
  patientDateOfBirth: '1972-03-04',
  patientSex: 'FEMALE',
  diagnoses: [
    { code: 'I10', display: 'Essential hypertension' },
    { code: 'R07.9', display: '' },
  ],
  draftPlan: 'Chest pain: ECG today.',
};
const EXPECTED = {
  encounter_date: '2026-11-20',
  specialty: 'Cardiology',
  structured_context: {
    patient_demographics: { age: 54, date_of_birth: '1972-03-04', sex: 'FEMALE' },
    encounter_diagnoses_coding: [{ code: 'I10', display: 'Essential hypertension' }, { code: 'R07.9' }],
    source_note: {
      type: 'DRAFT',
      sections: [{ kind: 'ASSESSMENT_AND_PLAN', content: { type: 'TEXT', text: 'Chest pain: ECG today.' } }],
    },
  },
};

const generate = (details: VisitDetails | null): GenerateNote => ({
  templateKey: 'GENERIC_MULTIPLE_SECTIONS',
  locale: 'ENGLISH_US',
  mode: 'sync',
  extraContext: null,
  details,
});

async function viaApp(
  details: VisitDetails | null,
  options: { caller?: 'server' | 'user'; visitDate?: string | null; kinds?: string[] } = {},
) {
  const sent: GenerateNoteRequest[] = [];
  const core = fakeCore(options.caller ?? 'server', {
    generateNote: async (r) => (sent.push(r), NOTE),
    sourceNoteKinds: async () => options.kinds ?? ['ASSESSMENT_AND_PLAN'],
  });
  const workflow = new NoteWorkflow();
  const store = new MemoryCustomizationStore();
  await workflow.generate(core, generate(details), TRANSCRIPT, () => undefined, store, options.visitDate);
  return { sent: sent[0]!, workflow, core };
}

async function files(contents: Record<string, string>): Promise<Record<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'visit-files-'));
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(contents)) {
    paths[name] = join(dir, name);
    await writeFile(paths[name]!, text);
  }
  return paths;
}

describe('visit details in the note request', () => {
  it('the window and `scribe note` send the same request, with every field in its contract place', async () => {
    const { sent: app } = await viaApp(DETAILS, { visitDate: '2026-11-27' });
    expect(app).toMatchObject(EXPECTED);

    const paths = await files({
      'patient.json': JSON.stringify({ age: 54, date_of_birth: '1972-03-04', sex: 'FEMALE' }),
      'diagnoses.json': JSON.stringify(EXPECTED.structured_context.encounter_diagnoses_coding),
      'draft.json': JSON.stringify(EXPECTED.structured_context.source_note),
    });
    const visit = await visitContextFromFlags({
      encounterDate: '2026-11-20',
      specialty: 'Cardiology',
      patient: paths['patient.json'],
      diagnoses: paths['diagnoses.json'],
      sourceNote: paths['draft.json'],
    });
    const config = configSchema.parse({ noteTemplateKey: 'GENERIC_MULTIPLE_SECTIONS' });
    const cli = await cliNoteRequest(
      config,
      { transcript: 'visit.txt', locale: 'ENGLISH_US' },
      TRANSCRIPT,
      undefined,
      new MemoryCustomizationStore(),
      visit,
    );
    expect(cli).toEqual(app);
  });

  it('dates a visit by the day it was recorded unless the clinician names another day', async () => {
    const { sent: recovered } = await viaApp(null, { visitDate: '2026-11-02' });
    expect(recovered.encounter_date).toBe('2026-11-02');
    expect(recovered).not.toHaveProperty('structured_context');
    const blank: VisitDetails = {
      encounterDate: null,
      specialty: null,
      patientAge: null,
      patientDateOfBirth: null,
      patientSex: null,
      diagnoses: [],
      draftPlan: '  ',
    };
    const { sent } = await viaApp(blank, { visitDate: '2026-11-02' });
    expect(sent).toMatchObject({ encounter_date: '2026-11-02' });
    expect(sent).not.toHaveProperty('structured_context');
    expect(sent).not.toHaveProperty('specialty');
    const { sent: named } = await viaApp(
      { ...blank, encounterDate: '2026-10-31' },
      { visitDate: '2026-11-02' },
    );
    expect(named.encounter_date).toBe('2026-10-31');
  });

  it('sends the draft as the kind the template accepts, and refuses a draft the template takes none of', async () => {
    const { sent } = await viaApp(DETAILS, { kinds: ['ASSESSMENT', 'PLAN'] });
    expect(sent.structured_context?.source_note?.sections[0]?.kind).toBe('PLAN');
    await expect(viaApp(DETAILS, { kinds: [] })).rejects.toMatchObject({
      code: 'limit_exceeded',
      params: { rule: 'draft_not_accepted' },
    });
  });

  it('a clinician sign-in sends no specialty from the window; the CLI refuses --specialty with --user', async () => {
    const { sent } = await viaApp(DETAILS, { caller: 'user' });
    expect(sent).not.toHaveProperty('specialty');
    expect(sent.structured_context).toEqual(EXPECTED.structured_context);
    const config = configSchema.parse({ userExternalId: 'cli-user' });
    await expect(
      cliNoteRequest(
        config,
        { transcript: 'visit.txt' },
        TRANSCRIPT,
        undefined,
        new MemoryCustomizationStore(),
        { specialty: 'Cardiology' },
      ),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(/^--specialty cannot be used/) });
  });

  it('asks the codes and orders of that note with its diagnoses, patient and draft', async () => {
    const { workflow, core } = await viaApp(DETAILS);
    const asked: unknown[] = [];
    core.normalizedData = async (_note, context) => (
      asked.push(context),
      { conditions: [], observations: [] }
    );
    core.suggestedOrders = async (_note, context) => (asked.push(context), []);
    await workflow.codes(core);
    await workflow.orders(core);
    const { encounter_diagnoses_coding } = EXPECTED.structured_context;
    expect(asked).toEqual([{ encounter_diagnoses_coding }, EXPECTED.structured_context]);
  });
});

describe('scribe note visit files', () => {
  const CANARY = 'CANARY-PATIENT-Zebulon';

  it.each([
    ['--patient', { patient: 'bad.json' }, 'not json ' + CANARY, /^--patient: the file is not valid JSON\./],
    ['--patient', { patient: 'bad.json' }, JSON.stringify({ sex: CANARY }), /^--patient: sex: /],
    ['--patient', { patient: 'bad.json' }, JSON.stringify({ name: CANARY }), /^--patient: the file: .*name/],
    [
      '--diagnoses',
      { diagnoses: 'bad.json' },
      JSON.stringify([{ display: CANARY }]),
      /^--diagnoses: 0\.code: /,
    ],
    [
      '--source-note',
      { sourceNote: 'bad.json' },
      JSON.stringify({ type: 'DRAFT', sections: [{ kind: 'HPI', content: { type: 'TEXT', text: CANARY } }] }),
      /^--source-note: sections\.0\.kind: /,
    ],
  ])('refuses a bad %s file naming the field, never its content', async (_flag, flags, text, message) => {
    const paths = await files({ 'bad.json': text });
    const key = Object.keys(flags)[0] as 'patient';
    const error = await visitContextFromFlags({ [key]: paths['bad.json'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(message);
    expect((error as CliError).message).toMatch(/Nothing was sent\.$/);
    expect((error as CliError).message).not.toContain(CANARY);
  });

  it('refuses a date that is not a calendar day', async () => {
    await expect(visitContextFromFlags({ encounterDate: '2026-02-30' })).rejects.toMatchObject({
      message: '--encounter-date must be a date like 2026-11-22. Nothing was sent.',
    });
  });
});
