/**
 * `scribe check` as a clinician runs it on a dictated text: each sentence with its findings and flags, in
 * words, and as JSON with character ranges and each flag's fix; nothing on stderr. Offline: no service.
 * Two runs only (each starts the CLI); the words in French and Spanish are the catalogue tests'.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scribe } from './scribe-run.ts';

const TEXT =
  'Start aspirin 81 mg daily. Denies chest pain.\nIncrease aspirin to 810 mg. Left knee pain. Right knee swollen. Warfarin 5.0 mg.\n';
let file: string;

beforeAll(async () => {
  file = join(await mkdtemp(join(tmpdir(), 'scribe-check-')), 'dictation.txt');
  await writeFile(file, TEXT);
});

describe('scribe check', () => {
  it('prints each sentence, its findings with their polarity and its flags', async () => {
    const run = await scribe(['check', file], { LANG: 'en_US.UTF-8' });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('2. Denies chest pain.\n   chest pain: negated\n');
    expect(run.stdout).toContain('! aspirin 810 mg is 10 times the 81 mg said earlier.');
    expect(run.stdout).toContain('! right knee: the left knee was said earlier.');
  });

  it('gives the sentences, findings and flags as JSON with their ranges', async () => {
    const run = await scribe(['check', file, '--json'], {});
    const { sentences } = JSON.parse(run.stdout) as {
      sentences: {
        text: string;
        flags: { code: string; start: number; end: number; fix?: { from: string; to: string } }[];
      }[];
    };
    expect(sentences.map((s) => s.text)).toHaveLength(6);
    const flags = sentences.flatMap((s) => s.flags);
    // The fix is the window's (main/core/checks/flag-fixes.ts); a 10× dose and a side conflict have none.
    expect(flags.map((f) => [f.code, TEXT.slice(f.start, f.end), f.fix?.to ?? null])).toEqual([
      ['dose_magnitude', '810 mg', null],
      ['side_conflict', 'Right', null],
      ['trailing_zero', '5.0', '5'],
    ]);
  });
});
