import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsOfRejection } from '../../../fixtures/worded.ts';
import type { CoreClient } from '../../../../main/core/api/core-client.ts';
import { InvalidRequestError, JobError, ServerError } from '../../../../main/core/api/errors.ts';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import { harnessWithNote } from './core-rig.ts';
import { startHarness, TRANSCRIPT, type Harness } from './harness.ts';
import { serviceNoteText } from '../../../../preload/words/index.ts';
import type { ServiceNote } from '../../../../preload/contract/index.ts';

let h: Harness;
let user: CoreClient;
let note: Note;
beforeAll(async () => ({ h, user, note } = await harnessWithNote('ext-core-tests')));
afterAll(() => h.close());

/** The words shown for a refused call: the client reports a note, worded where it is shown (preload/words). */
const refusalWords = (call: Promise<unknown>): Promise<string> =>
  call.then(
    () => '',
    (error: { note: ServiceNote }) => serviceNoteText(error.note),
  );
describe('notes', () => {
  it('generates a note with the 2026-10-05 shape from a transcript (server caller)', () => {
    expect(note.template_key).toBeTruthy();
    expect(note.locale).toBe('ENGLISH_US');
    expect(note.sections.length).toBeGreaterThan(1);
    const text = JSON.stringify(note.sections);
    expect(text).toMatch(/lisinopril/i);
  });

  it('generates asynchronously and polls to the result (user caller)', async () => {
    const job = await user.generateNoteAsync({ locale: 'ENGLISH_US', transcript_items: TRANSCRIPT });
    const progress: number[] = [];
    const result = await job.result({ initialDelayMs: 5, onProgress: (p) => progress.push(p.polls) });
    expect(result.sections.length).toBeGreaterThan(1);
    expect(progress.length).toBeGreaterThanOrEqual(1);
  });

  it('edits a note by instruction', async () => {
    const edited = await user.editNoteWithInstructions({
      note,
      instructions: 'Mention that the patient should reduce salt intake.',
    });
    expect(edited.sections.length).toBeGreaterThan(0);
  });

  it('maps 83005 (transcript too short) to its own message', async () => {
    const error = await h.serverCore
      .generateNote({ locale: 'ENGLISH_US', transcript_items: [{ text: 'Hello.', speaker_type: 'DOCTOR' }] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.code).toBe(83005);
    expect(serviceNoteText(error.note)).toMatch(/too short/);
  });
});

describe('codes, orders, instructions', () => {
  it('returns ICD-10 conditions with HCC/MCC inside coding, and LOINC observations', async () => {
    const data = await user.generateNormalizedData({ note });
    expect(data.conditions.length).toBeGreaterThan(0);
    const coding = data.conditions[0]!.coding;
    expect(coding.code).toMatch(/^[A-Z]\d/);
    expect(typeof coding.is_hcc).toBe('boolean');
    const async = await (await user.generateNormalizedDataAsync({ note })).result({ initialDelayMs: 5 });
    expect(async.conditions.map((c) => c.coding.code)).toEqual(data.conditions.map((c) => c.coding.code));
  });

  it('suggests orders, sync and async', async () => {
    const orders = await user.generateSuggestedOrders({ note });
    expect(orders.some((o) => o.category)).toBe(true);
    const later = await (await user.generateSuggestedOrdersAsync({ note })).result({ initialDelayMs: 5 });
    expect(later.length).toBe(orders.length);
  });

  it('computes E/M codes for server callers and refuses user callers before sending', async () => {
    const job = await h.serverCore.generateEmCodesAsync({
      em_specialty_kind: 'CARDIOLOGY',
      note,
      transcript_items: TRANSCRIPT,
    });
    const codes = await job.result({ initialDelayMs: 5 });
    expect(codes.codes.length).toBeGreaterThan(0);
    const before = h.service.control.requests.length;
    await expect(
      refusalWords(user.generateEmCodesAsync({ em_specialty_kind: 'CARDIOLOGY', note })),
    ).resolves.toMatch(/organization \(server\) credentials/);
    expect(h.service.control.requests.length).toBe(before);
  });

  it('writes and translates patient instructions, keeping the disclaimer', async () => {
    const instructions = await user.generatePatientInstructions({ note, instructions_locale: 'ENGLISH_US' });
    expect(instructions.length).toBeGreaterThan(10);
    const same = await user.translatePatientInstructions({
      instructions,
      current_locale: 'ENGLISH_US',
      new_locale: 'ENGLISH_US',
    });
    expect(same).toBe(instructions);
    const french = await user.translatePatientInstructions({
      instructions,
      current_locale: 'ENGLISH_US',
      new_locale: 'FRENCH_FR',
    });
    expect(french).not.toBe(instructions);
  });
});

describe('errors and retries', () => {
  it('retries a GET through 503s, never a synchronous POST, and an async start (it carries a client_request_id)', async () => {
    h.service.control.failNext({ path: /generate-note\/templates$/, status: 503, count: 2 });
    expect((await h.serverCore.listTemplates()).length).toBeGreaterThan(0);
    h.service.control.failNext({ path: /\/generate-note$/, status: 503, count: 1 });
    const error = await h.serverCore
      .generateNote({ locale: 'ENGLISH_US', transcript_items: TRANSCRIPT })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.retryable).toBe(true);
    h.service.control.failNext({ path: /\/generate-note-async$/, status: 503, count: 1 });
    const jobsBefore = h.service.control.jobCount;
    const retried = await (
      await h.serverCore.generateNoteAsync({ locale: 'ENGLISH_US', transcript_items: TRANSCRIPT })
    ).result({ initialDelayMs: 5 });
    expect(retried.sections.length).toBeGreaterThan(0);
    expect(h.service.control.jobCount - jobsBefore).toBe(1);
  });

  it('honours Retry-After on 429', async () => {
    h.service.control.failNext({ path: /note-settings$/, status: 429, headers: { 'retry-after': '0' } });
    expect(await user.getNoteSettings()).toBeTruthy();
  });

  it('a failed async job and an expired one give their own messages', async () => {
    h.service.control.failNextJob();
    const failed = await (
      await user.generateNoteAsync({ locale: 'ENGLISH_US', transcript_items: TRANSCRIPT })
    )
      .result({ initialDelayMs: 5 })
      .catch((e) => e);
    expect(failed).toBeInstanceOf(JobError);
    // A service that keeps results 100 ms; the client is told 2 hours have passed since the job started.
    const short = await startHarness({ retentionMs: 100 });
    try {
      const job = await short.serverCore.generateSuggestedOrdersAsync({ note });
      await job.result({ initialDelayMs: 5 });
      short.service.control.advance(200); // past the 100 ms retention, on the service's clock
      const expired = await job
        .result({ initialDelayMs: 5, now: () => Date.now() + 2 * 60 * 60 * 1000 + 1000 })
        .catch((e) => e);
      expect(expired).toBeInstanceOf(JobError);
      expect(serviceNoteText(expired.note)).toMatch(/expired on the service/);
    } finally {
      await short.close();
    }
  });
});

