import { afterEach, describe, expect, it } from 'vitest';
import { placeText, searchHistory } from '../../../renderer/lib/state/history-search.ts';
import { useLocale } from '../../../preload/words/index.ts';
import type { HistoryEntryDto } from '../../../preload/contract/index.ts';

const entry = (id: string, text: string, where = 'Epic Hyperspace'): HistoryEntryDto => ({
  id,
  at: 0,
  text,
  where,
  resendable: false,
});
const entries = [
  entry('a', 'Continue aspirin 75 mg, recheck Müller in two weeks.'),
  entry('b', 'Left knee effusion, no erythema.', 'copied'),
  entry('c', 'Aspirin stopped before surgery.', 'failed'),
];

describe('history search', () => {
  it('finds every word of the query, in any order, case and accents ignored', () => {
    expect(searchHistory(entries, 'ASPIRIN').map((e) => e.id)).toEqual(['a', 'c']);
    expect(searchHistory(entries, 'weeks aspirin').map((e) => e.id)).toEqual(['a']);
    expect(searchHistory(entries, 'muller').map((e) => e.id)).toEqual(['a']);
  });

  it('searches where the text went too, and an empty query lists everything', () => {
    expect(searchHistory(entries, 'failed').map((e) => e.id)).toEqual(['c']);
    expect(searchHistory(entries, '   ').map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(searchHistory(entries, 'aspirin knee')).toEqual([]);
  });

  afterEach(() => useLocale('en'));

  it('says where a dictation went in the window’s language, an application by its name', () => {
    useLocale('fr');
    expect(placeText('dictation box')).toBe('zone de dictée');
    expect(placeText('copied')).toBe('copiée');
    expect(placeText('Epic Hyperspace')).toBe('Epic Hyperspace');
    expect(
      searchHistory([...entries, entry('d', 'Gauche.', 'dictation box')], 'zone').map((e) => e.id),
    ).toEqual(['d']);
    useLocale('es');
    expect(placeText('dictation box')).toBe('cuadro de dictado');
  });
});
