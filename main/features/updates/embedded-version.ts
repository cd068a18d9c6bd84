/**
 * The version a downloaded installer says it is, against what the feed announced and what is running: a
 * feed that lies about its version (latest.yml says 9.9.9, the installer is 0.0.1) cannot downgrade us.
 * Windows only: the NSIS installer's version resource (pe-version.ts). An AppImage's version lives in its
 * squashfs (the .desktop file's X-AppImage-Version), which plain Node cannot read without a squashfs reader,
 * and electron-builder writes no signature into its `.sha256_sig` section: see docs/it-guide.md.
 */
import { readPeVersion } from './pe-version.ts';

/** Why an installer was refused: codes only (versions are not patient data). */
type EmbeddedVersionRefusal =
  'embedded_version_unreadable' | 'embedded_version_mismatch' | 'embedded_version_not_newer';

/** What was refused, for the audit trail. */
export interface EmbeddedVersionVerdict {
  readonly refusal: EmbeddedVersionRefusal;
  /** Null when the download came without a check announcing it. */
  readonly announced: string | null;
  readonly embedded: string | null;
}

/** Null when the installer's own version is the announced one and newer than the running one. */
export function checkEmbeddedVersion(
  installer: Buffer,
  announced: string,
  running: string,
): EmbeddedVersionVerdict | null {
  const read = readPeVersion(installer);
  // Only a version-shaped string is kept (it goes to the audit trail); anything else is unreadable.
  const embedded = read && /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]{1,40})?$/.test(read) ? read : null;
  const verdict = (refusal: EmbeddedVersionRefusal) => ({ refusal, announced, embedded });
  if (embedded === null) return verdict('embedded_version_unreadable');
  if (compareVersions(embedded, announced) !== 0) return verdict('embedded_version_mismatch');
  if (compareVersions(embedded, running) <= 0) return verdict('embedded_version_not_newer');
  return null;
}

/** Semantic-version order (build metadata ignored; a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = split(a);
  const [coreB, preB] = split(b);
  for (let i = 0; i < 3; i++) {
    const diff = (coreA[i] ?? 0) - (coreB[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (preA === preB) return 0;
  if (preA === '') return 1;
  if (preB === '') return -1;
  const partsA = preA.split('.');
  const partsB = preB.split('.');
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const x = partsA[i];
    const y = partsB[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const diff = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

function split(version: string): [number[], string] {
  const [main = '', ...pre] = version.trim().replace(/^v/, '').split('+')[0]!.split('-');
  return [main.split('.').map((part) => Number(part) || 0), pre.join('-')];
}
