/**
 * One note-request builder for the app and `scribe note`: the same input, through the app's note workflow
 * and through the CLI, gives the same request and the same refusals with the same codes.
 */
import { describe, expect, it } from 'vitest';
import { formatError } from '../../../../preload/words/index.ts';
import type { GenerateNote } from '../../../../preload/contract/index.ts';
import type {
  GenerateNoteRequest,
  Note,
  TranscriptItemInput,
} from '../../../../main/core/api/schemas/note.ts';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { cliNoteRequest } from '../../../../main/shells/cli/commands/note.ts';
import { CliError } from '../../../../main/shells/cli/io.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { buildNoteRequest } from '../../../../main/features/note/note-request.ts';
import { NoteWorkflow } from '../../../../main/features/note/note-workflow.ts';
import { MemoryCustomizationStore } from '../../../../main/features/settings/customization-store.ts';
import { NOTE, fakeCore } from '../visit/fakes.ts';

const TRANSCRIPT: TranscriptItemInput[] = [
  { text: 'Chest pain for three days.', speaker_type: 'PATIENT', start_offset_ms: 0, end_offset_ms: 900 },
  { text: 'Any shortness of breath?', speaker_type: 'DOCTOR', start_offset_ms: 1000, end_offset_ms: 1800 },
];
const BLANK: TranscriptItemInput[] = [{ text: '  ', speaker_type: 'UNSPECIFIED' }];

async function customizations(instruction = 'Bullet points.') {
  const store = new MemoryCustomizationStore();
  await store.save({
    templateKey: 'SOAP',
    templateInstruction: 'Use plain words.',
    sections: [
      { key: 'PLAN', style: 'BULLET_POINTS', instruction },
      { key: 'SUBJECTIVE', style: 'AUTO', instruction: '' },
    ],
  });
  return store;
}

interface Case {
  caller: 'server' | 'user';
  template: string;
  locale: string;
  context?: string;
  transcript?: TranscriptItemInput[];
  instruction?: string;
}

/** A SOAP note in US English, asked for by a server caller. */
const SERVER_SOAP: Case = { caller: 'server', template: 'SOAP', locale: 'ENGLISH_US' };

/** What the app sends for a case (null when it sent nothing), or the failure it answered. */
async function viaApp(c: Case): Promise<GenerateNoteRequest | unknown> {
  let sent: GenerateNoteRequest | null = null;
  const core = fakeCore(c.caller, { generateNote: async (r) => ((sent = r), NOTE) });
  const request: GenerateNote = {
    templateKey: c.template,
    locale: c.locale,
    mode: 'sync',
    extraContext: c.context ?? null,
  };
  const stages: string[] = [];
  const store = await customizations(c.instruction);
  try {
    await new NoteWorkflow().generate(
      core,
      request,
      c.transcript ?? TRANSCRIPT,
      (p) => stages.push(p.stage),
      store,
    );
  } catch (error) {
    // Refused before anything is sent: no request, and no progress shown.
    expect(sent).toBeNull();
    expect(stages).toEqual([]);
    return error;
  }
  return sent;
}

/** What `scribe note` sends for the same case (the user caller names no --template), or its failure. */
async function viaCli(c: Case, options: { template?: string } = {}): Promise<GenerateNoteRequest | unknown> {
  const config = configSchema.parse({
    noteTemplateKey: c.template,
    ...(c.caller === 'user' ? { userExternalId: 'cli-user' } : {}),
  });
  const store = await customizations(c.instruction);
  try {
    return await cliNoteRequest(
      config,
      { transcript: 'visit.txt', locale: c.locale, ...options },
      c.transcript ?? TRANSCRIPT,
      c.context,
      store,
    );
  } catch (error) {
    return error;
  }
}

