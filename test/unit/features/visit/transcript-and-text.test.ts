import { describe, expect, it } from 'vitest';
import { toSpeaker } from '../../../../preload/contract/index.ts';
import { TranscriptStore } from '../../../../main/features/visit/transcript-store.ts';
import {
  noteText,
  plainText,
  sectionText,
  withLineEndings,
} from '../../../../main/features/note/ehr-text.ts';
import { toCodesDto, toNoteDto, toOrdersDto } from '../../../../main/features/note/mapping.ts';
import { NOTE } from './fakes.ts';

const item = (id: string, startMs: number, final: boolean, text = `t${id}`) => ({
  id,
  text,
  speaker: 'DOCTOR' as const,
  startMs,
  endMs: startMs + 500,
  final,
});

describe('TranscriptStore', () => {
  it('upserts partials by id, keeps time order, never downgrades a final, and batches changes', () => {
    const store = new TranscriptStore();
    store.upsert(item('b', 2_000, false, 'chest'));
    store.upsert(item('a', 1_000, true, 'hello'));
    store.upsert(item('b', 2_000, true, 'chest pain'));
    store.upsert(item('b', 2_000, false, 'late partial'));
    expect(store.all().map((i) => [i.id, i.text, i.final])).toEqual([
      ['a', 'hello', true],
      ['b', 'chest pain', true],
    ]);
    expect(
      store
        .takePending()
        .map((i) => i.text)
        .sort(),
    ).toEqual(['chest pain', 'hello']);
    expect(store.takePending()).toEqual([]);
    store.upsert(item('c', 3_000, false));
    expect(store.finalInputs().map((i) => i.text)).toEqual(['hello', 'chest pain']);
    expect(store.finalCount).toBe(2);
  });

  it('gives the final transcript for a note (no empty items, whole ms) or verbatim (for scribe transcribe)', () => {
    const store = new TranscriptStore();
    store.upsert({ ...item('a', 1_000.4, true, 'hello'), endMs: 1_499.6 });
    store.upsert(item('b', 2_000, true, '  '));
    store.upsert(item('c', 3_000, false, 'partial'));
    expect(store.finalInputs()).toEqual([
      { text: 'hello', speaker_type: 'DOCTOR', start_offset_ms: 1_000, end_offset_ms: 1_500 },
    ]);
    expect(store.finalInputs({ verbatim: true })).toEqual([
      { text: 'hello', speaker_type: 'DOCTOR', start_offset_ms: 1_000.4, end_offset_ms: 1_499.6 },
      { text: '  ', speaker_type: 'DOCTOR', start_offset_ms: 2_000, end_offset_ms: 2_500 },
    ]);
  });

  it('labels an unknown speaker type as unspecified', () => {
    expect(toSpeaker('NURSE')).toBe('UNSPECIFIED');
    expect(toSpeaker('PATIENT')).toBe('PATIENT');
  });

  it('keeps an item in the one shape it arrived in, repairing only impossible times', () => {
    const store = new TranscriptStore();
    const kept = item('x', 0, true);
    store.upsert(kept);
    store.upsert({ ...item('y', 900, true), startMs: -5, endMs: -9 });
    expect(store.all().find((i) => i.id === 'x')).toBe(kept); // not reshaped: the same object goes to the renderer
    expect(store.all().find((i) => i.id === 'y')).toMatchObject({ startMs: 0, endMs: 0 });
  });
});

describe('EHR plain text', () => {
  it('strips markdown, normalizes bullets and trailing spaces, and lays out subsections', () => {
    expect(plainText('## Plan\n**ECG** today  \n* rest\n\n\n\nend')).toBe('Plan\nECG today\n- rest\n\nend');
    const note = toNoteDto(NOTE, 1);
    expect(sectionText(note.sections[0]!.content)).toBe('Chest pain for three days.');
    expect(sectionText(note.sections[1]!.content)).toBe('Chest pain\n- ECG today\n- Recheck in two weeks');
    expect(noteText(note)).toBe(
      'CHIEF COMPLAINT:\nChest pain for three days.\n\nASSESSMENT AND PLAN:\nChest pain\n- ECG today\n- Recheck in two weeks',
    );
    expect(withLineEndings('a\nb', 'win32')).toBe('a\r\nb');
    expect(withLineEndings('a\nb', 'darwin')).toBe('a\nb');
  });

  it('keeps a content type it does not know as unsupported instead of failing', () => {
    const note = toNoteDto({ ...NOTE, sections: [{ key: 'X', content: { type: 'TABLE' } }] }, 1);
    expect(note.sections[0]).toEqual({
      key: 'X',
      title: null,
      content: { type: 'UNSUPPORTED', originalType: 'TABLE' },
    });
    // Never dropped silently from the whole-note text: a visible placeholder under the section's heading.
    expect(noteText(note)).toBe('X:\n[This section could not be shown by this version of Scribe]');
  });
});

describe('mapping', () => {
  it('reads HCC/MCC flags from coding or (older versions) from the condition, and one or many observation codings', () => {
    const codes = toCodesDto({
      conditions: [
        {
          coding: {
            code: 'E11.9',
            display: 'Diabetes',
            system: 'http://hl7.org/fhir/sid/icd-10-cm',
            is_hcc: true,
          },
          alternative_coding: [{ code: 'E11.65' }],
        },
        { coding: { code: 'I10' }, is_mcc: true } as never,
      ],
      observations: [
        {
          display: 'Systolic',
          value: 140,
          unit: 'mm[Hg]',
          coding: { code: '8480-6', system: 'http://loinc.org' },
        },
        { display: 'Both', coding: [{ code: '1' }, { code: '2' }] },
      ],
    });
    expect(
      codes.conditions.map((c) => [c.coding.code, c.coding.system, c.coding.isHcc, c.coding.isMcc]),
    ).toEqual([
      ['E11.9', 'ICD-10', true, false],
      ['I10', 'ICD-10', false, true],
    ]);
    expect(codes.conditions[0]?.alternatives[0]?.code).toBe('E11.65');
    expect(codes.observations[0]).toMatchObject({
      value: '140',
      codes: [{ code: '8480-6', system: 'LOINC' }],
    });
    expect(codes.observations[1]?.codes).toHaveLength(2);
  });

  it('groups orders by category and passes medication values on as sent, for the window to name', () => {
    const orders = toOrdersDto([
      {
        category: 'MEDICATION',
        description: 'Metformin',
        action: 'START',
        dose_value: 500,
        dose_unit: 'mg',
        frequency: 'twice a day',
        route: 'ORAL',
        prn: false,
      },
      { category: 'LABORATORY_TEST', description: 'A1c' },
      { category: 'MEDICATION', description: 'Ibuprofen', prn: true, frequency: { times: 3, period: 'DAY' } },
    ]);
    // By code: the window names each category in its language (no English heading from main).
    expect(orders.categories.map((c) => [c.category, c.orders.length])).toEqual([
      ['MEDICATION', 2],
      ['LABORATORY_TEST', 1],
    ]);
    expect(Object.keys(orders.categories[0]!)).toEqual(['category', 'orders']);
    expect(orders.categories[0]?.orders[0]?.medication).toEqual({
      action: 'START',
      dose: '500 mg',
      frequency: 'twice a day',
      route: 'ORAL',
      prn: false,
    });
    expect(orders.categories[0]?.orders[1]?.medication).toMatchObject({ prn: true, frequency: '3 DAY' });
    expect(orders.categories[1]?.orders[0]?.medication).toBeNull();
  });
});
