/**
 * Codes and orders copied for the EHR like the note: through the note's one clipboard path (the
 * ClipboardPort that marks the text transient, NoteService.#toClipboard), whole or one item, as plain
 * lines of the service's codes and names, CRLF on Windows, never codes of an earlier version of the note.
 */
import { describe, expect, it } from 'vitest';
import { NoteService } from '../../../../main/features/note/note-service.ts';
import { createNoteHandlers } from '../../../../main/features/note/handlers.ts';
import type { NoteEvent } from '../../../../main/features/note/ports.ts';
import type { IpcResult } from '../../../../preload/contract/index.ts';
import { fakeCore } from '../visit/fakes.ts';
import { toOrdersDto } from '../../../../main/features/note/mapping.ts';
import { LOCALES } from '../../../../preload/words/index.ts';
import { orderCopyNames } from '../../../../preload/words/order-names.ts';

const NORMALIZED = {
  conditions: [
    {
      coding: {
        code: 'I10',
        display: 'Essential (primary) hypertension',
        system: 'http://hl7.org/fhir/sid/icd-10-cm',
        is_hcc: true,
      },
    },
    { coding: { code: 'R51.9', display: 'Headache, unspecified', system: 'ICD-10' }, alternative_coding: [] },
  ],
  observations: [
    {
      display: 'Blood pressure',
      value: '150/95',
      unit: 'mmHg',
      coding: { code: '85354-9', system: 'http://loinc.org' },
    },
  ],
};
const ORDERS = [
  { category: 'LABORATORY', description: 'Basic metabolic panel' },
  {
    category: 'MEDICATION',
    description: 'Lisinopril 10 mg tablet',
    details: 'Recheck blood pressure in 4 weeks',
    action: 'START',
    dose_value: 10,
    dose_unit: 'mg',
    frequency: 'once daily',
    route: 'oral',
    prn: false,
  },
];

function setUp(platform = 'linux') {
  const writes: string[] = [];
  const events: NoteEvent[] = [];
  const core = fakeCore('user', {
    normalizedData: async () => NORMALIZED,
    suggestedOrders: async () => ORDERS,
  });
  const notes = new NoteService({
    core: { require: () => core, current: () => core },
    transcript: { active: false, finalInputs: () => [{ text: 'Hello.', speaker_type: 'DOCTOR' }] },
    clipboard: { writeText: async (text) => (writes.push(text), { transient: true }) },
    emit: () => undefined,
    platform,
  });
  notes.onDidReport((e) => events.push(e));
  const handlers = createNoteHandlers(notes, { require: () => core, current: () => core });
  const ctx = { channel: 'test' };
  const call = async <T>(result: Promise<IpcResult<T>> | IpcResult<T>) => result;
  return { notes, handlers, writes, events, ctx, call };
}

async function ready(platform?: string) {
  const s = setUp(platform);
  await s.notes.generate({ templateKey: null, locale: null, mode: 'sync', extraContext: null });
  await s.handlers['codes:normalized']({}, s.ctx);
  await s.handlers['orders:suggest']({}, s.ctx);
  return s;
}

describe('copying codes and orders', () => {
  it('copies the whole list and each item as plain EHR lines, marked transient like the note', async () => {
    const s = await ready();
    const whole = await s.handlers['copy:codes']({ what: 'codes', index: null }, s.ctx);
    const text = [
      'I10 Essential (primary) hypertension',
      'R51.9 Headache, unspecified',
      '',
      'Blood pressure: 150/95 mmHg (LOINC 85354-9)',
    ].join('\n');
    expect(s.writes).toEqual([text]);
    expect(whole).toEqual({ ok: true, data: { chars: text.length, transient: true } });
    await s.handlers['copy:codes']({ what: 'codes', index: 1 }, s.ctx);
    await s.handlers['copy:codes']({ what: 'codes', index: 2 }, s.ctx);
    expect(s.writes.slice(1)).toEqual([
      'R51.9 Headache, unspecified',
      'Blood pressure: 150/95 mmHg (LOINC 85354-9)',
    ]);
    // Categories headed and a medication's action, frequency and route named as the window names them (here a
    // French window, the names it sends); main has no words of its own.
    const names = orderCopyNames(toOrdersDto(ORDERS), LOCALES.fr);
    expect(names).toMatchObject({ MEDICATION: 'Médicaments', 'action:START': 'débuter' });
    await s.handlers['copy:codes']({ what: 'orders', index: null, names }, s.ctx);
    await s.handlers['copy:codes']({ what: 'orders', index: 1, names }, s.ctx);
    const french = 'Lisinopril 10 mg tablet, débuter, 10 mg, une fois par jour, orale (per os)';
    expect(s.writes.slice(3)).toEqual([
      [
        'Laboratory:',
        '- Basic metabolic panel',
        '',
        'Médicaments:',
        `- ${french}`,
        '  Recheck blood pressure in 4 weeks',
      ].join('\n'),
      `${french}\nRecheck blood pressure in 4 weeks`,
    ]);
    // The audit trail hears what was copied, never the codes themselves.
    expect(s.events.filter((e) => e.kind === 'codes_copied')).toEqual([
      { kind: 'codes_copied', what: 'codes', whole: true },
      { kind: 'codes_copied', what: 'codes', whole: false },
      { kind: 'codes_copied', what: 'codes', whole: false },
      { kind: 'codes_copied', what: 'orders', whole: true },
      { kind: 'codes_copied', what: 'orders', whole: false },
    ]);
    // Without the window's names, a category is headed by its code and a medication keeps the service's
    // values, never English of main's.
    await s.handlers['copy:codes']({ what: 'orders', index: null }, s.ctx);
    expect(s.writes[5]?.split('\n')[0]).toBe('LABORATORY:');
    expect(s.writes[5]).toContain('- Lisinopril 10 mg tablet, START, 10 mg, once daily, oral');
  });

  it('writes Windows line endings on Windows', async () => {
    const s = await ready('win32');
    await s.handlers['copy:codes']({ what: 'orders', index: 1 }, s.ctx);
    expect(s.writes).toEqual([
      'Lisinopril 10 mg tablet, START, 10 mg, once daily, oral\r\nRecheck blood pressure in 4 weeks',
    ]);
  });

  it('refuses codes not asked for yet, an item not listed, and codes of an earlier version of the note', async () => {
    const s = setUp();
    await s.notes.generate({ templateKey: null, locale: null, mode: 'sync', extraContext: null });
    const none = await s.handlers['copy:codes']({ what: 'orders', index: null }, s.ctx);
    expect(none).toMatchObject({ ok: false, error: { code: 'no_note' } });
    await s.handlers['codes:normalized']({}, s.ctx);
    const beyond = await s.handlers['copy:codes']({ what: 'codes', index: 3 }, s.ctx);
    expect(beyond).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const note = s.notes.note!;
    s.notes.workflow.editSection(note.revision, 'CHIEF_COMPLAINT', { type: 'TEXT', text: 'Headache.' });
    const stale = await s.handlers['copy:codes']({ what: 'codes', index: null }, s.ctx);
    expect(stale).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', params: { reason: 'note_changed' } },
    });
    expect(s.writes).toEqual([]);
  });
});