describe('one note request for the app and the CLI', () => {
  it.each<[string, Case]>([
    [
      'a server caller with the saved customization',
      { caller: 'server', template: 'SOAP', locale: 'ENGLISH_UK' },
    ],
    ['a server caller with extra context', { ...SERVER_SOAP, context: 'Known hypertension.' }],
    [
      'a user caller (template and customization from its note settings)',
      { caller: 'user', template: 'SOAP', locale: 'FRENCH_FR', context: 'Known hypertension.' },
    ],
    ['an empty context file (nothing to add: not sent)', { ...SERVER_SOAP, context: '' }],
  ])('builds the same request for %s', async (_name, c) => {
    const app = await viaApp(c);
    const cli = await viaCli(c);
    expect(app).not.toBeInstanceOf(Error);
    expect(cli).toEqual(app);
    if (c.caller === 'server') {
      expect(app).toMatchObject({
        note_template_key: 'SOAP',
        note_sections_customization: [
          { section_key: 'PLAN', style: 'BULLET_POINTS', custom_instruction: 'Bullet points.' },
        ],
        note_template_custom_instructions: 'Use plain words.',
      });
    } else {
      expect(app).not.toHaveProperty('note_template_key');
      expect(app).not.toHaveProperty('note_sections_customization');
    }
  });

  it('refuses a transcript without text with one code: the app answers it, the CLI words it', async () => {
    const c: Case = { ...SERVER_SOAP, transcript: BLANK };
    const app = await viaApp(c);
    expect(app).toBeInstanceOf(Failure);
    expect((app as Failure).code).toBe('transcript_too_short');
    expect(await viaApp({ ...c, transcript: [] })).toMatchObject({ code: 'transcript_too_short' });
    const cli = await viaCli(c);
    expect(cli).toBeInstanceOf(CliError);
    expect(cli).toMatchObject({
      message: 'The transcript file holds no transcript text. Nothing was sent.',
      exitCode: 2,
    });
  });

  it('refuses over-long context and saved instructions with the same code and counts', async () => {
    const long: Case = { ...SERVER_SOAP, context: 'x'.repeat(10_001) };
    const app = (await viaApp(long)) as Failure;
    const cli = (await viaCli(long)) as Failure;
    const counts = { rule: 'too_long', limit: 10_000, actual: 10_001 };
    expect(app.params).toEqual({ ...counts, subject: 'extra_context' });
    expect(cli.params).toEqual({ ...counts, subject: 'context_file' });
    expect(formatError(cli)).toBe(
      'The context file is 10,001 characters; the limit is 10,000. Shorten it by 1.',
    );

    const saved: Case = { ...SERVER_SOAP, instruction: 'y'.repeat(701) };
    const fromApp = (await viaApp(saved)) as Failure;
    expect(fromApp.code).toBe('limit_exceeded');
    expect(fromApp.params).toEqual({
      rule: 'too_long',
      subject: 'section_instruction',
      limit: 700,
      actual: 701,
    });
    expect(((await viaCli(saved)) as Failure).toIpcError()).toEqual(fromApp.toIpcError());
  });

  it('refuses a template named by a user caller: a limit code for the builder, a usage line for the CLI', async () => {
    const input = {
      caller: 'user' as const,
      locale: 'ENGLISH_US',
      transcript: TRANSCRIPT,
      templateKey: 'SOAP',
    };
    await expect(buildNoteRequest(input)).rejects.toMatchObject({
      code: 'limit_exceeded',
      params: { rule: 'user_caller_template' },
    });
    const cli = await viaCli(
      { caller: 'user', template: 'SOAP', locale: 'ENGLISH_US' },
      { template: 'SOAP' },
    );
    expect(cli).toBeInstanceOf(CliError);
    expect(cli).toMatchObject({ exitCode: 2 });
    expect((cli as CliError).message).toMatch(
      /^--template cannot be used with SCRIBE_USER_EXTERNAL_ID.*Nothing was sent\.$/,
    );
  });

  it('sends the note being revised only with extra context, and refuses SUBSECTIONS outside Assessment and Plan', async () => {
    const input = {
      caller: 'server' as const,
      locale: 'ENGLISH_US',
      transcript: TRANSCRIPT,
      currentNote: NOTE,
    };
    expect(await buildNoteRequest(input)).not.toHaveProperty('current_note');
    expect(await buildNoteRequest({ ...input, context: 'More.' })).toMatchObject({ current_note: NOTE });
    const plan: Note = {
      ...NOTE,
      sections: [
        { key: 'PLAN', content: { type: 'SUBSECTIONS', subsections: [{ id: 'a', title: 'A', text: 'B' }] } },
      ],
    };
    await expect(buildNoteRequest({ ...input, context: 'More.', currentNote: plan })).rejects.toMatchObject({
      code: 'limit_exceeded',
      params: { rule: 'subsections_not_ap' },
    });

    // The app revising a note it holds runs the same rule before anything is sent.
    let sent = 0;
    const core = fakeCore('server', { generateNote: async () => (sent++, plan) });
    const notes = new NoteWorkflow();
    const generate: GenerateNote = {
      templateKey: 'SOAP',
      locale: 'ENGLISH_US',
      mode: 'sync',
      extraContext: null,
    };
    await notes.generate(core, generate, TRANSCRIPT, () => undefined);
    await expect(
      notes.generate(core, { ...generate, extraContext: 'More.' }, TRANSCRIPT, () => undefined),
    ).rejects.toMatchObject({ params: { rule: 'subsections_not_ap' } });
    expect(sent).toBe(1);
  });
});
