/**
 * The note written again is compared with the version the service wrote before, section by section, as a
 * correction is (main/core/checks/corrections.ts): a finding's polarity flipped or hyper- turned hypo- is
 * flagged on the new version's section, a section written the same is not, nothing in the note is changed,
 * Keep and Fix work as on a section changed by hand, the policy's kinds apply, the audit gets codes only.
 */
import { describe, expect, it } from 'vitest';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { checkedNotes, flagEvents } from './checked-notes.ts';
import { AuditEventSchema } from '../../../../main/features/audit/audit-events.ts';

const noteOf = (history: string, plan: string): Note => ({
  title: null,
  locale: 'ENGLISH_US',
  template_key: 'SOAP',
  sections: [
    { key: 'HISTORY', title: null, content: { type: 'TEXT', text: history } },
    { key: 'PLAN', title: null, content: { type: 'TEXT', text: plan } },
  ],
});
const FIRST = noteOf('Denies chest pain. Hyperglycemia last week.', 'Continue aspirin 81 mg daily.');
const GENERATE = { templateKey: null, locale: null, mode: 'sync', extraContext: 'More.' } as const;

const summary = (note: { flags?: readonly { section: string; code: string; rewritten?: true }[] } | null) =>
  note?.flags?.map((f) => [f.section, f.code, f.rewritten]);

describe('the note written again, compared with the version before', () => {
  it('flags a finding whose polarity flipped, on its section only; Keep leaves the text as written', async () => {
    const again = noteOf('Reports chest pain. Hyperglycemia last week.', 'Continue aspirin 81 mg daily.');
    const { service, events, first } = await checkedNotes([FIRST, again]);
    expect(first.flags).toBeUndefined();
    const note = await service.generate(GENERATE);
    expect(note.sections).toEqual([
      { key: 'HISTORY', title: null, content: again.sections[0]!.content },
      { key: 'PLAN', title: null, content: again.sections[1]!.content },
    ]);
    // The unchanged Plan has none; the flag travels on every answer that carries the note.
    expect(summary(note)).toEqual([['HISTORY', 'polarity_flipped', true]]);
    expect(note.flags![0]!.facts).toEqual({ finding: 'chest pain', from: 'negated', to: 'affirmed' });
    expect(service.note?.flags).toEqual(note.flags);
    // A polarity has no single value to put back: Keep only.
    expect(() => service.fixFlag('HISTORY', note.flags![0]!.id)).toThrow(Failure);
    const kept = service.keepFlag('HISTORY', note.flags![0]!.id);
    expect(kept.flags).toBeUndefined();
    expect(kept.sections).toEqual(note.sections);
    expect(flagEvents(events)).toEqual([
      { kind: 'note_flag_shown', section: 'HISTORY', check: 'negation', code: 'polarity_flipped' },
      {
        kind: 'note_flag_resolved',
        section: 'HISTORY',
        check: 'negation',
        code: 'polarity_flipped',
        how: 'kept',
      },
    ]);
    for (const event of flagEvents(events)) expect(AuditEventSchema.parse(event)).toEqual(event);
    expect(JSON.stringify(flagEvents(events))).not.toMatch(/chest|pain/i);
  });

  it('flags hyper- turned hypo-, and Fix puts back the wording of the version before', async () => {
    const again = noteOf('Denies chest pain. Hypoglycemia last week.', 'Continue aspirin 81 mg daily.');
    const { service, events } = await checkedNotes([FIRST, again]);
    const note = await service.generate(GENERATE);
    expect(summary(note)).toEqual([['HISTORY', 'hyper_hypo', true]]);
    expect(note.flags![0]!.facts).toMatchObject({ said: 'hypoglycemia', instead: 'hyperglycemia' });
    const fixed = service.fixFlag('HISTORY', note.flags![0]!.id);
    expect(fixed.sections[0]!.content).toEqual(FIRST.sections[0]!.content);
    expect(fixed.flags).toBeUndefined();
    expect(flagEvents(events).map((e) => e.kind === 'note_flag_resolved' && e.how)).toEqual([false, 'fixed']);
  });

  it('flags nothing on a section written the same, nor the new text’s own forms', async () => {
    // The Plan gains a sentence with a trailing zero: not a change of what was said before, the service's own.
    const again = noteOf(
      'Reports chest pain. Hyperglycemia last week.',
      'Continue aspirin 81 mg daily. Give 5.0 mg.',
    );
    const { service, events } = await checkedNotes([FIRST, again, again]);
    expect(summary(await service.generate(GENERATE))).toEqual([['HISTORY', 'polarity_flipped', true]]);
    // Written a third time the same: nothing to flag, the last version's flag is left.
    expect((await service.generate(GENERATE)).flags).toBeUndefined();
    expect(flagEvents(events).map((e) => e.kind === 'note_flag_resolved' && e.how)).toEqual([false, 'left']);
  });

  it('does not compare a note written again in another language (a translation, not a revision)', async () => {
    const again = noteOf('Reports chest pain. Hypoglycemia last week.', 'Continue aspirin 81 mg daily.');
    const { service, events } = await checkedNotes([FIRST, { ...again, locale: 'FRENCH_FR' }]);
    expect((await service.generate(GENERATE)).flags).toBeUndefined();
    expect(flagEvents(events)).toEqual([]);
  });

  it('respects the kinds of check IT left on', async () => {
    const again = noteOf('Reports chest pain. Hypoglycemia last week.', 'Continue aspirin 810 mg daily.');
    const { service } = await checkedNotes([FIRST, again], ['dose', 'side', 'sound_alike']);
    const note = await service.generate(GENERATE);
    expect(summary(note)).toEqual([['PLAN', 'dose_changed', true]]);
  });

  it('leaves the last version’s flags when written again, and compares with what the service wrote, not the edits', async () => {
    const again = noteOf('Reports chest pain. Hyperglycemia last week.', 'Continue aspirin 81 mg daily.');
    const { service, events, first } = await checkedNotes([FIRST, again]);
    const edited = service.editSection(first.revision, 'PLAN', {
      type: 'TEXT',
      text: 'Continue aspirin 810 mg daily.',
    });
    expect(summary(edited)).toEqual([['PLAN', 'dose_changed', undefined]]);
    // The clinician's edit is replaced (the screen asked first): its flags are left, and the Plan as the
    // service wrote it both times is no change.
    const note = await service.generate(GENERATE);
    expect(summary(note)).toEqual([['HISTORY', 'polarity_flipped', true]]);
    expect(flagEvents(events).filter((e) => e.kind === 'note_flag_resolved')).toEqual([
      { kind: 'note_flag_resolved', section: 'PLAN', check: 'dose', code: 'dose_changed', how: 'left' },
    ]);
    service.reset();
    expect(service.note).toBeNull();
  });
});
