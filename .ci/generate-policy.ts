/**
 * `npm run policy:generate`: writes the ADMX/ADML templates, the sample .mobileconfig and policy.json, and
 * the README's policy reference from the one schema (main/core/config/policy-keys.ts). Run it after changing a
 * key and commit what it wrote.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ARTIFACT_PATHS, renderArtifacts, renderReadme } from '../main/core/config/policy-artifacts.ts';

const repo = path.resolve(import.meta.dirname, '..');
for (const [file, text] of Object.entries(await renderArtifacts())) {
  await writeFile(path.join(repo, file), text);
  console.log(`wrote ${file}`);
}
const readme = path.join(repo, ARTIFACT_PATHS.readme);
await writeFile(readme, await renderReadme(await readFile(readme, 'utf8')));
console.log(`wrote ${ARTIFACT_PATHS.readme} (policy reference)`);
