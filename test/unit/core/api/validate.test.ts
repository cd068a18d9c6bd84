import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../../fixtures/worded.ts';
import {
  checkEditNote,
  checkEmSpecialty,
  checkGenerateNote,
  checkStructuredContext,
  isAssessmentAndPlanKey,
} from '../../../../main/core/api/validate.ts';
import type { GenerateNoteRequest, Note } from '../../../../main/core/api/schemas/note.ts';

const items = [{ text: 'Blood pressure is 140 over 90.', speaker_type: 'DOCTOR' }];
const base: GenerateNoteRequest = { locale: 'ENGLISH_US', transcript_items: items };
const subsections = {
  type: 'SUBSECTIONS' as const,
  subsections: [{ id: 'p1', title: 'Hypertension', text: 'Start lisinopril.' }],
};
const note = (key: string): Note => ({
  locale: 'ENGLISH_US',
  template_key: 'T',
  sections: [{ key, content: subsections }],
});

describe('generate-note checks', () => {
  it('passes a plain request through', () => {
    expect(checkGenerateNote(base, 'server')).toBe(base);
  });

  it('refuses an empty transcript', () => {
    expect(wordsOf(() => checkGenerateNote({ ...base, transcript_items: [] }, 'server'))).toMatch(
      /no transcript/,
    );
  });

  it('refuses 10,001 characters of context and accepts 10,000', () => {
    expect(() =>
      checkGenerateNote({ ...base, unstructured_context: 'x'.repeat(10_000) }, 'server'),
    ).not.toThrow();
    expect(
      wordsOf(() => checkGenerateNote({ ...base, unstructured_context: 'x'.repeat(10_001) }, 'server')),
    ).toMatch(/10,001 characters; the limit is 10,000/);
  });

  it('refuses a 701-character section instruction and note-wide instruction', () => {
    const long = 'y'.repeat(701);
    expect(
      wordsOf(() =>
        checkGenerateNote(
          { ...base, note_sections_customization: [{ section_key: 'PLAN', custom_instruction: long }] },
          'server',
        ),
      ),
    ).toMatch(/instruction for a section is 701/);
    expect(
      wordsOf(() => checkGenerateNote({ ...base, note_template_custom_instructions: long }, 'server')),
    ).toMatch(/note-wide instruction is 701/);
  });

  it('refuses server-only fields for a user caller', () => {
    expect(wordsOf(() => checkGenerateNote({ ...base, note_template_key: 'SOAP' }, 'user'))).toMatch(
      /note settings/,
    );
    expect(wordsOf(() => checkGenerateNote({ ...base, specialty: 'CARDIOLOGY' }, 'user'))).toMatch(
      /clinician's account/,
    );
  });

  it('allows SUBSECTIONS only on Assessment and Plan in the current note', () => {
    expect(() =>
      checkGenerateNote({ ...base, current_note: note('ASSESSMENT_AND_PLAN') }, 'server'),
    ).not.toThrow();
    expect(wordsOf(() => checkGenerateNote({ ...base, current_note: note('PLAN') }, 'server'))).toMatch(
      /only Assessment and Plan/,
    );
  });

  it('checks the date and the request id', () => {
    expect(wordsOf(() => checkGenerateNote({ ...base, encounter_date: '22/11/2026' }, 'server'))).toMatch(
      /date like/,
    );
    expect(
      wordsOf(() => checkGenerateNote({ ...base, client_request_id: 'r'.repeat(129) }, 'server')),
    ).toMatch(/1 to 128/);
  });
});

describe('source-note rules', () => {
  const text = { type: 'TEXT' as const, text: 'x' };
  it('refuses ASSESSMENT_AND_PLAN mixed with ASSESSMENT or PLAN', () => {
    expect(
      wordsOf(() =>
        checkStructuredContext({
          source_note: {
            type: 'DRAFT',
            sections: [
              { kind: 'ASSESSMENT_AND_PLAN', content: text },
              { kind: 'PLAN', content: text },
            ],
          },
        }),
      ),
    ).toMatch(/one or the other/);
    expect(() =>
      checkStructuredContext({
        source_note: {
          type: 'DRAFT',
          sections: [
            { kind: 'ASSESSMENT', content: text },
            { kind: 'PLAN', content: text },
          ],
        },
      }),
    ).not.toThrow();
  });
  it('refuses SUBSECTIONS on a kind other than ASSESSMENT_AND_PLAN', () => {
    expect(
      wordsOf(() =>
        checkStructuredContext({
          source_note: { type: 'DRAFT', sections: [{ kind: 'PLAN', content: subsections }] },
        }),
      ),
    ).toMatch(/subsections/);
    expect(() =>
      checkStructuredContext({
        source_note: { type: 'DRAFT', sections: [{ kind: 'ASSESSMENT_AND_PLAN', content: subsections }] },
      }),
    ).not.toThrow();
  });
  it('refuses unknown kinds', () => {
    expect(
      wordsOf(() =>
        checkStructuredContext({
          source_note: { type: 'DRAFT', sections: [{ kind: 'HPI' as 'PLAN', content: text }] },
        }),
      ),
    ).toMatch(/does not accept/);
  });
});

describe('other checks', () => {
  it('recognises Assessment and Plan keys', () => {
    expect(isAssessmentAndPlanKey('ASSESSMENT_AND_PLAN')).toBe(true);
    expect(isAssessmentAndPlanKey('assessment-and-plan')).toBe(true);
    expect(isAssessmentAndPlanKey('ASSESSMENT')).toBe(false);
  });
  it('limits instruction edits to 700 characters and refuses an empty one', () => {
    const n: Note = { locale: 'ENGLISH_US', template_key: 'T', sections: [] };
    expect(() => checkEditNote({ note: n, instructions: 'z'.repeat(700) })).not.toThrow();
    expect(wordsOf(() => checkEditNote({ note: n, instructions: 'z'.repeat(701) }))).toMatch(/701/);
    expect(wordsOf(() => checkEditNote({ note: n, instructions: '  ' }))).toMatch(/what to change/);
  });
  it('accepts the nine E/M specialties of 2026-10-05 only', () => {
    for (const s of ['CARDIOLOGY', 'NEUROLOGY', 'PSYCHIATRY', 'PEDIATRICS'])
      expect(() => checkEmSpecialty(s)).not.toThrow();
    expect(wordsOf(() => checkEmSpecialty('DERMATOLOGY'))).toMatch(/these specialties only/);
  });
});
