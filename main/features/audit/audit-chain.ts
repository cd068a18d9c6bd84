/**
 * The hash chain of the audit trail, pure: each record carries the SHA-256 of the record before it
 * (`prev`) and its own (`hash`, over its line without `hash`), so an edited, deleted, inserted or
 * reordered record breaks the chain at that record. Retention may remove whole old files; the log then
 * writes a `retention_applied` record naming the last removed record, so the kept chain still verifies
 * from its first record and a silently cut head does not.
 */
import { createHash } from 'node:crypto';
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

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The record that follows `tail`, as the line to append (no newline). `what` must already be parsed. */
export function chainRecord(
  tail: ChainTail,
  at: Date,
  who: AuditActor,
  what: AuditEvent,
  by: AuditSource,
): string {
  const body = { seq: tail.seq + 1, at: at.toISOString(), who, what, by, prev: tail.hash };
  const json = JSON.stringify(body);
  return `${json.slice(0, -1)},"hash":"${sha256(json)}"}`;
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
      broken: { file: string; line: number; seq: number | null; reason: string };
    };

/** The hash a record line should carry: over the line as written, without its `hash` field. */
function expectedHash(text: string): string | null {
  const match = /,"hash":"[0-9a-f]{64}"\}$/.exec(text);
  return match ? sha256(`${text.slice(0, match.index)}}`) : null;
}

/** A line parsed as a record, or why it is not one. */
export function parseRecord(text: string): { ok: true; record: AuditRecord } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'is not a JSON record' };
  }
  const parsed = AuditRecordSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'is not a valid audit record' };
  return { ok: true, record: parsed.data };
}

/**
 * Checks every line in order: each parses, its hash matches its content, its seq follows the one before
 * and its prev is that record's hash. The first record is seq 1 after GENESIS, or the first one kept after
 * a retention the log recorded. Returns the first broken record.
 */
export function verifyChain(lines: Iterable<AuditLine>): VerifyResult {
  let previous: AuditRecord | null = null;
  let first: { line: AuditLine; record: AuditRecord } | null = null;
  const anchors = new Map<number, string>();
  let records = 0;
  const broken = (at: AuditLine, seq: number | null, reason: string): VerifyResult => ({
    ok: false,
    records,
    broken: { file: at.file, line: at.line, seq, reason },
  });
  for (const line of lines) {
    const parsed = parseRecord(line.text);
    if (!parsed.ok) return broken(line, null, parsed.reason);
    const { record } = parsed;
    if (expectedHash(line.text) !== record.hash)
      return broken(line, record.seq, 'was changed after it was written (its hash does not match)');
    if (previous && (record.seq !== previous.seq + 1 || record.prev !== previous.hash))
      return broken(
        line,
        record.seq,
        `does not follow record ${previous.seq} (a record was removed, inserted or moved)`,
      );
    if (record.what.kind === 'retention_applied')
      anchors.set(record.what.removedThroughSeq, record.what.lastRemovedHash);
    first ??= { line, record };
    previous = record;
    records += 1;
  }
  if (!first) return { ok: true, records: 0, firstSeq: null };
  const start = first.record;
  const startsAtGenesis = start.seq === 1 && start.prev === GENESIS;
  if (!startsAtGenesis && anchors.get(start.seq - 1) !== start.prev)
    return broken(first.line, start.seq, 'is not the start of the trail (earlier records were removed)');
  return { ok: true, records, firstSeq: start.seq };
}
