/**
 * Real processes that find the same stale lock (its holder died) at the same instant: exactly one of them
 * takes it over, every round, for the journal's lock (acquire) and the audit trail's (withProcessLock).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessLock } from '../../../../main/base/files/process-lock.ts';

const RACERS = 4;

interface Racer {
  readonly proc: ChildProcess;
  next(): Promise<string>;
}

let dir: string;
let racers: Racer[] = [];

function startRacer(): Racer {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/integration/base/files/lock-racer.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    const take = waiting.shift();
    if (take) take(line);
    else lines.push(line);
  });
  proc.once('close', (code) => waiting.splice(0).forEach((take) => take(`exited ${code}`)));
  const next = (): Promise<string> => {
    const line = lines.shift();
    return line !== undefined ? Promise.resolve(line) : new Promise((take) => waiting.push(take));
  };
  return { proc, next };
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const proc = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => proc.once('close', done));
  return proc.pid!;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stale-lock-race-'));
  racers = Array.from({ length: RACERS }, startRacer);
  expect(await Promise.all(racers.map((racer) => racer.next()))).toEqual(Array(RACERS).fill('ready'));
}, 60_000);

afterAll(async () => {
  for (const racer of racers) racer.proc.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function round(mode: 'acquire' | 'wait', index: number, pid: number): Promise<string[]> {
  const path = join(dir, `${mode}-${index}.lock`);
  await writeFile(path, `${String(pid).padStart(10, '0')} ${'7'.padStart(12, '0')}\n`);
  for (const racer of racers) racer.proc.stdin!.write(`race ${mode} ${path}\n`);
  const said = await Promise.all(racers.map((racer) => racer.next()));
  for (const racer of racers) racer.proc.stdin!.write('release\n');
  return said.sort();
}

/** Takeover markers and their temp files are gone once every racer has answered. */
async function leftovers(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.includes('takeover') || name.endsWith('.tmp'));
}

describe('a stale lock found by several processes at once', () => {
  const oneWinner = ['held', ...Array<string>(RACERS - 1).fill('refused')];

  it('withProcessLock (the audit trail): exactly one takes it over, 20 rounds', async () => {
    const pid = await deadPid();
    const rounds: string[][] = [];
    for (let index = 0; index < 20; index++) rounds.push(await round('wait', index, pid));
    expect(rounds).toEqual(Array(20).fill(oneWinner));
    expect(await leftovers()).toEqual([]);
  }, 120_000);

  it('ProcessLock.acquire (a journal): exactly one takes it over, 8 rounds', async () => {
    const pid = await deadPid();
    const rounds: string[][] = [];
    for (let index = 0; index < 8; index++) rounds.push(await round('acquire', index, pid));
    expect(rounds).toEqual(Array(8).fill(oneWinner));
    expect(await leftovers()).toEqual([]);
  }, 120_000);
});

describe('a takeover whose remover died', () => {
  it('is passed over: the stale lock is still taken, the dead marker stays', async () => {
    const pid = await deadPid();
    const path = join(dir, 'dead-marker.lock');
    await writeFile(path, `${String(pid).padStart(10, '0')} ${'7'.padStart(12, '0')}\n`);
    const marker = `${path}.takeover-${(await stat(path, { bigint: true })).ino}`;
    await writeFile(marker, `${pid}\n`);
    const lock = await ProcessLock.acquire(path);
    expect(lock).toBeDefined();
    await lock!.release();
    const left = (await readdir(dir)).filter((name) => name.startsWith('dead-marker'));
    expect(left).toEqual([basename(marker)]);
  });
});
