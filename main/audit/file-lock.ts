/**
 * A lock file shared by processes (the app and `scribe` append to one audit trail): created exclusively,
 * removed when done, and taken over when its holder left it behind (older than STALE_MS, e.g. a killed
 * process). Waiting is bounded; a lock that cannot be had is an error with a code.
 */
import { open, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const STALE_MS = 10_000;
const WAIT_MS = 5_000;
const RETRY_MS = 15;

/** Runs `task` holding the lock file at `path`. */
export async function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_MS) await rm(path, { force: true });
      else if (Date.now() > deadline)
        throw Object.assign(new Error('lock busy'), { code: 'audit_lock_busy' });
      else await sleep(RETRY_MS);
    }
  }
  try {
    return await task();
  } finally {
    await rm(path, { force: true });
  }
}
