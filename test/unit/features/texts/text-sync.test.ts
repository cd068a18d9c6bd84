/**
 * The plan of a sync between this computer's Texts and the service's dot phrases: each side's change goes to
 * the other, this computer wins a change on both, nothing is deleted without a base, and the organization's
 * phrases follow IT's file alone.
 */
import { describe, expect, it } from 'vitest';
import {
  baseAfter,
  nameOf,
  planSync,
  triggerOf,
  type Phrase,
} from '../../../../main/features/texts/text-sync.ts';

const phrase = (id: string, trigger: string, content: string): Phrase => ({ id, trigger, content });
const text = (name: string, content: string) => ({ name, content });

describe('names and triggers', () => {
  it('writes a name’s spaces as _ and reads them back; a leading dot is not said', () => {
    expect(triggerOf(' normal  knee exam ')).toBe('normal_knee_exam');
    expect(nameOf('normal_knee_exam')).toBe('normal knee exam');
    expect(nameOf('.ros')).toBe('ros');
  });
});

describe('a first sync (no base): nothing deleted, this computer wins a difference', () => {
  it('sends what is only here, takes what is only there, and updates what differs', () => {
    const plan = planSync(
      [text('knee', 'Mine.'), text('plan', 'Follow up.')],
      [phrase('p1', 'plan', 'Theirs.'), phrase('p2', '.ros', 'Negative.'), phrase('p3', 'hip_exam', 'Hip.')],
      null,
      null,
    );
    expect(plan.create).toEqual([{ trigger: 'knee', content: 'Mine.' }]);
    expect(plan.update).toEqual([{ id: 'p1', trigger: 'plan', content: 'Follow up.' }]);
    expect(plan.remove).toEqual([]);
    expect(plan.texts).toEqual([
      text('knee', 'Mine.'),
      text('plan', 'Follow up.'),
      text('ros', 'Negative.'),
      text('hip exam', 'Hip.'),
    ]);
  });

  it('leaves alone a phrase that cannot be a Text, and never takes it', () => {
    const long = phrase('p1', 'x'.repeat(81), 'Long name.');
    const plan = planSync([], [long, phrase('p2', 'blank', '   ')], null, null);
    expect(plan).toEqual({ create: [], update: [], remove: [], texts: [] });
  });
});

describe('with the base of the last sync', () => {
  const base = [
    phrase('p1', 'deleted_here', 'A.'),
    phrase('p2', 'deleted_there', 'B.'),
    phrase('p3', 'edited_there', 'C.'),
    phrase('p4', 'edited_here', 'D.'),
    phrase('p5', 'edited_here_deleted_there', 'E.'),
    phrase('p6', 'knee', 'F.'),
  ];
  const service = [
    phrase('p1', 'deleted_here', 'A.'),
    phrase('p3', 'edited_there', 'C, changed.'),
    phrase('p4', 'edited_here', 'D.'),
    phrase('p6', 'knee', 'F.'),
  ];
  const local = [
    text('deleted there', 'B.'),
    text('edited there', 'C.'),
    text('edited here', 'D, changed.'),
    text('edited here deleted there', 'E, changed.'),
    text('knee plan', 'F.'), // renamed here from "knee"
  ];

  it('carries each side’s change to the other', () => {
    const plan = planSync(local, service, base, null);
    expect(plan.remove).toEqual(['p1', 'p6']);
    expect(plan.update).toEqual([{ id: 'p4', trigger: 'edited_here', content: 'D, changed.' }]);
    expect(plan.create).toEqual([
      { trigger: 'edited_here_deleted_there', content: 'E, changed.' },
      { trigger: 'knee_plan', content: 'F.' },
    ]);
    expect(plan.texts).toEqual([
      text('edited there', 'C, changed.'),
      text('edited here', 'D, changed.'),
      text('edited here deleted there', 'E, changed.'),
      text('knee plan', 'F.'),
    ]);
  });

  it('this computer wins an edit made on both sides', () => {
    const plan = planSync(
      [text('knee', 'Here.')],
      [phrase('p6', 'knee', 'There.')],
      [phrase('p6', 'knee', 'F.')],
      null,
    );
    expect(plan.update).toEqual([{ id: 'p6', trigger: 'knee', content: 'Here.' }]);
    expect(plan.texts).toEqual([text('knee', 'Here.')]);
  });

  it('keeps a phrase’s trigger as written when only its content changed here (".ros" stays ".ros")', () => {
    const was = [phrase('p1', '.ros', 'Old.')];
    const plan = planSync([text('ros', 'New.')], was, was, null);
    expect(plan.update).toEqual([{ id: 'p1', trigger: '.ros', content: 'New.' }]);
  });

  it('takes no more of the service’s than a library holds, and deletes none of the rest', () => {
    const many = Array.from({ length: 2_005 }, (_, i) => phrase(`p${i}`, `t${i}`, 'x'));
    const plan = planSync([], many, [], null);
    expect(plan.texts).toHaveLength(2_000);
    expect(plan.remove).toEqual([]);
  });

  it('keeps only the Texts here in the next base', () => {
    const next = baseAfter('acct', service, [text('edited there', 'C, changed.')]);
    expect(next).toEqual({ version: 1, account: 'acct', phrases: [service[1]] });
  });
});

describe('the organization’s phrases', () => {
  const held = [
    phrase('o1', 'org:gone', 'Old.'),
    phrase('o2', 'org:kept', 'Same.'),
    phrase('o3', 'org:changed', 'Before.'),
    phrase('u1', 'mine', 'Mine.'),
  ];

  it('follow IT’s file: new ones made, changed ones updated, dropped ones deleted, none taken here', () => {
    const organization = [text('kept', 'Same.'), text('changed', 'After.'), text('new one', 'New.')];
    const plan = planSync([text('mine', 'Mine.')], held, null, organization);
    expect(plan.create).toEqual([{ trigger: 'org:new_one', content: 'New.' }]);
    expect(plan.update).toEqual([{ id: 'o3', trigger: 'org:changed', content: 'After.' }]);
    expect(plan.remove).toEqual(['o1']);
    expect(plan.texts).toEqual([text('mine', 'Mine.')]);
  });

  it('are left as they are when IT’s file cannot be read', () => {
    const plan = planSync([text('mine', 'Mine.')], held, null, null);
    expect(plan).toEqual({ create: [], update: [], remove: [], texts: [text('mine', 'Mine.')] });
  });
});
