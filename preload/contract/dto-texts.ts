/**
 * The Texts page's channels (main/features/texts): the library as the clinician sees it, the organization's
 * Texts marked as such (shown, never editable), and the clinician's own saved or deleted one at a time.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from './text-fields.ts';

const TextViewSchema = z.object({
  name: z.string(),
  content: z.string(),
  origin: z.enum(['user', 'organization']),
});
/** One Text as the page shows it. */
export type TextView = z.infer<typeof TextViewSchema>;

/** The whole library, the organization's first. */
export const TextsListSchema = z.object({ texts: z.array(TextViewSchema) });

/** A Text saved: new, or `replacing` the clinician's Text of that name (renamed or changed). */
export const TextSaveSchema = z
  .object({
    name: z.string().trim().min(1).max(TEXT_LIMITS.name),
    content: z.string().min(1).max(TEXT_LIMITS.content),
    replacing: z.string().max(TEXT_LIMITS.name).optional(),
  })
  .strict();

function channel<Q extends z.ZodType, R extends z.ZodType>(request: Q, response: R) {
  return { request, response };
}

/** The Texts channels (spread into the channel map). */
export const textsChannels = {
  'texts:list': channel(z.object({}).strict(), TextsListSchema),
  /** Refused (`invalid_request`) for a name the organization's library has: its Text would win. */
  'texts:save': channel(TextSaveSchema, TextsListSchema),
  'texts:delete': channel(z.object({ name: z.string().max(TEXT_LIMITS.name) }).strict(), TextsListSchema),
} as const;
