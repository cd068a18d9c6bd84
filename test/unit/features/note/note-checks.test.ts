/**
 * A note section changed by hand is checked like dictation (main/core/checks): against the rest of the note
 * and its own text before the change; only what the change brought is flagged, the text is never changed,
 * Keep dismisses, the policy's kinds are respected, and the audit events carry codes and section keys only.
 */
import { describe, expect, it } from 'vitest';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import type { FlagKind } from '../../../../preload/contract/text-check-codes.ts';
import { createNoteHandlers } from '../../../../main/features/note/handlers.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { checkedNotes, flagEvents } from './checked-notes.ts';
import { AuditEventSchema } from '../../../../main/features/audit/audit-events.ts';

const NOTE: Note = {
  title: null,
  locale: 'ENGLISH_US',
  template_key: 'SOAP',
  sections: [
    { key: 'MEDICATIONS', title: null, content: { type: 'TEXT', text: 'Aspirin 81 mg daily.' } },
    {
      key: 'PLAN',
      title: null,
      content: { type: 'TEXT', text: 'Continue aspirin 81 mg daily. Give 5.0 mg.' },
    },
  ],
};
const TEXT = (text: string) => ({ type: 'TEXT' as const, text });

async function setUp(kinds?: FlagKind[]) {
  const { service: notes, core, events, first } = await checkedNotes([NOTE], kinds);
  const handlers = createNoteHandlers(notes, { require: () => core, current: () => core });
  return { notes, events, revision: first.revision, handlers };
}

