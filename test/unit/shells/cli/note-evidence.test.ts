import { describe, expect, it } from 'vitest';
import { evidenceOf, evidenceText } from '../../../../main/shells/cli/note-evidence.ts';
import { transcriptSpeechLocales } from '../../../../main/shells/cli/transcript-file.ts';
import type { NoteSection } from '../../../../preload/contract/dto-note.ts';

const SECTIONS: NoteSection[] = [
  {
    key: 'HPI',
    title: 'History',
    content: { type: 'TEXT', text: 'Continue aspirin 325 mg daily. Colonoscopy last year.' },
  },
  {
    key: 'AP',
    title: null,
    content: { type: 'SUBSECTIONS', subsections: [{ id: 'p1', title: 'Pain', text: 'No chest pain.' }] },
  },
];
const SAID = ['I take aspirin 81 mg every day.', 'I have chest pain when I walk.'];

describe('scribe note --evidence words', () => {
  it('prints each sentence with its items and its marks, values in words', () => {
    expect(evidenceText(SECTIONS, evidenceOf(SECTIONS, SAID)).split('\n')).toEqual([
      "EVIDENCE (transcript items numbered from 1, in the file's order):",
      '[HPI] Continue aspirin 325 mg daily.',
      '   said in: 1',
      '   ! dose: the note says 325 mg, the conversation says 81 mg',
      '[HPI] Colonoscopy last year.',
      '   ! not found in the conversation',
      '[AP/p1] No chest pain.',
      '   said in: 2',
      '   ! negation: the note says absent, the conversation says present',
    ]);
  });

  it('a sentence from the context file is not "not found"; what neither says still is', () => {
    const english = { note: 'ENGLISH_US', speech: [] };
    const context = ['Jane Doe, 54 F.\nColonoscopy last year, normal.'];
    const lines = evidenceText(SECTIONS, evidenceOf(SECTIONS, SAID, english, context)).split('\n');
    expect(lines.slice(4, 6)).toEqual([
      '[HPI] Colonoscopy last year.',
      '   (not said in the conversation: from the context file)',
    ]);
    expect(lines).not.toContain('   ! not found in the conversation');
    // The context does not hide what differs from the conversation, nor cover what it does not say.
    expect(lines).toContain('   ! dose: the note says 325 mg, the conversation says 81 mg');
    // A context that says another value does not vouch for the note's (the dose, a "no"): still not found.
    const dose = [
      { key: 'HPI', title: null, content: { type: 'TEXT' as const, text: 'Metoprolol 50 mg daily.' } },
    ];
    expect(
      evidenceText(
        dose,
        evidenceOf(dose, ['I have chest pain when I walk.'], english, ['Metoprolol 25 mg daily.']),
      ),
    ).toContain('   ! not found in the conversation');
    const other = evidenceText(SECTIONS, evidenceOf(SECTIONS, SAID, english, ['Allergic to penicillin.']));
    expect(other).toContain('   ! not found in the conversation');
    expect(other).not.toContain('from the context file');
  });

  it('a note in another language than the transcript was said in is not linked; unknown locales link', () => {
    const french = { note: 'FRENCH_FR', speech: ['ENGLISH_US'] };
    expect(evidenceText(SECTIONS, evidenceOf(SECTIONS, SAID, french)).split('\n')).toEqual([
      "EVIDENCE (transcript items numbered from 1, in the file's order):",
      '   (not linked: the note is in another language than the one the transcript was said in)',
    ]);
    expect(evidenceOf(SECTIONS, SAID, { note: 'FRENCH_FR', speech: [] })).not.toBe('other_language');
    expect(evidenceOf(SECTIONS, SAID, { note: 'ENGLISH_UK', speech: ['ENGLISH_US'] })).toHaveLength(2);
  });

  it('reads the speech locales `scribe transcribe --json` writes on its lines', () => {
    const line = (extra: object) => JSON.stringify({ text: 'Hello.', speaker_type: 'DOCTOR', ...extra });
    expect(transcriptSpeechLocales([line({ speech_locales: ['FRENCH_FR'] }), line({})].join('\n'))).toEqual([
      'FRENCH_FR',
    ]);
    expect(transcriptSpeechLocales('DOCTOR: Hello.\n' + line({}))).toEqual([]);
  });
});
