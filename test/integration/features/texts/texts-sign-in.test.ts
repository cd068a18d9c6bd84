/**
 * The app's wiring (the composition root under Node, dictation on the preview's box-only platform): a
 * clinician's sign-in brings their Texts into their dot phrases in the service, and IT's vocabulary list
 * into their replacements; server credentials that act as no clinician never touch either.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { previewDictationPlatform } from '../../../../main/shells/preview/preview-dictation.ts';
import { AppsUnderTest, ctx, data, resolveConfig } from '../../app-under-test.ts';
import { startHarness, type Harness } from '../../core/api/harness.ts';

let h: Harness;
const apps = new AppsUnderTest();
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await apps.close();
  await h?.close();
});

/** The app on `dataDir`, signed in with the organization's key file (as `userExternalId`, when given). */
async function signedIn(dataDir: string, userExternalId?: string) {
  const keyFile = join(dataDir, 'org-key.pem');
  await writeFile(keyFile, h.staticPem, { mode: 0o600 });
  const config = await resolveConfig(dataDir, {
    SCRIBE_POLICY_FILE: join(dataDir, 'no-policy.json'),
    SCRIBE_SERVICE_URL: h.service.url,
    SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
    SCRIBE_PRIVATE_KEY_FILE: keyFile,
    SCRIBE_DICTATION_VOCABULARY_FILE: join(dataDir, 'vocabulary.csv'),
    ...(userExternalId ? { SCRIBE_USER_EXTERNAL_ID: userExternalId } : {}),
  });
  const app = await apps.start({ ...config, dataDir, dictation: previewDictationPlatform() });
  data(await app.handlers['connect:check']({}, ctx));
  return app;
}

it('keeps the Texts and IT’s words in the signed-in clinician’s account, never a server caller’s', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'scribe-texts-'));
  const texts = { version: 1, texts: [{ name: 'normal knee', content: 'Knee: [left|right].' }] };
  await writeFile(join(dataDir, 'texts.json'), JSON.stringify(texts));
  await writeFile(join(dataDir, 'vocabulary.csv'), 'said,written\nlie sin oh pril,Lisinopril\n');
  const before = h.count('/dot-phrases') + h.count('/dictation-text-replacements');
  const server = await signedIn(dataDir);
  expect(data(await server.handlers['texts:list']({}, ctx)).texts).toHaveLength(1);
  expect(h.count('/dot-phrases') + h.count('/dictation-text-replacements')).toBe(before);

  await signedIn(dataDir, 'dr-texts');
  const core = await h.userCore('dr-texts');
  await expect
    .poll(async () => (await core.dotPhrases.list()).map((p) => p.trigger))
    .toEqual(['normal_knee']);
  await expect
    .poll(async () => (await core.textReplacements.list()).map((r) => r.replacement_text))
    .toEqual(['Lisinopril']);
});
