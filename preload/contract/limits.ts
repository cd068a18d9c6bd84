/**
 * Limits the renderer shows before anything is sent (counted as the person types). They mirror
 * main/core/api/limits.ts, which enforces them again in the main process; a unit test keeps the two equal,
 * because the contract may import nothing but zod.
 */
export const INPUT_LIMITS = {
  /** Per-section `custom_instruction` and the template's custom instructions. */
  customInstructionChars: 700,
  /** An edit-by-instruction request. */
  editInstructionChars: 700,
  /** Extra context for a regeneration (`unstructured_context`). */
  extraContextChars: 10_000,
  /** Dot phrases per bulk request (the service's limit). */
  bulkItems: 100,
  /** Dot phrases per save in the window: main sends them in requests of `bulkItems`. */
  phrasesPerSave: 1_000,
  /** Spoken languages per visit. */
  maxSpeechLocales: 2,
} as const;

/** Characters as a person counts them (code points), which is also how the service states its limits. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The shape of an OAuth client ID (the client UUID the administration console gives): the channel's schema
 * takes only this, and Connect names a client ID of another shape before sending.
 */
export const CLIENT_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
