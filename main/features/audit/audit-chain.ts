/**
 * The hash chain of the audit trail, pure: each record carries the hash of the record before it (`prev`)
 * and its own (`hash`, over its line without `hash`), so an edited, deleted, inserted or reordered record
 * breaks the chain at that record. Retention may remove whole old files; the log then writes a
 * `retention_applied` record naming the last removed record, so the kept chain still verifies from its
 * first record and a silently cut head does not.
 *
 * The hash is keyed: an HMAC-SHA256 with the installation's secret from the keychain (audit-key.ts), marked
 * `"mac":"hmac-sha256"` on the record, so a chain forged from scratch without the key does not verify. Records
 * written before the key existed (plain SHA-256, no `mac`) verify only as the trail's oldest part: once a
 * keyed record appears, every later one must be keyed, and with a key the newest record must be.
 */
import { createHash, createHmac } from 'node:crypto';
import type { AuditBreak } from '../../../preload/contract/audit-codes.ts';
import {
  AuditRecordSchema,
  type AuditActor,
  type AuditEvent,
  type AuditRecord,
  type AuditSource,
} from './audit-events.ts';

/** The `prev` of the very first record. */
const GENESIS = '0'.repeat(64);

/** The chain's end after which a record is appended. */
export interface ChainTail {
  readonly seq: number;
  readonly hash: string;
}

/** The tail of an empty log. */
export const EMPTY_TAIL: ChainTail = { seq: 0, hash: GENESIS };

/** The installation's secret the chain is keyed with; null where the keychain cannot give it. */
export type ChainKey = Buffer | null;

/** The hash of a record's text: keyed (HMAC-SHA256) when there is a key, plain SHA-256 for old records. */
function digest(text: string, key: ChainKey): string {
  return key
    ? createHmac('sha256', key).update(text, 'utf8').digest('hex')
    : createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The record that follows `tail`, as the line to append (no newline). `what` must already be parsed.
 * `unkeyed`: the seq and hash of the record kept apart without the key that this one merges.
 */
export function chainRecord(
  tail: ChainTail,
  at: Date,
  who: AuditActor,
  what: AuditEvent,
  by: AuditSource,
  key: ChainKey = null,
  unkeyed?: ChainTail,
): string {
  const mac = key ? { mac: 'hmac-sha256' as const } : {};
  const merged = unkeyed ? { unkeyed: { seq: unkeyed.seq, hash: unkeyed.hash } } : {};
  const body = { seq: tail.seq + 1, at: at.toISOString(), who, what, by, ...mac, ...merged, prev: tail.hash };
  const json = JSON.stringify(body);
  return `${json.slice(0, -1)},"hash":"${digest(json, key)}"}`;
}

/** One line read back, with where it was. */
export interface AuditLine {
  readonly file: string;
  /** 1-based line number in its file. */
  readonly line: number;
  readonly text: string;
}

/** The outcome of verifying the chain. */
export type VerifyResult =
  | { ok: true; records: number; firstSeq: number | null }
  | {
      ok: false;
      records: number;
      /** `reason` as a code (words by locale); `after`: the record an out-of-order one should follow. */
      broken: { file: string; line: number; seq: number | null; reason: AuditBreak; after?: number };
    }
  | {
      ok: false;
      records: number;
      /**
       * The first keyed record, which cannot be checked without the installation's key (another account,
       * a locked or absent keychain): nothing is known to be broken, so this is never told as a break.
       */
      keyUnreadable: { file: string; line: number; seq: number };
    };

/** The hash a record line should carry: over the line as written, without its `hash` field. */
function expectedHash(text: string, key: ChainKey): string | null {
  const match = /,"hash":"[0-9a-f]{64}"\}$/.exec(text);
  return match ? digest(`${text.slice(0, match.index)}}`, key) : null;
}

/** Whether a record's hash is the one its line should carry (keyed with `key` where the record says so). */
export function hashMatches(text: string, record: AuditRecord, key: ChainKey): boolean {
  return expectedHash(text, record.mac ? key : null) === record.hash;
}

/** A line parsed as a record, or why it is not one. */
export function parseRecord(
  text: string,
): { ok: true; record: AuditRecord } | { ok: false; reason: AuditBreak } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not_json' };
  }
  const parsed = AuditRecordSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'not_record' };
  return { ok: true, record: parsed.data };
}

/** Why a record's key does not fit, or null: keyed records need the key; after one, all must be keyed. */
function keyProblem(record: AuditRecord, keyedBefore: boolean): AuditBreak | null {
  if (!record.mac && keyedBefore) return 'not_keyed'; // forged, or written without the keychain
  return null;
}

/** Why a record does not fit its line and the record before it, or null. */
function recordProblem(
  text: string,
  record: AuditRecord,
  previous: AuditRecord | null,
  key: ChainKey,
): AuditBreak | null {
  const problem = keyProblem(record, previous?.mac !== undefined);
  if (problem) return problem;
  if (!hashMatches(text, record, key)) return 'changed';
  // A record was removed, inserted or moved.
  if (previous && (record.seq !== previous.seq + 1 || record.prev !== previous.hash)) return 'out_of_order';
  return null;
}

/**
 * Checks every line in order: each parses, its hash matches its content (keyed with `key` where the record
 * says so), its seq follows the one before and its prev is that record's hash. The first record is seq 1
 * after GENESIS, or the first one kept after a retention the log recorded. With a key, the newest record
 * must be signed with it. Returns the first broken record.
 */
export function verifyChain(lines: Iterable<AuditLine>, key: ChainKey = null): VerifyResult {
  let previous: AuditRecord | null = null;
  let last: AuditLine | null = null;
  let first: { line: AuditLine; record: AuditRecord } | null = null;
  const anchors = new Map<number, string>();
  let records = 0;
  const broken = (at: AuditLine, seq: number | null, reason: AuditBreak): VerifyResult => ({
    ok: false,
    records,
    broken: {
      file: at.file,
      line: at.line,
      seq,
      reason,
      ...(reason === 'out_of_order' && previous ? { after: previous.seq } : {}),
    },
  });
  for (const line of lines) {
    const parsed = parseRecord(line.text);
    if (!parsed.ok) return broken(line, null, parsed.reason);
    const { record } = parsed;
    // A keyed record without the key: not checkable here (verify as the account that wrote it).
    if (record.mac && !key)
      return { ok: false, records, keyUnreadable: { file: line.file, line: line.line, seq: record.seq } };
    const problem = recordProblem(line.text, record, previous, key);
    if (problem) return broken(line, record.seq, problem);
    if (record.what.kind === 'retention_applied')
      anchors.set(record.what.removedThroughSeq, record.what.lastRemovedHash);
    first ??= { line, record };
    previous = record;
    last = line;
    records += 1;
  }
  if (!first) return { ok: true, records: 0, firstSeq: null };
  // The newest record unsigned while a key exists: a trail forged from scratch?
  if (key && !previous?.mac) return broken(last!, previous!.seq, 'newest_not_keyed');
  const start = first.record;
  const startsAtGenesis = start.seq === 1 && start.prev === GENESIS;
  if (!startsAtGenesis && anchors.get(start.seq - 1) !== start.prev)
    return broken(first.line, start.seq, 'not_start'); // earlier records were removed
  return { ok: true, records, firstSeq: start.seq };
}
