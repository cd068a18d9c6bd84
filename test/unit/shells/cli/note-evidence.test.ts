import { describe, expect, it } from 'vitest';
import { evidenceOf, evidenceText } from '../../../../main/shells/cli/note-evidence.ts';
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
});
