/** The Texts page's channels: the organization's Texts marked and never replaced, the clinician's saved in place. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createTextsFeature } from '../../../../main/features/texts/texts-feature.ts';

it('lists, saves, renames and deletes the clinician’s Texts; an organization name is refused', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'texts-handlers-'));
  const organization = join(dataDir, 'org.json');
  await writeFile(
    organization,
    JSON.stringify({ version: 1, texts: [{ name: 'Normal exam', content: 'org' }] }),
  );
  const { handlers } = createTextsFeature({ dataDir, organizationFile: () => organization });
  const names = (r: { ok: boolean; data?: { texts: { name: string; origin: string }[] } }) =>
    r.data?.texts.map((t) => `${t.origin}:${t.name}`);

  expect(names(await handlers['texts:list']({}, { channel: 'texts:list' }))).toEqual([
    'organization:Normal exam',
  ]);
  expect(
    await handlers['texts:save']({ name: 'normal  exam.', content: 'mine' }, { channel: 'texts:save' }),
  ).toMatchObject({
    ok: false,
    error: { code: 'invalid_request' },
  });
  await handlers['texts:save']({ name: 'knee', content: 'a' }, { channel: 'texts:save' });
  await handlers['texts:save']({ name: 'hip', content: 'b' }, { channel: 'texts:save' });
  const renamed = await handlers['texts:save'](
    { name: 'knee plan', content: 'c', replacing: 'knee' },
    { channel: 'texts:save' },
  );
  expect(names(renamed)).toEqual(['organization:Normal exam', 'user:knee plan', 'user:hip']);
  expect(names(await handlers['texts:delete']({ name: 'HIP' }, { channel: 'texts:delete' }))).toEqual([
    'organization:Normal exam',
    'user:knee plan',
  ]);
  const none = createTextsFeature(null).handlers;
  expect(names(await none['texts:list']({}, { channel: 'texts:list' }))).toEqual([]);
  expect((await none['texts:save']({ name: 'x', content: 'y' }, { channel: 'texts:save' })).ok).toBe(false);
});
