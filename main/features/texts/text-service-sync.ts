/**
 * One sync of the clinician's Texts with their dot phrases in the service (the plan: text-sync.ts).
 *
 * - **Whose.** The data folder's file says whose Texts it holds (`owner`, written with them). Another
 *   clinician signing in on a shared computer never gets them: the file is kept aside for its owner
 *   (`texts-accounts/`), and this clinician's own are put back (none yet: an empty library that their
 *   account's Texts then fill). A file no one synced yet (Texts imported before the first sign-in) becomes
 *   the first signed-in clinician's.
 * - **Files, then the network, then files.** The file is read, the service changed (deletions, then updates,
 *   then new phrases, so a trigger freed is free), and the file written only if no edit came in meanwhile (the
 *   edit's own sync follows): a save on the Texts page never waits on the network.
 * - **What the service refuses** (a Text longer than it takes, say: its limits are not public) stays on this
 *   computer only, sent again at the next sync; the rest goes. A failure part way leaves the base as it was:
 *   the next sync finds what was done already the same on both sides and carries on.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../base/files/atomic-file.ts';
import { ApiError } from '../../core/api/errors.ts';
import { LimitError } from '../../core/api/limits.ts';
import { readUserLibrary, TextsFileSchema, writeUserTexts, type Text } from './text-library.ts';
import { baseAfter, planSync, SyncBaseSchema, type Phrase } from './text-sync.ts';

/** The clinician's dot phrases (bulk calls of any length: the store sends them 100 at a time). */
export interface PhraseStore {
  list(): Promise<Phrase[]>;
  bulkCreate(items: Omit<Phrase, 'id'>[]): Promise<void>;
  bulkUpdate(items: Phrase[]): Promise<void>;
  bulkDelete(ids: string[]): Promise<void>;
}

/** Whose phrases (the service's address and the clinician's id: a base is kept per account) and where. */
export interface PhraseTarget {
  readonly account: string;
  readonly store: PhraseStore;
}

/** Runs a step on the data folder's files, one at a time with the Texts page's edits. */
type FileStep = <T>(step: () => Promise<T>) => Promise<T>;

/** Each account's base, and the Texts of a clinician not signed in now, kept aside. */
const ACCOUNTS_DIR = 'texts-accounts';
const accountFile = (dataDir: string, account: string, kind: 'base' | 'texts') =>
  join(
    dataDir,
    ACCOUNTS_DIR,
    `${createHash('sha256').update(account).digest('hex').slice(0, 32)}.${kind}.json`,
  );

/** The base of the last sync for this account; null: none (never synced, unreadable). */
async function readBase(dataDir: string, account: string): Promise<Phrase[] | null> {
  try {
    const raw = await readFile(accountFile(dataDir, account, 'base'), 'utf8');
    const base = SyncBaseSchema.parse(JSON.parse(raw));
    return base.account === account ? base.phrases : null;
  } catch {
    return null;
  }
}

/** The Texts of the file, made this account's: another's kept aside first, this one's put back. */
async function takeLibrary(dataDir: string, account: string): Promise<Text[]> {
  const { texts, owner } = await readUserLibrary(dataDir);
  if (owner === undefined || owner === account) return texts;
  const aside = `${JSON.stringify(TextsFileSchema.parse({ version: 1, owner, texts }), null, 2)}\n`;
  await writeFileAtomic(accountFile(dataDir, owner, 'texts'), aside);
  const mine = await readFile(accountFile(dataDir, account, 'texts'), 'utf8').then(
    (raw) => TextsFileSchema.parse(JSON.parse(raw)).texts,
    () => [],
  );
  await writeUserTexts(dataDir, mine, account);
  return mine;
}

/** Whether two libraries are the same Texts in the same order. */
function sameTexts(a: readonly Text[], b: readonly Text[]): boolean {
  return a.length === b.length && a.every((t, i) => t.name === b[i]?.name && t.content === b[i]?.content);
}

/** The service said no to the request itself (not the network, the sign-in or its load). */
function refused(error: unknown): boolean {
  if (error instanceof LimitError) return true;
  const status = error instanceof ApiError ? error.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

/** Sends `items` together; refused, one by one, leaving out those refused on their own. */
async function sendEach<T>(items: T[], send: (items: T[]) => Promise<void>): Promise<void> {
  if (items.length === 0) return;
  try {
    await send(items);
  } catch (error) {
    if (!refused(error) || items.length === 1) throw error;
    for (const item of items) {
      try {
        await send([item]);
      } catch (one) {
        if (!refused(one)) throw one; // refused on its own: kept on this computer only
      }
    }
  }
}

/**
 * Syncs once (`organization` null: IT's file unreadable or no policy here, its phrases left alone); true
 * when done. Throws where the service or a file fails (a file not ours stops it before anything is sent).
 */
export async function syncTexts(
  dataDir: string,
  { account, store }: PhraseTarget,
  organization: readonly Text[] | null,
  files: FileStep,
): Promise<boolean> {
  const local = await files(() => takeLibrary(dataDir, account));
  const [service, base] = await Promise.all([store.list(), readBase(dataDir, account)]);
  const plan = planSync(local, service, base, organization);
  if (plan.remove.length > 0) await store.bulkDelete(plan.remove);
  await sendEach(plan.update, (items) => store.bulkUpdate(items));
  await sendEach(plan.create, (items) => store.bulkCreate(items));
  const changed = plan.remove.length + plan.update.length + plan.create.length > 0;
  const after = changed ? await store.list() : service;
  return files(async () => {
    const now = await readUserLibrary(dataDir);
    if (now.owner !== account && now.owner !== undefined) return false;
    if (!sameTexts(now.texts, local)) return false; // edited meanwhile: that edit's sync brings it together
    if (!sameTexts(local, plan.texts) || now.owner === undefined)
      await writeUserTexts(dataDir, plan.texts, account);
    const next = baseAfter(account, after, plan.texts);
    await writeFileAtomic(accountFile(dataDir, account, 'base'), `${JSON.stringify(next, null, 2)}\n`);
    return true;
  });
}
