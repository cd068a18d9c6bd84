/**
 * Client-side checks of every limit in the contract, run before anything is sent. Each failure is a
 * LimitError whose message a clinician understands; it never quotes the content itself.
 */
export class LimitError extends Error {
  override readonly name = 'LimitError';
  readonly code = 'limit_exceeded' as const;
  constructor(
    message: string,
    /** The request field at fault, e.g. "unstructured_context". */
    readonly field: string,
  ) {
    super(message);
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
  label: string,
): void {
  if (text == null) return;
  const n = charCount(text);
  if (n > max) {
    throw new LimitError(
      `${label} is ${n.toLocaleString('en-US')} characters; the limit is ${max.toLocaleString('en-US')}. Shorten it by ${(n - max).toLocaleString('en-US')}.`,
      field,
    );
  }
}

/** 1–2 distinct speech locales; HAITIAN_HT only on its own. */
export function checkSpeechLocales(locales: readonly string[], field = 'speech_locales'): void {
  if (locales.length === 0) throw new LimitError('Choose the language spoken in the visit.', field);
  if (new Set(locales).size !== locales.length) {
    throw new LimitError(
      'The same language was chosen twice. Choose one language, or two different ones.',
      field,
    );
  }
  if (locales.length > LIMITS.maxSpeechLocales) {
    throw new LimitError(
      `At most ${LIMITS.maxSpeechLocales} spoken languages can be chosen for one visit.`,
      field,
    );
  }
  for (const solo of LIMITS.soloSpeechLocales) {
    if (locales.includes(solo) && locales.length > 1) {
      throw new LimitError(
        'Haitian Creole cannot be combined with a second language. Choose it on its own.',
        field,
      );
    }
  }
}

export function checkBulkSize(items: readonly unknown[], field: string, label: string): void {
  if (items.length === 0) throw new LimitError(`No ${label} were given.`, field);
  if (items.length > LIMITS.bulkDotPhraseItems) {
    throw new LimitError(
      `${items.length} ${label} were given; at most ${LIMITS.bulkDotPhraseItems} can be sent at once. Split them into batches of ${LIMITS.bulkDotPhraseItems}.`,
      field,
    );
  }
}
