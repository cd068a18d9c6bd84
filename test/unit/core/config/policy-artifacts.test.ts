/**
 * IT's deployment files are generated from the one schema (main/core/config/policy-keys.ts) by
 * `npm run policy:generate`: the committed ADMX/ADML, sample .mobileconfig, sample policy.json and the
 * policy reference (docs/policy-reference.md) must be exactly what it renders now, so they cannot drift
 * from the schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, KEY_INFO } from '../../../../main/core/config/config-schema.ts';
import { ARTIFACT_PATHS, renderArtifacts } from '../../../../main/core/config/policy-artifacts.ts';

const repo = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');
const STALE = 'stale: run `npm run policy:generate` and commit the result';

describe('generated policy artifacts', () => {
  it('the committed templates and samples are what the schema renders', async () => {
    for (const [file, text] of Object.entries(await renderArtifacts()))
      expect(read(file), `${file} ${STALE}`).toBe(text);
  });

  it('the policy reference is what the schema renders, one row per key', async () => {
    const reference = read(ARTIFACT_PATHS.reference);
    const rendered = (await renderArtifacts())[ARTIFACT_PATHS.reference];
    expect(reference, `${ARTIFACT_PATHS.reference} ${STALE}`).toBe(rendered);
    for (const key of CONFIG_KEYS) expect(reference, key).toContain(`| \`${key}\``);
  });

  it('the README no longer carries a copy of the table (one reference, in docs/)', () => {
    expect(read('README.md')).not.toContain('| key | value | default |');
    expect(read('README.md')).not.toMatch(/^\| `serviceUrl` +\| text/m);
  });

  it('the Windows help says each default as IT would type it: never "[object Object]" or nothing', () => {
    const adml = read(ARTIFACT_PATHS.adml);
    expect(adml).not.toContain('[object Object]');
    expect(adml).not.toMatch(/Not configured: \./);
    expect(adml).toMatch(
      /Not configured: no changes to the defaults\. \(Registry value dictationMicButtonsInBox\.\)/,
    );
    expect(adml).toMatch(/Not configured: none\. \(Registry value dictationAppRules\.\)/);
  });

  it('the Windows template offers every key a policy may set', () => {
    const admx = read(ARTIFACT_PATHS.admx);
    const policyKeys = CONFIG_KEYS.filter((k) => !KEY_INFO[k].deniedLayers?.includes('policy'));
    for (const key of policyKeys) expect(admx, key).toContain(`valueName="${key}"`);
  });
});
