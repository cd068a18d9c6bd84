/**
 * Flags with names: the window keeps or fixes a flag by its id, which stays the same while the text grows or
 * changes elsewhere (dictation, a note section).
 */
import type { DictationFlag } from '../../../preload/contract/index.ts';
import type { TextFlag } from '../../../preload/contract/text-check-codes.ts';

/**
 * Names each flag of `text` by its code, the words it covers and its place among flags of the same two: the
 * same flag keeps its id while the dictation's text grows after it.
 */
export function named(text: string, flags: readonly TextFlag[], correction: boolean): DictationFlag[] {
  const seen = new Map<string, number>();
  return flags.map((flag) => {
    const key = `${flag.code}:${text.slice(flag.start, flag.end).toLowerCase()}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return { id: `${correction ? 'c' : 't'}:${key}:${n}`, ...flag, facts: { ...flag.facts }, correction };
  });
}
