/**
 * Checks that an update feed file electron-builder wrote (latest.yml, latest-mac.yml, latest-linux.yml,
 * beta*.yml) describes the files beside it as they are now: electron-updater refuses a download whose
 * sha512 or size differs, so a file changed after the metadata was written (signed or notarized late, for
 * instance) would never install. Usage: npx tsx .ci/verify-update-metadata.ts release/latest.yml
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import yaml from 'js-yaml';

interface FeedFile {
  url: string;
  sha512: string;
  size?: number;
}

/** The problems found: one line each, none when every file matches. */
export function verifyUpdateMetadata(ymlPath: string): string[] {
  const info = yaml.load(readFileSync(ymlPath, 'utf8')) as { version?: string; files?: FeedFile[] };
  if (!info.version) return [`${ymlPath}: no version`];
  if (!info.files?.length) return [`${ymlPath}: no files`];
  const problems: string[] = [];
  for (const file of info.files) {
    const path = join(dirname(ymlPath), decodeURIComponent(file.url));
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      problems.push(`${file.url}: missing beside ${ymlPath}`);
      continue;
    }
    const sha512 = createHash('sha512').update(bytes).digest('base64');
    if (sha512 !== file.sha512) problems.push(`${file.url}: sha512 differs from ${ymlPath}`);
    if (file.size !== undefined && file.size !== statSync(path).size)
      problems.push(`${file.url}: size differs from ${ymlPath}`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const yml = process.argv[2];
  if (!yml) {
    process.stderr.write('usage: tsx .ci/verify-update-metadata.ts <release/latest.yml>\n');
    process.exit(2);
  }
  const problems = verifyUpdateMetadata(resolve(yml));
  for (const problem of problems) process.stderr.write(`verify-update-metadata: ${problem}\n`);
  if (problems.length === 0) process.stdout.write(`verify-update-metadata: ${yml} matches its files\n`);
  process.exit(problems.length === 0 ? 0 : 1);
}
