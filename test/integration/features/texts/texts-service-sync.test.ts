/**
 * The Texts kept in the service's dot phrases, over loopback against the local service: two computers of
 * one clinician see each other's Texts, edits and deletions; IT's 250 Texts go in batches of 100 and follow
 * its file; on a shared computer each clinician keeps their own; what the service refuses stays here.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { coreApiFrom } from '../../../../main/features/connection/core-adapter.ts';
import { phraseStoreOf } from '../../../../main/compose/compose-texts.ts';
import { createTextsFeature, type PhraseStore } from '../../../../main/features/texts/texts-feature.ts';
import { startHarness, type Harness } from '../../core/api/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const textsFile = (texts: { name: string; content: string }[]) => JSON.stringify({ version: 1, texts });
const mine = async (dir: string) =>
  (JSON.parse(await readFile(join(dir, 'texts.json'), 'utf8')) as { texts: { name: string }[] }).texts;

/** A computer: its data folder, and the Texts feature signed in as `store`'s clinician. */
async function computer(store: PhraseStore, account: string, organizationFile?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'texts-sync-'));
  const texts = createTextsFeature({
    dataDir: dir,
    organizationFile: () => organizationFile,
    phrases: () => ({ account, store }),
  }).service;
  return { dir, texts };
}

it('keeps a clinician’s Texts and IT’s in the service, across two computers', async () => {
  const store = phraseStoreOf(coreApiFrom(await h.userCore('texts-sync-clinician')).dotPhrases());
  const org = join(await mkdtemp(join(tmpdir(), 'texts-org-')), 'org.json');
  const itTexts = Array.from({ length: 250 }, (_, i) => ({ name: `org text ${i}`, content: `IT ${i}.` }));
  await writeFile(org, textsFile(itTexts));
  const a = await computer(store, 'service|clinician', org);
  await writeFile(
    join(a.dir, 'texts.json'),
    textsFile([
      { name: 'normal knee', content: 'Knee: [left|right].' },
      { name: 'plan', content: 'Follow up [in two weeks].' },
    ]),
  );
  const created = h.count('/dot-phrases/bulk-create', 'POST');
  expect(await a.texts.sync()).toBe(true);
  const held = await store.list();
  expect(held.filter((p) => p.trigger.startsWith('org:'))).toHaveLength(250);
  expect(held.map((p) => p.trigger)).toEqual(expect.arrayContaining(['normal_knee', 'plan']));
  expect(h.count('/dot-phrases/bulk-create', 'POST') - created).toBe(3); // 252 phrases: 100, 100, 52

  // The clinician's second computer (without IT's policy): their own Texts come, IT's stay as they are.
  const b = await computer(store, 'service|clinician');
  expect(await b.texts.sync()).toBe(true);
  expect((await store.list()).filter((p) => p.trigger.startsWith('org:'))).toHaveLength(250);
  expect(await b.texts.library()).toEqual([
    { name: 'normal knee', content: 'Knee: [left|right].', origin: 'user' },
    { name: 'plan', content: 'Follow up [in two weeks].', origin: 'user' },
  ]);

  // An edit and a new Text there reach the first computer; a deletion here reaches the second.
  await b.texts.edit((texts) => [
    ...texts.map((t) => (t.name === 'plan' ? { ...t, content: 'Follow up in a month.' } : t)),
    { name: 'hip exam', content: 'Hip: [normal].' },
  ]);
  expect(await b.texts.sync()).toBe(true);
  expect(await a.texts.sync()).toBe(true);
  expect((await mine(a.dir)).map((t) => t.name)).toEqual(['normal knee', 'plan', 'hip exam']);
  expect((await a.texts.library()).find((t) => t.name === 'plan')?.content).toBe('Follow up in a month.');
  await a.texts.edit((texts) => texts.filter((t) => t.name !== 'normal knee'));
  expect(await a.texts.sync()).toBe(true);
  expect(await b.texts.sync()).toBe(true);
  expect((await mine(b.dir)).map((t) => t.name)).toEqual(['plan', 'hip exam']);

  // IT drops 100 of its Texts: they leave the service in one bulk request.
  const deleted = h.count('/dot-phrases/bulk-delete', 'POST');
  await writeFile(org, textsFile(itTexts.slice(100)));
  expect(await a.texts.sync()).toBe(true);
  expect((await store.list()).filter((p) => p.trigger.startsWith('org:'))).toHaveLength(150);
  expect(h.count('/dot-phrases/bulk-delete', 'POST') - deleted).toBe(1);
});

it('on a shared computer, each clinician keeps their own Texts: another’s never reach their account', async () => {
  const storeA = phraseStoreOf(coreApiFrom(await h.userCore('texts-shared-a')).dotPhrases());
  const storeB = phraseStoreOf(coreApiFrom(await h.userCore('texts-shared-b')).dotPhrases());
  await storeB.bulkCreate([{ trigger: 'b_text', content: 'B.' }]);
  const dir = await mkdtemp(join(tmpdir(), 'texts-shared-'));
  await writeFile(join(dir, 'texts.json'), textsFile([{ name: 'knee', content: 'Knee.' }]));
  const as = (account: string, store: PhraseStore) =>
    createTextsFeature({ dataDir: dir, phrases: () => ({ account, store }) }).service;
  expect(await as('service|a', storeA).sync()).toBe(true); // Texts no one synced yet: the first one's
  expect((await storeA.list()).map((p) => p.trigger)).toEqual(['knee']);
  expect(await as('service|b', storeB).sync()).toBe(true);
  expect((await storeB.list()).map((p) => p.trigger)).toEqual(['b_text']);
  expect((await mine(dir)).map((t) => t.name)).toEqual(['b text']);
  expect(await as('service|a', storeA).sync()).toBe(true);
  expect((await mine(dir)).map((t) => t.name)).toEqual(['knee']);
  expect(await createTextsFeature({ dataDir: dir, phrases: () => null }).service.sync()).toBe(false);
});

it('keeps a Text the service refuses on this computer, and sends the rest', async () => {
  const store = phraseStoreOf(coreApiFrom(await h.userCore('texts-refused')).dotPhrases());
  const a = await computer(store, 'service|refused');
  const texts = [
    { name: 'long', content: 'x'.repeat(10_001) }, // over what the local service takes
    { name: 'short', content: 'Short.' },
  ];
  await writeFile(join(a.dir, 'texts.json'), textsFile(texts));
  expect(await a.texts.sync()).toBe(true);
  expect((await store.list()).map((p) => p.trigger)).toEqual(['short']);
  expect((await mine(a.dir)).map((t) => t.name)).toEqual(['long', 'short']);
});
