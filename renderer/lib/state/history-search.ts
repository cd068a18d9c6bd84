/** Searching the dictation history in the window: every word of the query, in any order and case, accents ignored. */
import type { HistoryEntryDto } from '../../../preload/contract/index.ts';

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The entries whose text or destination holds every word of the query (all of them for an empty query). */
export function searchHistory(entries: readonly HistoryEntryDto[], query: string): HistoryEntryDto[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = fold(`${entry.text} ${entry.where}`);
    return words.every((word) => haystack.includes(word));
  });
}
