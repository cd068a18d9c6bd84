import { describe, expect, it } from 'vitest';
import { pasteable } from '../../../../main/features/dictation/insertion/field-shadow.ts';

describe('pasteable', () => {
  it('cuts a paragraph break off the end of text: it goes in as the next paste', () => {
    expect(pasteable({ kind: 'append', to: 'A.\n\nB.\n\n', text: 'B.\n\n' }, 'paste')).toEqual({
      kind: 'append',
      to: 'A.\n\nB.',
      text: 'B.',
    });
    expect(
      pasteable({ kind: 'replace', to: 'Fix.\r\n\r\n\r\n', remove: 6, text: 'Fix.\r\n\r\n\r\n' }, 'paste'),
    ).toEqual({
      kind: 'replace',
      to: 'Fix.',
      remove: 6,
      text: 'Fix.',
    });
  });

  it('leaves typing as it is (a typed Return keeps every break)', () => {
    const edit = { kind: 'append', to: 'A.\n\n', text: 'A.\n\n' } as const;
    expect(pasteable(edit, 'type')).toBe(edit);
  });

  it.each(['\n\n', 'B.\n', 'B.\n\nC.', '', 'B.'])('leaves %j as it is', (text) => {
    const edit = { kind: 'append', to: `A. ${text}`, text } as const;
    expect(pasteable(edit, 'paste')).toBe(edit);
  });
});
