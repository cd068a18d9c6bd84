/**
 * A child process for the stale-lock race: says `ready`, then for each stdin line `race <mode> <path>`
 * tries the lock at `path` (mode `acquire`: ProcessLock.acquire, the journal's; mode `wait`:
 * withProcessLock, the audit trail's, giving up after 300 ms) and prints `held` or `refused`; `release`
 * lets go of a lock it holds.
 */
import { createInterface } from 'node:readline';
import { ProcessLock, withProcessLock } from '../../../../main/base/files/process-lock.ts';

let release: (() => void) | undefined;

async function acquire(path: string): Promise<string> {
  const lock = await ProcessLock.acquire(path);
  if (!lock) return 'refused';
  release = () => void lock.release();
  return 'held';
}

function wait(path: string): Promise<string> {
  return new Promise((resolve) => {
    const task = (): Promise<void> =>
      new Promise((done) => {
        release = done;
        resolve('held');
      });
    withProcessLock(path, task, { busyCode: 'busy', waitMs: 300 }).catch((error: unknown) =>
      resolve((error as { code?: string }).code === 'busy' ? 'refused' : 'error'),
    );
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, mode, path] = line.split(' ');
  if (command === 'release') {
    release?.();
    release = undefined;
    return;
  }
  if (command !== 'race' || !path) return;
  const attempt = mode === 'acquire' ? acquire(path) : wait(path);
  void attempt.then((said) => console.log(said));
});
console.log('ready');
