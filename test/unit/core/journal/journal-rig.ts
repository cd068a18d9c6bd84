/** What each journal test starts from: a fresh journals folder inside a temporary one, and a keychain in memory. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';

/** A journals folder that does not exist yet (its parent does) and an empty keychain. */
export async function freshJournalFolder(): Promise<{ dir: string; secrets: MemorySecretStore }> {
  return {
    dir: join(await mkdtemp(join(tmpdir(), 'journal-')), 'journals'),
    secrets: new MemorySecretStore(),
  };
}

/** Removes what `freshJournalFolder` made. */
export const removeJournalFolder = (dir: string) => rm(join(dir, '..'), { recursive: true, force: true });
