/**
 * The dictation box's flags: Alt+K and Alt+F keep and fix the first; fixing in the finished box puts a
 * sound-alike's suggested name in (in the case said, only where the name still is) and selects any other
 * flag's words for the clinician to fix.
 */
import { describe, expect, it } from 'vitest';
import type { DictationFlag } from '../../../preload/contract/index.ts';
import { fixInBox, flagKeyOf } from '../../../renderer/lib/state/flag-words.ts';

const flag = (over: Partial<DictationFlag>): DictationFlag => ({
  id: 'x',
  code: 'sound_alike',
  start: 0,
  end: 11,
  facts: { drug: 'Hydroxyzine', instead: 'hydralazine' },
  correction: false,
  ...over,
});

describe('flags in the dictation box', () => {
  it('Alt+K keeps, Alt+F fixes; other chords are not ours', () => {
    const key = (code: string, extra: { ctrlKey?: boolean } = {}) =>
      flagKeyOf({
        altKey: true,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        code,
        ...extra,
      });
    expect(key('KeyK')).toBe('keep');
    expect(key('KeyF')).toBe('fix');
    expect(key('KeyF', { ctrlKey: true })).toBeNull();
    expect(key('KeyJ')).toBeNull();
  });

  it('a sound-alike is replaced where it still is; another flag is selected', () => {
    expect(fixInBox('Hydroxyzine for blood pressure.', flag({}))).toEqual({
      text: 'Hydralazine for blood pressure.',
    });
    expect(fixInBox('Edited text here.', flag({}))).toBeNull();
    const zero = flag({
      code: 'trailing_zero',
      start: 8,
      end: 14,
      facts: { said: '5.0 mg', instead: '5 mg' },
    });
    expect(fixInBox('Warfarin 5.0 mg.', zero)).toEqual({ select: { start: 8, end: 14 } });
  });
});
