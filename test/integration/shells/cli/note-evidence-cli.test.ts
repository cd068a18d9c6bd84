/**
 * `scribe note --evidence`: after the note, each of its sentences with the numbers of the transcript items
 * that support it and its marks, in words and in JSON; nothing on stderr. One service, two CLI runs; the
 * alignment itself is test/unit/core/checks/evidence.test.ts's.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../core/api/harness.ts';
import { scribe as run, serviceForCli, WITH_KEYCHAIN } from './scribe-run.ts';

const scribe = (args: string[], env: Record<string, string | undefined>) =>
  run(args, env, { inherit: WITH_KEYCHAIN });

const VISIT = [
  'DOCTOR: What brings you in today?',
  'PATIENT: I have had chest pain for three days when I climb stairs.',
  'PATIENT: I take aspirin eighty one milligrams every day.',
];

let h: Harness;
let file: string;
let env: Record<string, string>;
beforeAll(async () => {
  const cli = await serviceForCli('scribe-evidence-');
  h = cli.h;
  env = { ...cli.env, LANG: 'en_US.UTF-8' };
  file = join(cli.dir, 'visit.txt');
  await writeFile(file, VISIT.join('\n'));
});
afterAll(() => h.close());

describe('scribe note --evidence', () => {
  it('prints each note sentence with the items that support it and its marks', async () => {
    const result = await scribe(['note', '--transcript', file, '--evidence'], env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const [, evidence] = result.stdout.split('EVIDENCE (transcript items numbered from 1');
    // The double's writer keeps what was said, with its speaker: each sentence found where it was said.
    expect(evidence).toContain(
      '[CHIEF_COMPLAINT] Patient: I have had chest pain for three days when I climb stairs.\n   said in: 2\n',
    );
    expect(evidence).toContain('Patient: I take aspirin eighty one milligrams every day.\n   said in: 3');
    expect(evidence).not.toContain('!');
  });

  it('gives the evidence as JSON beside the note', async () => {
    const result = await scribe(['note', '--transcript', file, '--evidence', '--json'], env);
    const { note, evidence } = JSON.parse(result.stdout) as {
      note: unknown;
      evidence: { key: string; sentences: { text: string; support: string[]; marks: unknown[] }[] }[];
    };
    expect(note).toBeDefined();
    const medications = evidence.find((p) => p.key === 'CURRENT_MEDICATIONS')!;
    expect(medications.sentences).toEqual([
      expect.objectContaining({
        text: 'Patient: I take aspirin eighty one milligrams every day.',
        support: ['3'],
        marks: [],
      }),
    ]);
  });
});
