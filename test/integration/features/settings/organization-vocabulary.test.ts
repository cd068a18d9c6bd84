/**
 * IT's vocabulary list reaching a clinician's dictation text replacements, over loopback against the local
 * service: created at the Settings screen's list and marked as the organization's, refused to the
 * clinician's changes, updated and taken away as IT's file changes; the clinician's own never touched.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { fixedConfig } from '../../../../main/core/config/live-config.ts';
import { coreApiFrom } from '../../../../main/features/connection/core-adapter.ts';
import type { CoreApi } from '../../../../main/features/connection/ports.ts';
import { createSettingsFeature } from '../../../../main/features/settings/settings-feature.ts';
import { startHarness, type Harness } from '../../core/api/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const ctx = { channel: 'test' };
const NO_AUDIO = { list: async () => [], open: () => Promise.reject(new Error('no audio')) as never };

/** The settings feature signed in as one clinician, IT's vocabulary list at `file`. */
function settingsFor(core: CoreApi, file: string, dataDir: string) {
  return createSettingsFeature({
    core: { require: () => core, current: () => core },
    audio: NO_AUDIO,
    emit: () => undefined,
    preferences: { get: () => ({}) as never, update: () => ({}) as never },
    live: fixedConfig({ config: configSchema.parse({ dictationVocabularyFile: file }), locked: [] }),
    dataDir,
    account: () => 'service|vocabulary-clinician',
  });
}

it('keeps IT’s words in the clinician’s replacements, marked, locked, and following its file', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'vocabulary-'));
  const file = join(dataDir, 'vocabulary.txt');
  await writeFile(file, 'Lisinopril\\lie sin oh pril\nBID\\b i d\nwarfarin\n');
  const core = coreApiFrom(await h.userCore('vocabulary-clinician'));
  await core.textReplacements().save({ id: null, spoken: 'my clinic', written: 'Northside Clinic' });
  await core.textReplacements().save({ id: null, spoken: 'b i d', written: 'twice a day' }); // IT's too
  const { handlers } = settingsFor(core, file, dataDir);
  const listed = async () => {
    const result = await handlers['replacements:list']({}, ctx);
    if (!result.ok) throw new Error(result.error.code);
    return result.data.items.map((r) => `${r.organization ? 'org' : 'own'}:${r.spoken}=${r.written}`).sort();
  };
  expect(await listed()).toEqual([
    'org:b i d=BID',
    'org:lie sin oh pril=Lisinopril',
    'own:my clinic=Northside Clinic',
  ]);
  const items = (await core.textReplacements().list()).filter((r) => r.spoken === 'b i d');
  const refused = await handlers['replacements:save'](
    { id: items[0]!.id, spoken: 'b i d', written: 'x' },
    ctx,
  );
  expect(refused).toMatchObject({ ok: false, error: { code: 'policy_locked' } });
  const added = await handlers['replacements:save']({ id: null, spoken: 'B I D', written: 'twice' }, ctx);
  expect(added).toMatchObject({ ok: false, error: { code: 'policy_locked' } });
  expect(await handlers['replacements:delete']({ id: items[0]!.id }, ctx)).toMatchObject({ ok: false });

  // IT writes one word otherwise and drops the other: the service follows; the clinician's own stays, and the
  // one IT's word took over is given back as the clinician had it.
  await writeFile(file, 'Lisinopril (Zestril)\\lie sin oh pril\n');
  expect(await listed()).toEqual([
    'org:lie sin oh pril=Lisinopril (Zestril)',
    'own:b i d=twice a day',
    'own:my clinic=Northside Clinic',
  ]);

  // A file that is not a list (here, no said column): the clinician's replacements still list.
  const bad = join(dataDir, 'bad.csv');
  await writeFile(bad, 'name,content\nx,y\n');
  const broken = settingsFor(core, bad, dataDir).handlers;
  const result = await broken['replacements:list']({}, ctx);
  expect(result.ok && result.data.items.map((r) => r.organization)).toEqual([false, false, false]);
});
