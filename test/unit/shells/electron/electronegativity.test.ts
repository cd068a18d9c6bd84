/**
 * Runs @doyensec/electronegativity over main/ and preload/ together (its global checks, such as "is
 * navigation limited anywhere", need both in one scan, so they are copied into one folder) and fails on
 * any HIGH or MEDIUM finding. One insecure window planted in the same scan proves the scanner sees our
 * TypeScript. Takes about 10 s; it needs no network (update checks fail fast offline).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');
const work = mkdtempSync(path.join(tmpdir(), 'electronegativity-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Finding {
  check: string;
  severity: string;
  file: string;
  location: string;
}

function parseCsv(text: string): Finding[] {
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''));
      return {
        check: cells[0] ?? '',
        severity: cells[1] ?? '',
        file: cells[3] ?? '',
        location: cells[4] ?? '',
      };
    });
}

const bin = path.join(repo, 'node_modules', '.bin', 'electronegativity');
const electronVersion = (
  JSON.parse(readFileSync(path.join(repo, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;

async function scan(name: string, fill: (dir: string) => void): Promise<Finding[]> {
  const target = path.join(work, name);
  fill(target);
  const output = path.join(work, `${name}.csv`);
  await run(bin, ['-i', target, '-o', output, '-e', electronVersion, '-r', '-v', 'false'], {
    timeout: 90_000,
  });
  return parseCsv(readFileSync(output, 'utf8'));
}

const PLANTED = 'planted-insecure-window.ts';
const INSECURE_WINDOW = `import { BrowserWindow } from 'electron';
export const w = new BrowserWindow({ webPreferences: { contextIsolation: false, nodeIntegration: true } });
`;

describe('electronegativity', () => {
  it('reports no HIGH or MEDIUM finding in main/ and preload/ (and does flag an insecure window)', async () => {
    // One scan of our tree plus one planted insecure window: the planted window is flagged (the scanner
    // works on these sources), and nothing else is.
    const findings = await scan('ours', (dir) => {
      cpSync(path.join(repo, 'main'), path.join(dir, 'main'), { recursive: true });
      cpSync(path.join(repo, 'preload'), path.join(dir, 'preload'), { recursive: true });
      writeFileSync(path.join(dir, 'main', 'shells', 'electron', PLANTED), INSECURE_WINDOW);
    });
    const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
    expect(serious.some((f) => f.severity === 'HIGH' && f.file.includes(PLANTED))).toBe(true);
    expect(serious.filter((f) => !f.file.includes(PLANTED))).toEqual([]);
  }, 100_000);
});
