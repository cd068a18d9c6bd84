/**
 * One sync of the clinician's Texts with their dot phrases in the service (the plan: text-sync.ts): the
 * service changed first (deletions, then updates, then new phrases, so a trigger freed is free), then this
 * computer's file, then the base for the next sync. A failure part way leaves the base as it was: the next
 * sync finds what was done already the same on both sides and carries on.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../base/files/atomic-file.ts';
import { readUserTexts, writeUserTexts, type Text } from './text-library.ts';
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

/** The base's file in the data folder. */
const SYNC_BASE_FILE = 'texts-service.json';

/** The base of the last sync for this account; null: none (never synced, another account, unreadable). */
async function readBase(dataDir: string, account: string): Promise<Phrase[] | null> {
  try {
    const base = SyncBaseSchema.parse(JSON.parse(await readFile(join(dataDir, SYNC_BASE_FILE), 'utf8')));
    return base.account === account ? base.phrases : null;
  } catch {
    return null;
  }
}

/** Whether two libraries are the same Texts in the same order. */
function sameTexts(a: readonly Text[], b: readonly Text[]): boolean {
  return a.length === b.length && a.every((t, i) => t.name === b[i]?.name && t.content === b[i]?.content);
}

/**
 * Syncs once (`organization` null: IT's file unreadable, its phrases left alone); true when done. Throws
 * where the service or a file fails (the clinician's file is read first: one not ours stops it).
 */
export async function syncTexts(
  dataDir: string,
  { account, store }: PhraseTarget,
  organization: readonly Text[] | null,
): Promise<boolean> {
  const local = await readUserTexts(dataDir);
  const [service, base] = await Promise.all([store.list(), readBase(dataDir, account)]);
  const plan = planSync(local, service, base, organization);
  if (plan.remove.length > 0) await store.bulkDelete(plan.remove);
  if (plan.update.length > 0) await store.bulkUpdate(plan.update);
  if (plan.create.length > 0) await store.bulkCreate(plan.create);
  const changed = plan.remove.length + plan.update.length + plan.create.length > 0;
  const after = changed ? await store.list() : service;
  if (!sameTexts(local, plan.texts)) await writeUserTexts(dataDir, plan.texts);
  const next = baseAfter(account, after, plan.texts);
  await writeFileAtomic(join(dataDir, SYNC_BASE_FILE), `${JSON.stringify(next, null, 2)}\n`);
  return true;
}