describe('user settings, dot phrases, text replacements', () => {
  it('reads and updates note settings and customization', async () => {
    const templates = await user.listTemplates();
    const key = templates[0]!.key;
    await user.updateNoteSettings({ note_template_key: key, note_locale: 'ENGLISH_US' });
    expect((await user.getNoteSettings()).note_template_key).toBe(key);
    const custom = await user.getCustomization(key);
    const updated = await user.updateCustomization(key, {
      ...custom,
      note_template_custom_instructions: 'Be brief.',
    });
    expect(updated.note_template_custom_instructions).toBe('Be brief.');
  });

  it('dot phrases: bulk create, update, delete, and single items', async () => {
    const created = await user.dotPhrases.bulkCreate([
      { trigger: '.ros', content: 'Review of systems negative.' },
      { trigger: '.fu', content: 'Follow up in 4 weeks.' },
    ]);
    expect(created.map((p) => p.trigger)).toEqual(['.ros', '.fu']);
    const updated = await user.dotPhrases.bulkUpdate([{ id: created[0]!.id, content: 'ROS negative.' }]);
    expect(updated[0]!.content).toBe('ROS negative.');
    const single = await user.dotPhrases.create({ trigger: '.exam', content: 'Normal exam.' });
    expect((await user.dotPhrases.list()).length).toBe(3);
    await user.dotPhrases.bulkDelete(created.map((p) => p.id));
    await user.dotPhrases.remove(single.id);
    expect(await user.dotPhrases.list()).toEqual([]);
  });

  it('dictation text replacements: create, read, update, delete', async () => {
    const made = await user.textReplacements.create({ original_text: 'h t n', replacement_text: 'HTN' });
    expect((await user.textReplacements.get(made.id)).replacement_text).toBe('HTN');
    await user.textReplacements.update(made.id, { replacement_text: 'hypertension' });
    expect((await user.textReplacements.list()).map((r) => r.replacement_text)).toEqual(['hypertension']);
    await user.textReplacements.remove(made.id);
    expect(await user.textReplacements.list()).toEqual([]);
  });
});

describe('files and users', () => {
  it('transcribes a file (sync and async) and dictates a file (server only)', async () => {
    const { writeScriptedWav } = await import('../../../../main/programs/local-service/speech.ts');
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'scribe-files-'));
    const visit = join(dir, 'visit.wav');
    await writeFile(
      visit,
      writeScriptedWav('DOCTOR: How is the cough? PATIENT: Better since Tuesday.', 4000),
    );
    const sync = await user.transcribeFile(visit, { speech_locales: ['ENGLISH_US'] });
    expect(sync.transcript_items.map((i) => i.text).join(' ')).toMatch(/cough/);
    const job = await h.serverCore.transcribeFileAsync(visit, { speech_locales: ['ENGLISH_US'] });
    expect((await job.result({ initialDelayMs: 5 })).transcript_items.length).toBe(
      sync.transcript_items.length,
    );
    const dictation = join(dir, 'dictation.wav');
    await writeFile(dictation, writeScriptedWav('patient is stable period', 2000));
    expect(await h.serverCore.dictateFile(dictation, { dictation_locale: 'ENGLISH_US' })).toMatch(
      /stable\./i,
    );
    await expect(user.dictateFile(dictation, { dictation_locale: 'ENGLISH_US' })).rejects.toThrow(/server/);
  });

  it('creates, reads, updates and lists users (server only)', async () => {
    const made = await h.serverCore.createUser({
      external_id: `ext-${crypto.randomUUID()}`,
      metadata: { team: 'cardiology' },
    });
    expect((await h.serverCore.getUser(made.id)).external_id).toBe(made.external_id);
    const updated = await h.serverCore.updateUser(made.id, { metadata: { team: 'neurology' } });
    expect(updated.metadata).toEqual({ team: 'neurology' });
    const page = await h.serverCore.listUsers({ limit: 100 });
    expect(page.data.some((u) => u.id === made.id)).toBe(true);
    expect(await h.serverCore.findUserByExternalId('nobody-has-this-id')).toBeUndefined();
    await expect(wordsOfRejection(h.serverCore.listUsers({ limit: 101 }))).resolves.toMatch(/1 to 100/);
    await expect(user.createUser({ external_id: 'x' })).rejects.toThrow(/server/);
  });
});
