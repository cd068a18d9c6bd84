import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyUpdateMetadata } from '../../../.ci/verify-update-metadata.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'feed-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function feed(bytes: Buffer, described: Buffer): Promise<string> {
  await writeFile(join(dir, 'Scribe-Desktop-Setup-1.2.0.exe'), bytes);
  const sha512 = createHash('sha512').update(described).digest('base64');
  const yml = join(dir, 'latest.yml');
  await writeFile(
    yml,
    yaml.dump({
      version: '1.2.0',
      files: [{ url: 'Scribe-Desktop-Setup-1.2.0.exe', sha512, size: described.length }],
      path: 'Scribe-Desktop-Setup-1.2.0.exe',
      sha512,
    }),
  );
  return yml;
}

describe('verify-update-metadata', () => {
  it('passes when latest.yml describes the installer beside it', async () => {
    const bytes = Buffer.from('signed installer');
    expect(verifyUpdateMetadata(await feed(bytes, bytes))).toEqual([]);
  });

  it('fails when the installer changed after the metadata was written (e.g. signed late)', async () => {
    const problems = verifyUpdateMetadata(
      await feed(Buffer.from('signed installer!'), Buffer.from('unsigned')),
    );
    expect(problems).toEqual([
      'Scribe-Desktop-Setup-1.2.0.exe: sha512 differs from ' + join(dir, 'latest.yml'),
      'Scribe-Desktop-Setup-1.2.0.exe: size differs from ' + join(dir, 'latest.yml'),
    ]);
  });
});