describe('checks on a note section changed by hand', () => {
  it('flags a dose ten times the one the note said, keeps the text, and Keep dismisses the flag', async () => {
    const { notes, events, revision } = await setUp();
    const edited = notes.editSection(revision, 'PLAN', TEXT('Continue aspirin 810 mg daily. Give 5.0 mg.'));
    expect(edited.sections[1]!.content).toEqual(TEXT('Continue aspirin 810 mg daily. Give 5.0 mg.'));
    // The trailing zero was there before the change: the service's text, not flagged now.
    expect(edited.flags?.map((f) => [f.section, f.code, f.facts.said])).toEqual([
      ['PLAN', 'dose_magnitude', '810 mg'],
      ['PLAN', 'dose_changed', '810 mg'],
    ]);
    expect(notes.note?.flags).toEqual(edited.flags);
    const kept = notes.keepFlag('PLAN', edited.flags![0]!.id);
    expect(kept.flags?.map((f) => f.code)).toEqual(['dose_changed']);
    expect(kept.sections).toEqual(edited.sections);
    expect(() => notes.keepFlag('PLAN', 'no-such-flag')).toThrow(Failure);
    expect(flagEvents(events)).toEqual([
      { kind: 'note_flag_shown', section: 'PLAN', check: 'dose', code: 'dose_magnitude' },
      { kind: 'note_flag_shown', section: 'PLAN', check: 'dose', code: 'dose_changed' },
      { kind: 'note_flag_resolved', section: 'PLAN', check: 'dose', code: 'dose_magnitude', how: 'kept' },
    ]);
    // The audit trail takes them as they are (its schema refuses any field it does not know); no text.
    for (const event of flagEvents(events)) expect(AuditEventSchema.parse(event)).toEqual(event);
    expect(JSON.stringify(flagEvents(events))).not.toMatch(/aspirin|810/i);
  });

  it('leaves the flags once the section changes again or the note is written again', async () => {
    const { notes, events, revision } = await setUp();
    const edited = notes.editSection(revision, 'PLAN', TEXT('Continue aspirin 810 mg daily. Give 5.0 mg.'));
    expect(edited.flags).toHaveLength(2);
    const fixed = notes.editSection(
      edited.revision,
      'PLAN',
      TEXT('Continue aspirin 81 mg daily. Give 5.0 mg.'),
    );
    // Back to 81 mg, the text the service wrote: the old flags are left, and changing back is no change.
    expect(fixed.flags).toBeUndefined();
    expect(flagEvents(events).filter((e) => e.kind === 'note_flag_resolved')).toHaveLength(2);
    const again = notes.editSection(
      fixed.revision,
      'PLAN',
      TEXT('Continue aspirin 810 mg daily. Give 5.0 mg.'),
    );
    expect(again.flags).toHaveLength(2);
    await notes.generate({ templateKey: null, locale: null, mode: 'sync', extraContext: null });
    expect(notes.note?.flags).toBeUndefined();
    const left = flagEvents(events).filter((e) => e.kind === 'note_flag_resolved' && e.how === 'left');
    expect(left).toHaveLength(4);
  });

  it('compares with the text before the first change: a kept flag stays kept, a dose changed back is none', async () => {
    const { notes, events, revision } = await setUp();
    const edited = notes.editSection(revision, 'PLAN', TEXT('Continue aspirin 810 mg daily. Give 5.0 mg.'));
    const kept = notes.keepFlag('PLAN', edited.flags!.find((f) => f.code === 'dose_magnitude')!.id);
    // Another sentence changed: the dose is still changed from what the service wrote, the kept flag stays kept.
    const more = notes.editSection(kept.revision, 'PLAN', TEXT('Continue aspirin 810 mg daily. Give 5 mg.'));
    expect(more.flags?.map((f) => [f.code, f.facts.instead, f.facts.said])).toEqual([
      ['dose_changed', '81 mg', '810 mg'],
    ]);
    const back = notes.editSection(more.revision, 'PLAN', TEXT('Continue aspirin 81 mg daily. Give 5 mg.'));
    expect(back.flags).toBeUndefined();
    expect(flagEvents(events).map((e) => e.kind)).toEqual([
      'note_flag_shown',
      'note_flag_shown',
      'note_flag_resolved',
      'note_flag_resolved',
    ]);
  });

  it('respects the kinds of check IT left on', async () => {
    const { notes, events, revision } = await setUp(['side', 'negation', 'sound_alike']);
    const edited = notes.editSection(revision, 'PLAN', TEXT('Continue aspirin 810 mg daily.'));
    expect(edited.flags).toBeUndefined();
    expect(flagEvents(events)).toEqual([]);
  });

  it('keeps a flag over IPC (note:keepFlag) and the note read again has it no more', async () => {
    const { notes, revision, handlers } = await setUp();
    const edited = notes.editSection(revision, 'MEDICATIONS', TEXT('Aspirin .5 mg daily.'));
    expect(edited.flags?.map((f) => f.code)).toContain('naked_decimal');
    for (const flag of edited.flags ?? [])
      expect(
        await handlers['note:keepFlag']({ section: 'MEDICATIONS', id: flag.id }, { channel: 't' }),
      ).toMatchObject({ ok: true });
    const read = await handlers['note:get']({}, { channel: 't' });
    expect(read.ok && read.data.note?.flags).toBeUndefined();
  });

  it("Fix puts the dose said before back in the section: the text is the service's again, no flag left", async () => {
    const { notes, events, revision, handlers } = await setUp();
    const edited = notes.editSection(revision, 'PLAN', TEXT('Continue aspirin 810 mg daily. Give 5.0 mg.'));
    const changed = edited.flags!.find((f) => f.code === 'dose_changed')!;
    const magnitude = edited.flags!.find((f) => f.code === 'dose_magnitude')!;
    // The factor has no single value before to put back: refused, the text stays.
    expect(() => notes.fixFlag('PLAN', magnitude.id)).toThrow(Failure);
    const fixed = await handlers['note:fixFlag']({ section: 'PLAN', id: changed.id }, { channel: 't' });
    expect(fixed.ok && fixed.data.sections[1]!.content).toEqual(NOTE.sections[1]!.content);
    expect(fixed.ok && fixed.data.flags).toBeUndefined();
    expect(flagEvents(events).filter((e) => e.kind === 'note_flag_resolved')).toEqual([
      { kind: 'note_flag_resolved', section: 'PLAN', check: 'dose', code: 'dose_changed', how: 'fixed' },
      { kind: 'note_flag_resolved', section: 'PLAN', check: 'dose', code: 'dose_magnitude', how: 'left' },
    ]);
    for (const event of flagEvents(events)) expect(AuditEventSchema.parse(event)).toEqual(event);
  });
});
