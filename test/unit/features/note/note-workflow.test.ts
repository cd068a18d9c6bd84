import { describe, expect, it } from 'vitest';
import { formatError } from '../../../../preload/words/index.ts';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import { NoteWorkflow } from '../../../../main/features/note/note-workflow.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { NOTE, fakeCore } from '../visit/fakes.ts';

const TRANSCRIPT = [
  {
    text: 'I have had chest pain for three days.',
    speaker_type: 'PATIENT',
    start_offset_ms: 0,
    end_offset_ms: 900,
  },
];
const generate = { templateKey: 'SOAP', locale: 'ENGLISH_US', mode: 'sync' as const, extraContext: null };

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<Failure> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('NoteWorkflow', () => {
  it('refuses over-long extra context and instructions before anything is sent, stating counts only', async () => {
    const core = fakeCore('server');
    const notes = new NoteWorkflow();
    const long = 'x'.repeat(10_001);
    const f = await failure(
      notes.generate(core, { ...generate, extraContext: long }, TRANSCRIPT, () => undefined),
    );
    expect(f.code).toBe('limit_exceeded');
    expect(f.params).toEqual({ rule: 'too_long', subject: 'extra_context', limit: 10_000, actual: 10_001 });
    expect(formatError(f)).toBe(
      'The extra context is 10,001 characters; the limit is 10,000. Shorten it by 1.',
    );
    expect(core.calls).toEqual([]);
    await notes.generate(core, generate, TRANSCRIPT, () => undefined);
    const g = await failure(notes.editByInstruction(core, 'y'.repeat(701)));
    expect(g.code).toBe('limit_exceeded');
    expect(core.calls).toEqual(['generateNote']);
  });

  it('reports async progress and sends the template only for server callers', async () => {
    const stages: string[] = [];
    const notes = new NoteWorkflow();
    let sent: unknown;
    const user = fakeCore('user', {
      generateNoteAsync: async (request, onProgress) => ((sent = request), onProgress(2_000), NOTE),
    });
    const note = await notes.generate(user, { ...generate, mode: 'async' }, TRANSCRIPT, (p) =>
      stages.push(p.stage),
    );
    expect(stages).toEqual(['queued', 'working', 'done']);
    expect(sent).not.toHaveProperty('note_template_key');
    expect(note.revision).toBe(1);
  });

  it('edits a section by hand only at the current revision and keeps the type of content', async () => {
    const notes = new NoteWorkflow();
    await notes.generate(fakeCore('server'), generate, TRANSCRIPT, () => undefined);
    const edited = notes.editSection(1, 'CHIEF_COMPLAINT', { type: 'TEXT', text: 'Chest pain, 3 days.' });
    expect(edited.revision).toBe(2);
    expect(notes.copyText('CHIEF_COMPLAINT')).toBe('Chest pain, 3 days.');
    expect(
      (await failure(() => notes.editSection(1, 'CHIEF_COMPLAINT', { type: 'TEXT', text: 'stale' }))).code,
    ).toBe('invalid_request');
    expect(
      (await failure(() => notes.editSection(2, 'ASSESSMENT_AND_PLAN', { type: 'TEXT', text: 'flat' }))).code,
    ).toBe('invalid_request');
  });

  it("keeps whether the clinician changed the note in main (a reloaded window still asks before 'Write again')", async () => {
    const notes = new NoteWorkflow();
    const core = fakeCore('server');
    expect((await notes.generate(core, generate, TRANSCRIPT, () => undefined)).edited).toBe(false);
    notes.editSection(1, 'CHIEF_COMPLAINT', { type: 'TEXT', text: 'Chest pain, 3 days.' });
    expect(notes.note?.edited).toBe(true); // what noteGet answers the reloaded renderer
    expect((await notes.generate(core, generate, TRANSCRIPT, () => undefined)).edited).toBe(false);
    expect((await notes.editByInstruction(core, 'Shorter.')).edited).toBe(true);
    notes.reset();
    expect((await notes.generate(core, generate, TRANSCRIPT, () => undefined)).edited).toBe(false);
  });

  it('asks for server credentials before E/M and translates the original instructions', async () => {
    const notes = new NoteWorkflow();
    await notes.generate(fakeCore('user'), generate, TRANSCRIPT, () => undefined);
    expect((await failure(notes.em(fakeCore('user'), 'CARDIOLOGY', TRANSCRIPT))).code).toBe(
      'server_credentials_required',
    );
    const server = fakeCore('server');
    expect((await notes.em(server, 'CARDIOLOGY', TRANSCRIPT)).specialties).toHaveLength(9);
    await notes.instructions(server, 'ENGLISH_US', 'PATIENT');
    const fr = await notes.translate(server, 'FRENCH_FR', 'FRENCH_FR');
    expect(server.calls).toContain('translate:ENGLISH_US->FRENCH_FR');
    expect(fr).toMatchObject({ locale: 'FRENCH_FR', translated: true });
  });

  it('never copies or translates instructions written from an earlier version of the note', async () => {
    const notes = new NoteWorkflow();
    const server = fakeCore('server');
    await notes.generate(server, generate, TRANSCRIPT, () => undefined);
    await notes.instructions(server, 'ENGLISH_US', 'PATIENT');
    const written = notes.instructionsText();
    expect(written.length).toBeGreaterThan(0);
    const note = notes.note!;
    notes.editSection(note.revision, 'CHIEF_COMPLAINT', { type: 'TEXT', text: 'Chest pain, 3 days.' });
    const copy = await failure(() => notes.instructionsText());
    expect(copy.code).toBe('invalid_request');
    expect(formatError(copy)).toContain('Write them again');
    expect((await failure(notes.translate(server, 'ENGLISH_US', 'FRENCH_FR'))).code).toBe('invalid_request');
    expect(server.calls.filter((c) => c.startsWith('translate'))).toEqual([]);
    // Written again from the current note, they can be copied.
    await notes.instructions(server, 'ENGLISH_US', 'PATIENT');
    expect(notes.instructionsText()).toBe(written);
  });

  it('numbers notes on from the last visit, so a result from visit 1 never matches a note of visit 2', async () => {
    const notes = new NoteWorkflow();
    const first = await notes.generate(fakeCore('server'), generate, TRANSCRIPT, () => undefined);
    notes.reset();
    expect(notes.note).toBeNull();
    const second = await notes.generate(fakeCore('server'), generate, TRANSCRIPT, () => undefined);
    expect(second.revision).toBeGreaterThan(first.revision);
  });

  it('writes again over the changes it replaces: the service revises its own last note, not the edited one', async () => {
    const notes = new NoteWorkflow();
    const sent: unknown[] = [];
    const core = fakeCore('server', { generateNote: async (r) => (sent.push(r.current_note), NOTE) });
    await notes.generate(core, generate, TRANSCRIPT, () => undefined);
    notes.editSection(1, 'CHIEF_COMPLAINT', { type: 'TEXT', text: 'Hand-edited.' });
    await notes.generate(
      core,
      { ...generate, extraContext: 'Penicillin allergy.' },
      TRANSCRIPT,
      () => undefined,
    );
    expect(sent[1]).toEqual(NOTE);
    expect(JSON.stringify(sent)).not.toContain('Hand-edited.');
    expect(notes.copyText('CHIEF_COMPLAINT')).not.toContain('Hand-edited.');
  });

  it('undoes a change by instruction once; an instruction that changed nothing is no new version', async () => {
    const notes = new NoteWorkflow();
    let edit: (note: Note) => Note = (note) => ({ ...note, title: 'Edited' });
    const core = fakeCore('server', { editNote: async (r) => edit(r.note) });
    const written = await notes.generate(core, generate, TRANSCRIPT, () => undefined);
    const changed = await notes.editByInstruction(core, 'Shorter.');
    expect(changed).toMatchObject({ title: 'Edited', edited: true, revision: written.revision + 1 });
    expect((await failure(() => notes.undoInstruction(written.revision))).code).toBe('invalid_request');
    const undone = notes.undoInstruction(changed.revision);
    expect(undone).toMatchObject({ title: written.title, edited: false, revision: changed.revision + 1 });
    expect((await failure(() => notes.undoInstruction(undone.revision))).code).toBe('invalid_request');
    edit = (note) => structuredClone(note);
    const same = await notes.editByInstruction(core, 'Make it better.');
    expect(same).toMatchObject({ revision: undone.revision, edited: false });
    expect((await failure(() => notes.undoInstruction(same.revision))).code).toBe('invalid_request');
  });

  it('has nothing to copy before a note exists', async () => {
    expect((await failure(() => new NoteWorkflow().copyText(null))).code).toBe('no_note');
  });
});

describe('a visit started from an appointment', () => {
  const linked = { date_of_birth: '1961-04-12', sex: 'FEMALE' as const };
  const sendWith = async (details?: Parameters<NoteWorkflow['generate']>[1]['details']) => {
    let sent: { structured_context?: { patient_demographics?: unknown } } | undefined;
    const core = fakeCore('server', { generateNote: async (request) => ((sent = request), NOTE) });
    const request = details ? { ...generate, details } : generate;
    await new NoteWorkflow().generate(core, request, TRANSCRIPT, () => undefined, undefined, null, linked);
    return sent?.structured_context?.patient_demographics;
  };

  it("sends the appointment's patient demographics in structured_context.patient_demographics", async () => {
    expect(await sendWith()).toEqual(linked);
  });
});
