/**
 * A schema's refusal as facts (path, kind and what the kind names), never the value: the `--patient`,
 * `--diagnoses` and `--source-note` files' shapes, a refinement naming its format, and a missing field told
 * apart from one of the wrong type.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldProblems } from '../../../../../main/core/api/schemas/field-problems.ts';
import {
  DiagnosesSchema,
  PatientDemographicsSchema,
  SourceNoteSchema,
} from '../../../../../main/core/api/schemas/visit-context.ts';

function problems(schema: z.ZodType, value: unknown, max = 3) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return fieldProblems(parsed.error, value, max);
}

const CANARY = 'CANARY-PATIENT-NAME';

describe('fieldProblems', () => {
  it('names each field and what is wrong with it, never its value', () => {
    const value = { age: 12.5, sex: CANARY, date_of_birth: '2026-13-40', [CANARY]: 1 };
    const found = problems(PatientDemographicsSchema, value, 10);
    expect(found).toEqual(
      [
        { path: 'age', kind: 'not_whole' },
        { path: 'date_of_birth', kind: 'bad_format', format: 'date' },
        { path: 'sex', kind: 'not_allowed', values: ['FEMALE', 'MALE', 'OTHER', 'UNKNOWN'] },
        { path: '', kind: 'unknown_fields', fields: [CANARY] },
      ].sort((a, b) => found.findIndex((f) => f.path === a.path) - found.findIndex((f) => f.path === b.path)),
    );
    // The one fact that quotes the file is a field name it holds (to say which is unknown), never a value.
    expect(JSON.stringify(found.filter((p) => p.kind !== 'unknown_fields'))).not.toContain(CANARY);
    expect(problems(PatientDemographicsSchema, { age: 131 })).toEqual([
      { path: 'age', kind: 'too_big', limit: 130 },
    ]);
    expect(problems(PatientDemographicsSchema, { age: '40' })).toEqual([
      { path: 'age', kind: 'wrong_type', expected: 'number' },
    ]);
  });

  it('tells a missing field from a wrong one, with paths into lists', () => {
    expect(problems(DiagnosesSchema, [{ code: 'E11.9' }, { display: 'x' }, { code: ' ' }])).toEqual([
      { path: '1.code', kind: 'missing' },
      { path: '2.code', kind: 'too_short', limit: 1 },
    ]);
    expect(
      problems(
        DiagnosesSchema,
        Array.from({ length: 101 }, () => ({ code: 'A' })),
      ),
    ).toEqual([{ path: '', kind: 'too_many', limit: 100 }]);
    expect(problems(SourceNoteSchema, { type: 'DRAFT', sections: [] })).toEqual([
      { path: 'sections', kind: 'too_few', limit: 1 },
    ]);
    expect(
      problems(SourceNoteSchema, { type: 'DRAFT', sections: [{ kind: 'PLAN', content: { type: 'HTML' } }] }),
    ).toEqual(
      expect.arrayContaining([
        { path: 'sections.0.content.type', kind: 'not_allowed', values: ['TEXT', 'SUBSECTIONS'] },
      ]),
    );
    expect(problems(SourceNoteSchema, {})).toEqual([
      { path: 'type', kind: 'missing' },
      { path: 'sections', kind: 'missing' },
    ]);
  });

  it('a refinement names its format, a base-URL rule or a refused chord; other refusals are invalid', () => {
    const schema = z.object({
      window: z.string().refine(() => false, { params: { format: 'time_range' } }),
      url: z.string().refine(() => false, { params: { rule: 'url_no_region' } }),
      chord: z.string().refine(() => false, {
        params: { refusal: { reason: 'key_reserved', use: 'copy' }, keys: 'Ctrl+C' },
      }),
      other: z.string().refine(() => false),
    });
    const value = { window: 'x', url: 'x', chord: 'x', other: 'x' };
    expect(problems(schema, value, 10)).toEqual([
      { path: 'window', kind: 'bad_format', format: 'time_range' },
      { path: 'url', kind: 'bad_format', format: 'url', rule: 'url_no_region' },
      { path: 'chord', kind: 'invalid', refusal: { reason: 'key_reserved', use: 'copy' }, keys: 'Ctrl+C' },
      { path: 'other', kind: 'invalid' },
    ]);
  });
});
