/**
 * `npm run policy:generate`: writes the ADMX/ADML templates, the sample .mobileconfig and policy.json, and
 * the policy reference (docs/policy-reference.md) from the one schema (main/core/config/policy-keys.ts). Run
 * it after changing a key and commit what it wrote.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderArtifacts } from '../main/core/config/policy-artifacts.ts';

const repo = path.resolve(import.meta.dirname, '..');
for (const [file, text] of Object.entries(await renderArtifacts())) {
  await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
  await writeFile(path.join(repo, file), text);
  console.log(`wrote ${file}`);
}
