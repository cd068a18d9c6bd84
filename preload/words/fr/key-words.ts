/** The words of a refused hotkey (French). The closed names a chord is made of are in preload/contract/chords.ts. */
import type { KeyRefusal } from '../../contract/chords.ts';
import { formatError } from './error-words.ts';

/**
 * The words of a refused key; `keys` is the chord as the person reads it on this platform ("Ctrl+C"),
 * which then takes the place of "That key".
 */
export function keyRefusalText(refusal: KeyRefusal, keys: string | null): string {
  const { reason, use, other } = refusal;
  const words = formatError({ code: 'dictation_setting_refused', params: { reason, use, other } });
  return keys === null ? words : words.replace(/^Cette touche/, keys);
}
