/** Every client-side limit of the core client refuses before anything is sent, worded for the person. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { CoreClient } from '../../../../main/core/api/core-client.ts';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import { harnessWithNote, refusedBeforeSending } from './core-rig.ts';
import { TRANSCRIPT, type Harness } from './harness.ts';

let h: Harness;
let user: CoreClient;
let note: Note;
beforeAll(async () => ({ h, user, note } = await harnessWithNote('ext-core-limits')));
afterAll(() => h.close());

describe('every client-side limit refuses before sending', () => {
  it('unstructured context over 10,000 characters (generate and edit)', async () => {
    await refusedBeforeSending(
      h,
      () =>
        user.generateNote({
          locale: 'ENGLISH_US',
          transcript_items: TRANSCRIPT,
          unstructured_context: 'c'.repeat(10_001),
        }),
      /10,001 characters/,
    );
    await refusedBeforeSending(
      h,
      () =>
        user.editNoteWithInstructions({ note, instructions: 'x', unstructured_context: 'c'.repeat(10_001) }),
      /10,001/,
    );
  });
  it('instructions over 700 characters', async () => {
    await refusedBeforeSending(
      h,
      () => user.editNoteWithInstructions({ note, instructions: 'i'.repeat(701) }),
      /701/,
    );
    await refusedBeforeSending(
      h,
      () =>
        h.serverCore.generateNote({
          locale: 'ENGLISH_US',
          transcript_items: TRANSCRIPT,
          note_sections_customization: [{ section_key: 'PLAN', custom_instruction: 'p'.repeat(701) }],
        }),
      /701/,
    );
    await refusedBeforeSending(
      h,
      () =>
        user.updateCustomization('GENERIC_MULTIPLE_SECTIONS', {
          note_template_custom_instructions: 'n'.repeat(701),
          sections: [],
        }),
      /701/,
    );
  });
  it('more than 100 bulk items', async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ trigger: `.p${i}`, content: 'text' }));
    await refusedBeforeSending(h, () => user.dotPhrases.bulkCreate(items), /101 dot phrases/);
    await refusedBeforeSending(
      h,
      () => user.dotPhrases.bulkDelete(Array.from({ length: 101 }, () => crypto.randomUUID())),
      /at most 100/,
    );
  });
  it('speech locales: 1–2 distinct, HAITIAN_HT alone', async () => {
    await refusedBeforeSending(
      h,
      () => user.transcribeFile('/dev/null', { speech_locales: ['HAITIAN_HT', 'FRENCH_FR'] }),
      /Haitian Creole/,
    );
    await refusedBeforeSending(
      h,
      () => user.transcribeFile('/dev/null', { speech_locales: ['ENGLISH_US', 'ENGLISH_US'] }),
      /twice/,
    );
  });
  it('source-note kinds not mixed; SUBSECTIONS only on Assessment and Plan', async () => {
    const text = { type: 'TEXT' as const, text: 'x' };
    await refusedBeforeSending(
      h,
      () =>
        h.serverCore.generateNote({
          locale: 'ENGLISH_US',
          transcript_items: TRANSCRIPT,
          structured_context: {
            source_note: {
              type: 'DRAFT',
              sections: [
                { kind: 'ASSESSMENT_AND_PLAN', content: text },
                { kind: 'ASSESSMENT', content: text },
              ],
            },
          },
        }),
      /one or the other/,
    );
    const bad: Note = {
      ...note,
      sections: [
        { key: 'PLAN', content: { type: 'SUBSECTIONS', subsections: [{ id: '1', title: 't', text: 'x' }] } },
      ],
    };
    await refusedBeforeSending(
      h,
      () => user.generateNormalizedData({ note: bad }),
      /only Assessment and Plan/,
    );
  });
  it('E/M specialty values', async () => {
    await refusedBeforeSending(
      h,
      () => h.serverCore.computeEmCodes({ em_specialty_kind: 'DERMATOLOGY' }),
      /these specialties only/,
    );
  });
});
