/**
 * Texts, as Dragon users know them ("auto-texts"): a name said to insert it ("insert normal exam") and its
 * content, with fields `[default text]` and pick-lists `[left|right|bilateral]` that "next field" walks
 * (they are the dictation's template blanks, main/features/dictation/fields). The clinician's own Texts are a file in the data
 * folder the app and the CLI share (`scribe texts import` writes it); the organization's are a file IT names
 * by policy (`dictationTextsFile`), laid over them: an organization Text wins over a clinician's of the
 * same name, so IT's wording cannot be shadowed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../base/files/atomic-file.ts';
import { TEXT_LIMITS } from '../../../preload/contract/text-fields.ts';

/** Longest name a clinician says (a Dragon command name is a few words). */
export const TEXT_NAME_MAX = TEXT_LIMITS.name;
/** Longest content: a long template, well under what a field takes. */
export const TEXT_CONTENT_MAX = TEXT_LIMITS.content;
/** Most Texts in one library. */
export const TEXTS_MAX = 2_000;

/** One Text as a file holds it. */
const TextSchema = z.object({
  name: z.string().trim().min(1).max(TEXT_NAME_MAX),
  content: z.string().min(1).max(TEXT_CONTENT_MAX),
});
/** One Text. */
export type Text = z.infer<typeof TextSchema>;

/** Our own file of Texts (`scribe texts export` writes it, `import` and the policy file read it). */
export const TextsFileSchema = z.object({
  version: z.literal(1),
  /**
   * In the data folder's file only: the account (service and clinician) whose Texts these are, once synced
   * (text-service-sync.ts). Written with the Texts in one write, so the two never disagree.
   */
  owner: z.string().optional(),
  texts: z.array(TextSchema).max(TEXTS_MAX),
});

/** A Text the dictation can insert, and whose library it came from. */
export interface SpokenText extends Text {
  readonly origin: 'user' | 'organization';
}

/** The clinician's Texts file in the data folder. */
export const USER_TEXTS_FILE = 'texts.json';

/** How two names are compared: as they are said (case, accents and the punctuation around them aside). */
export function textKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\p{P}\s]+/gu, ' ')
    .trim();
}

/** Whether two names are one Text's, as said. */
export function sameName(a: string, b: string): boolean {
  return textKey(a) === textKey(b);
}

/** The organization's Texts over the clinician's: one per name, the organization's first. */
export function mergeTexts(organization: readonly Text[], user: readonly Text[]): SpokenText[] {
  const merged = new Map<string, SpokenText>();
  for (const text of organization) merged.set(textKey(text.name), { ...text, origin: 'organization' });
  for (const text of user)
    if (!merged.has(textKey(text.name))) merged.set(textKey(text.name), { ...text, origin: 'user' });
  return [...merged.values()];
}

/** `incoming` laid over `existing` by name (an imported Text replaces the clinician's of the same name). */
export function replaceByName(existing: readonly Text[], incoming: readonly Text[]): Text[] {
  const names = new Set(incoming.map((t) => textKey(t.name)));
  return [...existing.filter((t) => !names.has(textKey(t.name))), ...incoming];
}

/** The clinician's Texts in `dataDir` ([] when there is no file yet); throws on a file that is not ours. */
export async function readUserTexts(dataDir: string): Promise<Text[]> {
  return (await readUserLibrary(dataDir)).texts;
}

/** The Texts in `dataDir` and whose they are (none: never synced); throws on a file that is not ours. */
export async function readUserLibrary(dataDir: string): Promise<{ texts: Text[]; owner?: string }> {
  let raw: string;
  try {
    raw = await readFile(join(dataDir, USER_TEXTS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { texts: [] };
    throw error;
  }
  const { texts, owner } = TextsFileSchema.parse(JSON.parse(raw));
  return owner === undefined ? { texts } : { texts, owner };
}

/** Writes the clinician's Texts, and whose (durably: a crash leaves the old file or the new one). */
export async function writeUserTexts(dataDir: string, texts: readonly Text[], owner?: string): Promise<void> {
  const file = TextsFileSchema.parse({ version: 1, ...(owner === undefined ? {} : { owner }), texts });
  await writeFileAtomic(join(dataDir, USER_TEXTS_FILE), `${JSON.stringify(file, null, 2)}\n`);
}
