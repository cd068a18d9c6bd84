/**
 * The Texts feature as dictation reads it: the clinician's file with the organization's (IT's policy file,
 * here a Dragon export as IT would leave it) laid over it, at once from the last read; an unreadable file
 * counts as none and is said.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  afterEach(() => vi.useRealTimers());

  it('syncs with the service at a dictation’s start when ten minutes have passed, signed in only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const dir = await mkdtemp(join(tmpdir(), 'texts-feature-'));
    const lists: number[] = [];
    const store = {
      list: async () => (lists.push(Date.now()), []),
      bulkCreate: async () => undefined,
      bulkUpdate: async () => undefined,
      bulkDelete: async () => undefined,
    };
    let signedIn = false;
    const texts = createTextsFeature({
      dataDir: dir,
      phrases: () => (signedIn ? { account: 'a', store } : null),
    }).service;
    texts.current();
    signedIn = true;
    texts.current();
    await expect.poll(() => lists.length).toBe(1);
    await texts.sync(); // asked (the Texts page): at once, whenever the last one was
    texts.current(); // within ten minutes of the last: not again
    await texts.sync(); // asked again, after anything the line above could have started
    vi.setSystemTime(Date.now() + 10 * 60_000);
    texts.current(); // due
    await expect.poll(() => lists.length).toBe(4);
    await texts.sync();
    // Three before the ten minutes (the first and the two asked), two after (the one due, the one asked).
    expect(lists.map((at) => at - lists[0]! >= 600_000)).toEqual([false, false, false, true, true]);
  });
});
