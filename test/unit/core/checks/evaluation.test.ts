import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../../../main/core/checks/check-text.ts';
import { SAMPLE_VISIT_SCRIPT } from '../../../../main/programs/local-service/clinical/sample-script.ts';
import { FLAG_CODES, FLAG_KINDS } from '../../../../preload/contract/text-check-codes.ts';
import { f1, precision, recall, scoreFlags, scoreNegation } from '../../../fixtures/checks/evaluate.ts';
import { FLAG_SET, type FlagCase } from '../../../fixtures/checks/flag-set.ts';

describe('the checks on their evaluation set', () => {
  it('finds every planted flag and raises none on the false-alarm cases, per kind', () => {
    const { byKind } = scoreFlags();
    for (const kind of FLAG_KINDS) {
      expect(precision(byKind[kind]), kind).toBeGreaterThanOrEqual(0.9);
      expect(recall(byKind[kind]), kind).toBeGreaterThanOrEqual(0.9);
      expect(byKind[kind].tp, kind).toBeGreaterThan(0);
    }
  });

  it('answers each case exactly its expected flags', () => {
    const codes = (item: FlagCase) =>
      checkText(item.text, item)
        .flatMap((s) => s.flags.map((f) => f.code))
        .sort();
    const got = FLAG_SET.map((item) => ({ text: item.text, before: item.before, flags: codes(item) }));
    const expected = FLAG_SET.map((item) => ({
      text: item.text,
      before: item.before,
      flags: [...item.expect].sort(),
    }));
    expect(got).toEqual(expected);
    expect(scoreFlags().misses).toEqual([]);
  });

  it('has cases for every flag code, and as many false-alarm cases as true ones', () => {
    const expected = new Set(FLAG_SET.flatMap((item) => item.expect));
    expect(FLAG_CODES.filter((code) => !expected.has(code))).toEqual([]);
    const alarms = FLAG_SET.filter((item) => item.expect.length > 0).length;
    expect(FLAG_SET.length - alarms).toBeGreaterThanOrEqual(alarms);
  });

  it('gives findings their polarity with an F1 of at least 0.95 for each polarity', () => {
    const { byPolarity } = scoreNegation();
    for (const [polarity, counts] of Object.entries(byPolarity))
      expect(f1(counts), polarity).toBeGreaterThanOrEqual(0.95);
    expect(scoreNegation().misses).toEqual([]);
  });
});

/** Every text of the sample visit and dictation: transcript, notes, problems, instructions, recordings. */
function sampleTexts(): string[] {
  const script = SAMPLE_VISIT_SCRIPT;
  const notes = Object.values(script.notes).flatMap((note) => [
    note.title,
    ...Object.values(note.sections),
    ...note.problems.flatMap((p) => [p.title, p.text]),
    ...note.plan,
  ]);
  const manifest = JSON.parse(
    readFileSync(
      new URL('../../../../main/programs/local-service/sample/manifest.json', import.meta.url),
      'utf8',
    ),
  ) as { fixtures: { sentences: { text: string }[] }[] };
  const recorded = manifest.fixtures.flatMap((f) => f.sentences.map((s) => s.text));
  return [...script.transcript, ...notes, ...Object.values(script.instructions), ...recorded];
}

describe('the checks on the sample visit and dictation', () => {
  it('raise no flag on any of their texts, each alone and each after all the others', () => {
    const texts = sampleTexts();
    expect(texts.length).toBeGreaterThan(20);
    const all = texts.join('\n');
    for (const text of texts) {
      expect(checkText(text).flatMap((s) => s.flags)).toEqual([]);
      expect(checkText(text, { earlier: all }).flatMap((s) => s.flags)).toEqual([]);
    }
  });

  it('raise no flag on the sample dictation’s correction (“table” heard, “stable” meant)', () => {
    const flags = checkText('patient is stable period', { before: 'patient is table period' });
    expect(flags.flatMap((s) => s.flags)).toEqual([]);
  });
});
