/**
 * Journal ownership between real processes: a child process holds a journal's lock (pid + heartbeat), so
 * another process neither sends it again nor shreds it; once the child is SIGKILLed the journal is free at
 * once, whatever the file times or the clock say.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockHolder } from '../../../main/streaming/journal-lock.ts';

let dir: string;
let child: ChildProcess | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-lock-'));
});
afterEach(async () => {
  child?.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** A process that takes the lock at `path`, says so on stdout, and then only keeps its heartbeat. */
async function holder(path: string): Promise<ChildProcess> {
  const script = join(dir, 'holder.mts');
  const module = resolve('main/streaming/journal-lock.ts');
  await writeFile(
    script,
    `import { JournalLock } from ${JSON.stringify(module)};\n` +
      `const lock = await JournalLock.acquire(${JSON.stringify(path)});\n` +
      `console.log(lock ? 'held' : 'refused');\nsetInterval(() => undefined, 1_000);\n`,
  );
  const proc = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const said = await new Promise<string>((done) => {
    proc.stdout!.once('data', (d: Buffer) => done(d.toString()));
    proc.once('close', (code) => done(`exited ${code}`));
  });
  expect(said.trim()).toBe('held');
  return proc;
}

describe('journal lock between processes', () => {
  it('held by a live process (whatever the file times), free the moment it is killed', async () => {
    const path = join(dir, 'visit.lock');
    child = await holder(path);
    expect(await lockHolder(path)).toBe('other');
    // A clock set an hour back or ahead changes nothing.
    for (const hours of [-1, 1]) {
      const at = (Date.now() + hours * 3_600_000) / 1000;
      await fs.utimes(path, at, at);
      expect(await lockHolder(path)).toBe('other');
    }
    const exited = new Promise((done) => child!.once('close', done));
    child.kill('SIGKILL');
    await exited;
    const started = performance.now();
    expect(await lockHolder(path)).toBe('none');
    expect(performance.now() - started).toBeLessThan(500); // no window to wait out
  }, 30_000);

  it('a live pid whose heartbeat does not move (a reused pid) holds nothing', async () => {
    const path = join(dir, 'visit.lock');
    // This test process's parent is alive but never beats.
    await writeFile(path, `${String(process.ppid).padStart(10, '0')} ${'3'.padStart(12, '0')}\n`);
    expect(await lockHolder(path)).toBe('none');
  });
});
