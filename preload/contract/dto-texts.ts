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

/** Why an item of an imported file did not come along (named with its name, never its content). */
export const TEXT_LEFT_OUT_REASONS = [
  'script',
  'formatted',
  'list_variable',
  'empty',
  'too_long',
  'duplicate',
  'too_many',
] as const;

/** A file of Texts read on the Texts page (its bytes, base64): a Dragon export, the CSV or our JSON. */
export const TextImportSchema = z
  .object({ fileName: z.string().min(1).max(260), data: z.string().max(14_000_000) })
  .strict();

/** What the page's import did: the library after it, how many came along, what was left out and why. */
const TextImportedSchema = TextsListSchema.extend({
  imported: z.number().int().min(0),
  leftOut: z.array(z.object({ name: z.string(), reason: z.enum(TEXT_LEFT_OUT_REASONS) })),
  /** Nothing imported: not .xml, .csv or .json; or not readable as its format. */
  problem: z.enum(['unknown_format', 'unreadable']).nullable(),
});
/** The report of an import from the page. */
export type TextImported = z.infer<typeof TextImportedSchema>;

function channel<Q extends z.ZodType, R extends z.ZodType>(request: Q, response: R) {
  return { request, response };
}

/** The Texts channels (spread into the channel map). */
export const textsChannels = {
  'texts:list': channel(z.object({}).strict(), TextsListSchema),
  /** Refused (`invalid_request`) for a name the organization's library has: its Text would win. */
  'texts:save': channel(TextSaveSchema, TextsListSchema),
  /** The same import as `scribe texts import` (same name: replaced), with its report. */
  'texts:import': channel(TextImportSchema, TextImportedSchema),
  'texts:delete': channel(z.object({ name: z.string().max(TEXT_LIMITS.name) }).strict(), TextsListSchema),
} as const;
