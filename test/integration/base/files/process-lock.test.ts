/**
 * The one lock file between real processes: a child process holds a lock (pid + heartbeat), so another
 * process neither sends its journal again nor shreds it, nor appends to the audit trail meanwhile; once the
 * child is SIGKILLed the lock is free at once, whatever the file times or the clock say.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockHolder, ProcessLock, withProcessLock } from '../../../../main/base/files/process-lock.ts';
import { AuditLog } from '../../../../main/features/audit/audit-log.ts';

let dir: string;
let child: ChildProcess | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'process-lock-'));
});
afterEach(async () => {
  child?.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** A process that takes the lock at `path`, says so on stdout, and then only keeps its heartbeat. */
async function holder(path: string): Promise<ChildProcess> {
  const script = join(dir, 'holder.mts');
  const module = resolve('main/base/files/process-lock.ts');
  await writeFile(
    script,
    `import { ProcessLock } from ${JSON.stringify(module)};\n` +
      `const lock = await ProcessLock.acquire(${JSON.stringify(path)});\n` +
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

describe('the lock between processes (a journal)', () => {
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

/** Sets the file times of `path` `hours` away from now (a clinician's clock off, or a long-held lock). */
async function age(path: string, hours: number): Promise<void> {
  const at = (Date.now() + hours * 3_600_000) / 1000;
  await fs.utimes(path, at, at);
}

describe('a holder whose lock was taken over while it was stopped', () => {
  it("does not delete the new holder's lock when it lets go of its own", async () => {
    const path = join(dir, 'journal.lock');
    const stopped = await ProcessLock.acquire(path);
    expect(stopped).toBeDefined();
    // It was judged stale and replaced (as removeStale does): the file at the path is another holder's now.
    await fs.rm(path);
    child = await holder(path);
    await stopped!.release(); // woken, it finishes its work and lets go
    expect(await fs.readFile(path, 'utf8')).toContain(String(child.pid).padStart(10, '0'));
    expect(await lockHolder(path)).not.toBe('none');
  });
});

describe('the lock between processes (the audit trail)', () => {
  it('a writer waits for a live holder however old its file looks, and goes on the moment it is killed', async () => {
    const failures: string[] = [];
    const audit = new AuditLog({
      dir,
      source: { via: 'cli', version: '1.0.0' },
      who: () => ({ account: 'dr.house', externalId: 'clin-42' }),
      onDidFail: (kind, code) => void failures.push(`${kind}:${code}`),
    });
    child = await holder(join(dir, 'audit.lock'));
    await age(join(dir, 'audit.lock'), -1);
    await audit.record({ kind: 'visit_ended' });
    expect(failures).toEqual(['visit_ended:audit_lock_busy']);
    expect(await audit.read()).toEqual([]);

    const exited = new Promise((done) => child!.once('close', done));
    child.kill('SIGKILL');
    await exited;
    await audit.record({ kind: 'visit_ended' });
    expect(failures).toHaveLength(1);
    expect(await audit.verify()).toMatchObject({ ok: true, records: 1 });
  }, 30_000);

  it('a lock file left half-written (no pid) is taken over once it has not changed for a heartbeat watch', async () => {
    const path = join(dir, 'x.lock');
    await writeFile(path, '');
    await age(path, 1);
    await expect(
      withProcessLock(path, async () => 'ran', { busyCode: 'busy', waitMs: 10_000 }),
    ).resolves.toBe('ran');
    await expect(fs.stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 30_000);

  it('tasks in one process take turns, and a busy lock is an error with its code', async () => {
    const path = join(dir, 'y.lock');
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = withProcessLock(
      path,
      () => new Promise<void>((done) => ((releaseFirst = done), order.push('first'))),
      { busyCode: 'busy' },
    );
    await expect.poll(() => order).toEqual(['first']);
    await expect(
      withProcessLock(path, async () => order.push('never'), { busyCode: 'busy', waitMs: 50 }),
    ).rejects.toMatchObject({ code: 'busy' });
    const second = withProcessLock(path, async () => void order.push('second'), { busyCode: 'busy' });
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });
});
