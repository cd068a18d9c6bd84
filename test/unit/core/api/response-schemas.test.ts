import { describe, expect, it } from 'vitest';
import { NoteSchema } from '../../../../main/core/api/schemas/note.ts';
import { TemplateDetailSchema, TemplateListSchema } from '../../../../main/core/api/schemas/account.ts';
import {
  PatientInstructionsSchema,
  SuggestedOrdersSchema,
} from '../../../../main/core/api/schemas/coding.ts';
import { DictationResultSchema } from '../../../../main/core/api/endpoints/files.ts';
import { asyncJobSchema } from '../../../../main/core/api/schemas/common.ts';
import { toNoteDto } from '../../../../main/features/note/mapping.ts';
import { noteText } from '../../../../main/features/note/ehr-text.ts';

const note = (content: unknown, extra: Record<string, unknown> = {}) => ({
  locale: 'ENGLISH_US',
  template_key: 'SOAP',
  sections: [{ key: 'ASSESSMENT_AND_PLAN', title: 'Assessment and plan', content, ...extra }],
});

describe('note content', () => {
  it('refuses malformed TEXT or SUBSECTIONS content instead of passing it on as an unknown type', () => {
    expect(NoteSchema.safeParse(note({ type: 'TEXT', text: 5 })).success).toBe(false);
    expect(NoteSchema.safeParse(note({ type: 'SUBSECTIONS', subsections: 'x' })).success).toBe(false);
    expect(NoteSchema.safeParse(note({ type: 'SUBSECTIONS' })).success).toBe(false);
  });

  it('reads a missing or null subsection title or text, and a null text, as empty', () => {
    const parsed = NoteSchema.parse(
      note({
        type: 'SUBSECTIONS',
        subsections: [
          { id: '1', title: null, text: 'Start lisinopril.' },
          { id: '2', text: null },
        ],
      }),
    );
    expect(parsed.sections[0]!.content).toEqual({
      type: 'SUBSECTIONS',
      subsections: [
        { id: '1', title: '', text: 'Start lisinopril.' },
        { id: '2', title: '', text: '' },
      ],
    });
    expect(NoteSchema.parse(note({ type: 'TEXT', text: null })).sections[0]!.content).toEqual({
      type: 'TEXT',
      text: '',
    });
    // A null section title is headed as the window names its key (its language), else by the key itself.
    const untitled = NoteSchema.parse(note({ type: 'TEXT', text: 'x' }, { title: null }));
    expect(noteText(toNoteDto(untitled, 0), { ASSESSMENT_AND_PLAN: 'Évaluation et plan' })).toBe(
      'ÉVALUATION ET PLAN:\nx',
    );
    expect(noteText(toNoteDto(untitled, 0))).toBe('ASSESSMENT_AND_PLAN:\nx');
    expect(noteText(toNoteDto(parsed, 0))).toBe('ASSESSMENT AND PLAN:\nStart lisinopril.');
  });

  it('gives a subsection without an id one from its place (the app keys subsections by id)', () => {
    const parsed = NoteSchema.parse(
      note({ type: 'SUBSECTIONS', subsections: [{ id: 'p1', text: 'a' }, { text: 'b' }] }),
    );
    const content = parsed.sections[0]!.content as { subsections: Array<{ id: string }> };
    expect(content.subsections.map((s) => s.id)).toEqual(['p1', 'subsection-2']);
  });

  it('keeps a genuinely unknown content type, with a placeholder in the whole-note text', () => {
    const parsed = NoteSchema.parse(note({ type: 'TABLE', rows: [['a']] }));
    expect(parsed.sections[0]!.content).toEqual({ type: 'TABLE', rows: [['a']] });
    expect(noteText(toNoteDto(parsed, 0))).toBe(
      'ASSESSMENT AND PLAN:\n[This section could not be shown by this version of Scribe]',
    );
  });
});

describe('interop with other services', () => {
  it('reads a template list keyed by key or by the contract name template_key', () => {
    const list = TemplateListSchema.parse({
      templates: [
        { key: 'SOAP', title: 'SOAP' },
        { template_key: 'GENERIC_MULTIPLE_SECTIONS', title: 'Generic', badge: 'new' },
      ],
    });
    expect(list.templates.map((t) => t.key)).toEqual(['SOAP', 'GENERIC_MULTIPLE_SECTIONS']);
    expect(list.templates[1]).toMatchObject({ badge: 'new' });
    expect(TemplateListSchema.safeParse({ templates: [{ title: 'no key' }] }).success).toBe(false);
    expect(TemplateDetailSchema.parse({ key: 'SOAP', sections: [] }).template_key).toBe('SOAP');
  });

  it('does not throw on fields beside the value a call returns', () => {
    expect(PatientInstructionsSchema.parse({ instructions: 'Rest.', disclaimer: 'x' }).instructions).toBe(
      'Rest.',
    );
    expect(
      SuggestedOrdersSchema.parse({ suggested_orders: [], generated_at: 'now' }).suggested_orders,
    ).toEqual([]);
    expect(DictationResultSchema.parse({ dictation: 'Stable.', words: 2 }).dictation).toBe('Stable.');
  });
});

describe('async job answers', () => {
  const job = asyncJobSchema(PatientInstructionsSchema);

  it('reads a null payload while ONGOING and an error of any shape', () => {
    expect(job.parse({ id: 'j', status: 'ONGOING', payload: null }).payload).toBeNull();
    expect(job.parse({ id: 'j', status: 'FAILED', error: 'model overloaded' }).error).toBeUndefined();
    expect(job.parse({ id: 'j', status: 'FAILED', error: { code: 83005, name: 7 } }).error).toEqual({
      code: 83005,
      name: undefined,
    });
    expect(job.safeParse({ id: 'j', status: 'SUCCEEDED', payload: { instructions: 3 } }).success).toBe(false);
  });
});
