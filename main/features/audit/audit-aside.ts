/**
 * Records kept apart: a writer without the installation's key (a CLI with no keychain) does not extend a
 * keyed trail, which would make verify fail from then on; it appends to ASIDE_FILE instead (same record
 * format, plain SHA-256, chained among themselves). The next writer that has the key (the app at start, a
 * CLI session with the keychain) merges them into the keyed chain: each becomes a keyed record with its
 * own `at`, `who`, `what` and `by`, marked `unkeyed: {seq, hash}` with its seq and hash in the side file.
 *
 * Nothing is lost if the process dies mid-merge: the merged records are written and flushed first, the side
 * file removed only then; a merge run again skips every kept record whose hash a merged record already
 * carries, so a merge cut short never duplicates one.
 */
import { lstat, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRecord } from './audit-events.ts';
import { chainRecord, hashMatches, parseRecord, type ChainKey, type ChainTail } from './audit-chain.ts';
import { syncDirectory } from '../../base/files/atomic-file.ts';

/** The side file, in the trail's folder. */
export const ASIDE_FILE = 'audit-unkeyed.jsonl';
/** The code onDidFail hears when a record was kept apart (written, but not in the keyed chain). */
export const KEPT_ASIDE = 'no_key_kept_aside';
/**
 * The code onDidFail hears when the side file held a line that is not an intact record: its intact records
 * were merged, and the file is set aside as `audit-unkeyed.rejected-<time>.jsonl` for IT to look at (never
 * merged again, so nothing is merged twice once retention has removed the merged copies).
 */
export const ASIDE_UNREADABLE = 'aside_unreadable_kept';
/**
 * The code onDidFail hears when the side file's writer cannot be shown to be this OS account (issue 32):
 * none of its records is merged, and it is set aside as REJECTED_ASIDE for IT to look at.
 */
export const ASIDE_WRITER_UNKNOWN = 'aside_writer_unknown';
/** How a side file with a line that is not intact is renamed once its intact records are merged. */
export const REJECTED_ASIDE = 'audit-unkeyed.rejected-*.jsonl';

/** The side file's text ('' when there is none). */
export async function asideText(dir: string): Promise<string> {
  return readFile(join(dir, ASIDE_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
}

/** The side file's lines, oldest first (none when there is no side file). */
export async function readAside(dir: string): Promise<string[]> {
  return asideLines(await asideText(dir));
}

/** The non-empty lines of the side file's text. */
export function asideLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

/**
 * The kept records that are intact (they parse, are unkeyed, and their hash is their content's), and how
 * many lines are not: a write torn by a crash, or an edit. Only intact ones are merged or vouch for a head
 * the collector holds.
 */
export function keptRecords(lines: readonly string[]): { records: AuditRecord[]; unreadable: number } {
  const records: AuditRecord[] = [];
  for (const line of lines) {
    const parsed = parseRecord(line);
    if (parsed.ok && !parsed.record.mac && hashMatches(line, parsed.record, null))
      records.push(parsed.record);
  }
  return { records, unreadable: lines.length - records.length };
}

/** The side-file hashes of the records already merged into the trail (their `unkeyed.hash`). */
export function mergedHashes(trail: Iterable<string>): Set<string> {
  const hashes = new Set<string>();
  for (const line of trail) {
    if (!line.includes('"unkeyed":')) continue;
    const parsed = parseRecord(line);
    if (parsed.ok && parsed.record.unkeyed) hashes.add(parsed.record.unkeyed.hash);
  }
  return hashes;
}

/** The keyed lines that merge `kept` after `tail`, in order, leaving out those in `merged`. */
export function mergeLines(
  kept: readonly AuditRecord[],
  merged: ReadonlySet<string>,
  tail: ChainTail,
  key: NonNullable<ChainKey>,
): string[] {
  const lines: string[] = [];
  let after = tail;
  for (const record of kept) {
    if (merged.has(record.hash)) continue;
    const line = chainRecord(after, new Date(record.at), record.who, record.what, record.by, key, record);
    lines.push(line);
    after = { seq: after.seq + 1, hash: (JSON.parse(line) as { hash: string }).hash };
  }
  return lines;
}

/**
 * Sets the side file aside, merging none of it, when its writer cannot be shown to be this account: a
 * record there is unkeyed, so anyone who can write the folder could plant one with any `who` and time.
 * Shown on Linux and macOS by the file itself: a regular file owned by this account that no one else may
 * write (the app creates it 0600). Windows keeps no such owner in `stat`: there it is not checked.
 */
export async function refuseUnknownWriter(dir: string, now: Date): Promise<boolean> {
  if (process.platform === 'win32' || !process.getuid) return false;
  const info = await lstat(join(dir, ASIDE_FILE));
  if (info.isFile() && info.uid === process.getuid() && (info.mode & 0o022) === 0) return false;
  await rejectAside(dir, now);
  return true;
}

/** Removes the side file once every record in it is in the keyed chain, durably. */
export async function removeAside(dir: string): Promise<void> {
  await rm(join(dir, ASIDE_FILE), { force: true });
  await syncDirectory(dir);
}

/** Sets aside a side file that holds a line that is not intact (its intact records merged), durably. */
export async function rejectAside(dir: string, now: Date): Promise<void> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  await rename(join(dir, ASIDE_FILE), join(dir, REJECTED_ASIDE.replace('*', stamp)));
  await syncDirectory(dir);
}
