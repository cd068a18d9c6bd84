/** Searching the dictation history in the window: every word of the query, in any order and case, accents ignored. */
import type { HistoryEntryDto } from '../../../preload/contract/index.ts';
import { HISTORY_PLACES } from '../../../preload/contract/dictation-codes.ts';
import { words } from '../../../preload/words/window.ts';

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Where a dictation went, as the window says it: the application's name, or the place in words. */
export function placeText(where: string): string {
  const place = HISTORY_PLACES.find((p) => p === where);
  return place ? words().history.places[place] : where;
}

/** The entries whose text or destination holds every word of the query (all of them for an empty query). */
export function searchHistory(entries: readonly HistoryEntryDto[], query: string): HistoryEntryDto[] {
  const wanted = fold(query).split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = fold(`${entry.text} ${placeText(entry.where)}`);
    return wanted.every((word) => haystack.includes(word));
  });
}
