/**
 * The Texts feature as dictation reads it: the clinician's file with the organization's (IT's policy file,
 * here a Dragon export as IT would leave it) laid over it, at once from the last read; an unreadable file
 * counts as none and is said.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextsFeature } from '../../../../main/features/texts/texts-feature.ts';

const ORG = `<MyCommands version="2.0"><Commands type="global">
<Command name="Normal knee" group="Org"><contents type="TEXT">Org knee: [left|right].</contents></Command>
</Commands></MyCommands>`;

describe('the Texts feature', () => {
  it('merges the organization’s Texts over the clinician’s, and gives the last read at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'texts-feature-'));
    await writeFile(join(dir, 'org.xml'), ORG);
    const org: { file?: string } = {};
    const texts = createTextsFeature({ dataDir: dir, organizationFile: () => org.file }).service;
    await writeFile(
      join(dir, 'texts.json'),
      JSON.stringify({
        version: 1,
        texts: [
          { name: 'normal knee', content: 'Mine.' },
          { name: 'plan', content: 'Follow up.' },
        ],
      }),
    );
    expect(texts.current()).toEqual([]);
    await expect.poll(() => texts.current().map((t) => t.content)).toEqual(['Mine.', 'Follow up.']);
    org.file = join(dir, 'org.xml');
    await expect
      .poll(() => texts.current())
      .toEqual([
        { name: 'Normal knee', content: 'Org knee: [left|right].', origin: 'organization' },
        { name: 'plan', content: 'Follow up.', origin: 'user' },
      ]);
  });

  it('counts an unreadable file as none, and says which', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'texts-feature-'));
    await writeFile(join(dir, 'texts.json'), '{"version": 2}');
    const problems: string[] = [];
    const texts = createTextsFeature({
      dataDir: dir,
      organizationFile: () => join(dir, 'missing.csv'),
    }).service;
    expect(await texts.library((which) => problems.push(which))).toEqual([]);
    expect(problems.sort()).toEqual(['organization', 'user']);
  });
});
