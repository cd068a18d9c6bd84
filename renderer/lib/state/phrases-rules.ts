/** Dot phrases typed in bulk: reading ".shortcut = text" lines, and the service's per-request limit. */
import { INPUT_LIMITS } from '../../../preload/contract/limits.ts';
import { ui } from '../../../preload/words/window.ts';

/** A phrase as typed (no id yet). */
export interface TypedPhrase {
  trigger: string;
  expansion: string;
}

/** The most phrases one save takes (main sends them to the service in requests of at most 100). */
export const MAX_PHRASES = INPUT_LIMITS.phrasesPerSave;

/** One phrase per line, ".trigger = expansion"; `unread` counts non-blank lines that are not phrases. */
export function parsePhrases(bulk: string): { phrases: TypedPhrase[]; unread: number } {
  const phrases = bulk
    .split('\n')
    .map((line) => line.split('='))
    .filter((parts) => parts.length >= 2 && parts[0]!.trim())
    .map(([trigger, ...rest]) => ({ trigger: trigger!.trim(), expansion: rest.join('=').trim() }));
  const lines = bulk.split('\n').filter((l) => l.trim()).length;
  return { phrases, unread: lines - phrases.length };
}

/** What a batch was for, as its refusal names it. */
export type BatchKind = 'add' | 'change' | 'selectedChange' | 'selectedDelete';

/** Why a batch is refused before sending, with how many to leave for a second step ('' when it fits). */
export function batchRefusal(count: number, what: BatchKind): string {
  return count <= MAX_PHRASES ? '' : ui().phrases.refused(count, what, MAX_PHRASES);
}
