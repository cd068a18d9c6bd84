/**
 * Client-side checks of every limit in the contract, run before anything is sent. Each failure is a
 * LimitError: the one expected failure type (`limit_exceeded`) naming a rule, a subject from a closed list
 * and the counts, so its words (chosen where they are shown, from preload/words) never quote the content itself.
 */
import type { LimitParams, LimitRule, LimitSubject } from '../../../preload/contract/index.ts';
import { Failure } from '../../base/failure.ts';

export class LimitError extends Failure<'limit_exceeded'> {
  override readonly name = 'LimitError';
  constructor(
    params: LimitParams | LimitRule,
    /** The request field at fault, e.g. "unstructured_context" (for logs and tests; never shown). */
    readonly field: string,
  ) {
    super('limit_exceeded', typeof params === 'string' ? { rule: params } : params);
  }
}

export const LIMITS = {
  customInstructionChars: 700,
  templateCustomInstructionsChars: 700,
  unstructuredContextChars: 10_000,
  bulkDotPhraseItems: 100,
  maxSpeechLocales: 2,
  clientRequestIdChars: 128,
  externalIdChars: 256,
  soloSpeechLocales: ['HAITIAN_HT'] as readonly string[],
} as const;

/** Characters as a person counts them (code points), which is also how the limit is stated. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function checkMaxChars(
  text: string | null | undefined,
  max: number,
  field: string,
  subject: LimitSubject,
): void {
  if (text == null) return;
  const n = charCount(text);
  if (n > max) throw new LimitError({ rule: 'too_long', subject, limit: max, actual: n }, field);
}

/**
 * Refuses text over a limit before sending, with counts (never the text) in the words: the contract's
 * INPUT_LIMITS as the note and the settings check them (a plain Failure, no request field named).
 */
export function checkLimit(text: string | null | undefined, max: number, subject: LimitSubject): void {
  if (text == null) return;
  const n = charCount(text);
  if (n > max) throw new Failure('limit_exceeded', { rule: 'too_long', subject, limit: max, actual: n });
}

/** 1–2 distinct speech locales; HAITIAN_HT only on its own. */
export function checkSpeechLocales(locales: readonly string[], field = 'speech_locales'): void {
  if (locales.length === 0) throw new LimitError('no_speech_locale', field);
  if (new Set(locales).size !== locales.length) throw new LimitError('duplicate_speech_locale', field);
  if (locales.length > LIMITS.maxSpeechLocales) {
    throw new LimitError(
      { rule: 'too_many_speech_locales', limit: LIMITS.maxSpeechLocales, actual: locales.length },
      field,
    );
  }
  for (const solo of LIMITS.soloSpeechLocales) {
    if (locales.includes(solo) && locales.length > 1) throw new LimitError('solo_speech_locale', field);
  }
}

export function checkBulkSize(items: readonly unknown[], field: string, subject: LimitSubject): void {
  if (items.length === 0) throw new LimitError({ rule: 'no_items', subject }, field);
  if (items.length > LIMITS.bulkDotPhraseItems) {
    throw new LimitError(
      { rule: 'too_many_items', subject, limit: LIMITS.bulkDotPhraseItems, actual: items.length },
      field,
    );
  }
}
