import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import { countText, limitAnnouncement } from '../../../renderer/lib/state/limit-words.ts';

// The window loads its language before it shows anything; these rules are worded in English.
beforeAll(() => useLocale('en'));

describe('a length-limited field', () => {
  it('counts characters as people see them, with thousands separated, and how far over', () => {
    expect(countText('🩺🩺', 10)).toBe('2 / 10 characters');
    expect(countText('x'.repeat(10_002), 10_000)).toBe('10,002 / 10,000 characters — 2 over the limit');
  });

  it('announces only near and over the limit', () => {
    expect(limitAnnouncement('x'.repeat(89), 100)).toBe('');
    expect(limitAnnouncement('x'.repeat(90), 100)).toBe('Close to the 100-character limit.');
    expect(limitAnnouncement('x'.repeat(101), 100)).toBe(
      'Over the 100-character limit. Shorten it before sending.',
    );
  });
});
