/** Dot phrases typed in bulk: reading ".shortcut = text" lines, and the service's per-request limit. */
import { INPUT_LIMITS } from '../../../preload/contract/limits.ts';

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

/** Why a batch is refused before sending, with how many to leave for a second step ('' when it fits). */
export function batchRefusal(count: number, what: string): string {
  if (count <= MAX_PHRASES) return '';
  return `${count.toLocaleString('en-US')} phrases ${what}: at most ${MAX_PHRASES.toLocaleString('en-US')} at a time. Leave out ${(count - MAX_PHRASES).toLocaleString('en-US')} and do them in a second step. Nothing was sent.`;
}

/** The counter under the bulk field: how many, how many too many, how many lines were left out. */
export function bulkCountText(count: number, unread: number): string {
  const over = count > MAX_PHRASES ? ` — ${count - MAX_PHRASES} too many` : '';
  const left = unread > 0 ? ` — ${unread} line${unread === 1 ? '' : 's'} without “=” left out` : '';
  return `${count.toLocaleString('en-US')} / ${MAX_PHRASES.toLocaleString('en-US')} phrases per save${over}${left}`;
}
