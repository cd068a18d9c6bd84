/**
 * DictationChecks' Fix while dictating: a fix is tied to its place (the text before it and its words), so it
 * is never applied to other words later, and a Fix whose words moved is refused.
 */
import { describe, expect, it } from 'vitest';
import { DictationChecks } from '../../../../main/features/dictation/dictation-checks.ts';
import { FLAG_KINDS } from '../../../../preload/contract/text-check-codes.ts';

function checks(earlier = '') {
  const c = new DictationChecks({ earlier, kinds: FLAG_KINDS });
  /** The text as the stream would type it: fixes applied, then checked. */
  const say = (text: string, before?: string) => {
    const fixed = c.fixed(text);
    c.check(fixed, before);
    return fixed;
  };
  const fix = (code: string) => c.fix(c.flags.find((f) => f.code === code)!.id);
  return { c, say, fix };
}

describe('DictationChecks: a Fix keeps to its place', () => {
  it('a fixed naked decimal stays fixed while the text grows, and is not applied to a dose said later', () => {
    const t = checks();
    t.say('Give lorazepam .5 mg at night.');
    expect(t.fix('naked_decimal')).not.toBeNull();
    expect(t.say('Give lorazepam .5 mg at night.')).toBe('Give lorazepam 0.5 mg at night.');
    expect(t.say('Give lorazepam .5 mg at night. Then')).toBe('Give lorazepam 0.5 mg at night. Then');
    // "scratch that", said again with another dose: the fix is not put into "1.5".
    t.say('');
    expect(t.say('Give lorazepam 1.5 mg at night.')).toBe('Give lorazepam 1.5 mg at night.');
    // Nor when the first words come back: the fix went with them.
    expect(t.say('Give lorazepam .5 mg at night.')).toBe('Give lorazepam .5 mg at night.');
  });

  it('the service writing the safer form itself does not get the fix again ("00.5")', () => {
    const t = checks();
    t.say('Give lorazepam .5 mg at night.');
    t.fix('naked_decimal');
    expect(t.say('Give lorazepam 0.5 mg at night.')).toBe('Give lorazepam 0.5 mg at night.');
  });

  it('a fixed side is not applied to the same side said elsewhere later', () => {
    const t = checks();
    const before = t.say('Left knee swelling.');
    t.say('Right knee swelling.', before);
    expect(t.fix('side_changed')).not.toBeNull();
    expect(t.say('Right knee swelling.')).toBe('Left knee swelling.');
    t.say('');
    expect(t.say('The right elbow is swollen.')).toBe('The right elbow is swollen.');
  });

  it("a Fix whose words are no longer at the flag's place is refused: nothing stored, the flag stays", () => {
    const t = checks();
    const before = t.say('Left knee swelling.');
    t.say('Right knee swelling.', before);
    const side = t.c.flags.find((f) => f.code === 'side_changed')!;
    t.say('Knee swelling, right.');
    expect(t.c.fix(side.id)).toBeNull();
    expect(t.c.flags.map((f) => f.id)).toContain(side.id);
    expect(t.say('Knee swelling, right.')).toBe('Knee swelling, right.');
  });
});
