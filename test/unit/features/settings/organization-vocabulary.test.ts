/**
 * IT's vocabulary list: Dragon's word list, CSV and JSON read, what cannot be a replacement named; the plan
 * makes the service match the list and never deletes a clinician's own replacement.
 */
import { describe, expect, it } from 'vitest';
import {
  parseVocabulary,
  planVocabulary,
} from '../../../../main/features/settings/organization-vocabulary.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string) => {
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array([0xff, 0xfe, ...body]);
};

describe('reading the list', () => {
  it('reads a Dragon word list (written\\spoken), UTF-16 as Dragon saves it, and names what it leaves out', () => {
    const read = parseVocabulary(
      'words.txt',
      utf16(
        'Lisinopril\\lie sin oh pril\r\nHbA1c\\hemoglobin a one c\r\nwarfarin\r\nHbA1c\\Hemoglobin  A one C\r\n',
      ),
    );
    expect(read.words).toEqual([
      { said: 'lie sin oh pril', written: 'Lisinopril' },
      { said: 'hemoglobin a one c', written: 'HbA1c' },
    ]);
    expect(read.leftOut).toEqual([
      { item: 'warfarin', reason: 'no_spoken_form' },
      { item: 'Hemoglobin  A one C', reason: 'twice' },
    ]);
  });

  it('reads a CSV with said and written columns, and our JSON', () => {
    const csv = parseVocabulary('words.csv', bytes('written,said\n"Smith, J",doctor smith\n,empty\n'));
    expect(csv.words).toEqual([{ said: 'doctor smith', written: 'Smith, J' }]);
    expect(csv.leftOut).toEqual([{ item: 'empty', reason: 'empty' }]);
    const json = parseVocabulary(
      'words.json',
      bytes(
        JSON.stringify({
          version: 1,
          words: [
            { said: 'b i d', written: 'BID' },
            { said: 'x'.repeat(201), written: 'X' },
          ],
        }),
      ),
    );
    expect(json.words).toEqual([{ said: 'b i d', written: 'BID' }]);
    expect(json.leftOut.map((l) => l.reason)).toEqual(['too_long']);
    expect(() => parseVocabulary('words.docx', bytes('x'))).toThrow();
    expect(() => parseVocabulary('words.csv', bytes('name,content\n'))).toThrow();
  });
});

describe('the plan', () => {
  const service = [
    { id: 'r1', spoken: 'b i d', written: 'twice a day' }, // the clinician's, now IT's word too
    { id: 'r2', spoken: 'dropped', written: 'Dropped' }, // sent by this computer, dropped by IT
    { id: 'r3', spoken: 'mine', written: 'Mine' }, // the clinician's own
    { id: 'r4', spoken: 'kept', written: 'Kept' },
  ];
  const sent = [
    { id: 'r2', spoken: 'dropped', written: 'Dropped' },
    { id: 'r4', spoken: 'kept', written: 'Kept' },
    { id: 'gone', spoken: 'gone', written: 'Gone' },
  ];

  it('creates what is missing, updates what is written otherwise, deletes only what it sent and IT dropped', () => {
    const words = [
      { said: 'B I D', written: 'BID' },
      { said: 'kept', written: 'Kept' },
      { said: 'new', written: 'New' },
    ];
    expect(planVocabulary(service, words, sent)).toEqual({
      save: [
        { id: 'r1', spoken: 'b i d', written: 'BID' },
        { id: null, spoken: 'new', written: 'New' },
      ],
      remove: ['r2'],
      taken: new Map([['b i d', 'twice a day']]), // the clinician's own, kept to give back
    });
  });

  it('gives back a replacement IT’s word took over when IT drops the word', () => {
    const held = [{ id: 'r1', spoken: 'b i d', written: 'BID' }];
    const took = [{ ...held[0]!, original: 'twice a day' }];
    expect(planVocabulary(held, [], took)).toEqual({
      save: [{ id: 'r1', spoken: 'b i d', written: 'twice a day' }],
      remove: [],
      taken: new Map(),
    });
  });

  it('leaves a sent replacement the clinician has changed since', () => {
    const changed = service.map((r) => (r.id === 'r2' ? { ...r, written: 'Mine now' } : r));
    expect(planVocabulary(changed, [], sent).remove).toEqual(['r4']);
  });
});
