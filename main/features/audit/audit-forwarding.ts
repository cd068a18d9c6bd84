/**
 * The trail as it leaves the machine: each record, as it is written, goes to the OS log IT collects
 * (syslog, the Windows Event Log, the macOS unified log; see syslog-transport.ts and os-log.ts). The
 * record carries its `seq` and `hash`, i.e. the chain's head at that moment, so the collector holds the
 * head: a trail later cut short on the machine, or rebuilt from scratch, no longer reaches the last head
 * the collector has (`scribe audit verify --collected FILE`).
 *
 * The record is forwarded as written: ids, codes and key names only (audit-events.ts), never patient data.
 */
import type { AuditRecord } from './audit-events.ts';

/** Where the records go as they are written. Never throws into the caller; losses show at the collector. */
export interface AuditForwarder {
  forward(record: AuditRecord, line: string): void;
  /** Sends what is queued (a bounded wait), then closes. */
  close(): Promise<void>;
}

/** Forwards to several at once. */
export function forwardToAll(forwarders: readonly AuditForwarder[]): AuditForwarder | undefined {
  if (forwarders.length === 0) return undefined;
  return {
    forward: (record, line) => forwarders.forEach((f) => f.forward(record, line)),
    close: async () => void (await Promise.all(forwarders.map((f) => f.close()))),
  };
}

/** RFC 5424's structured-data id for our records (32473 is the documentation enterprise number). */
const SD_ID = 'scribe-audit@32473';
/** Facility 13 (log audit), severity 5 (notice). */
const PRI = 13 * 8 + 5;

/** A name as RFC 5424 takes it in a header field: printable ASCII without spaces, at most `max`. */
function headerField(value: string, max: number): string {
  return value.replace(/[^\x21-\x7e]/g, '_').slice(0, max) || '-';
}

/** One record as an RFC 5424 syslog message (no framing): the head in structured data, the record as MSG. */
export function syslogMessage(
  record: AuditRecord,
  line: string,
  origin: { hostname: string; pid: number },
): string {
  const header = [
    `<${PRI}>1`,
    record.at,
    headerField(origin.hostname, 255),
    'scribe-desktop',
    String(origin.pid),
    headerField(record.what.kind, 32),
  ].join(' ');
  const sd = `[${SD_ID} seq="${record.seq}" hash="${record.hash}" via="${record.by.via}"]`;
  return `${header} ${sd} \uFEFF${line}`;
}

/** A head the collector holds: a record's seq and hash. */
export interface CollectedHead {
  readonly seq: number;
  readonly hash: string;
}

const SD_HEAD = /\[scribe-audit@32473 seq="(\d+)" hash="([0-9a-f]{64})"/;
const JSON_HEAD = /\{"seq":(\d+),.*,"hash":"([0-9a-f]{64})"\}/;

/**
 * The heads in what a collector stored, whatever its file format: read from our structured data, or from
 * the record itself where the collector kept only the message (the Event Log, the unified log's export).
 */
export function collectedHeads(text: string): CollectedHead[] {
  const heads: CollectedHead[] = [];
  for (const line of text.split('\n')) {
    const match = SD_HEAD.exec(line) ?? JSON_HEAD.exec(line);
    if (match) heads.push({ seq: Number(match[1]), hash: match[2]! });
  }
  return heads;
}

/** What comparing the trail with the collector found. */
export type CollectedCheck =
  | { ok: true; collected: number; newest: number | null }
  | { ok: false; seq: number; reason: 'missing' | 'different' };

/**
 * Every record the collector holds must be in the trail with the same hash: a record missing from the
 * trail (beyond its end: the trail was cut short; or before its start without a retention record) or one
 * with another hash (the trail was rebuilt) is named. Records older than the trail's first are skipped
 * when retention removed them (`firstSeq`). A record forwarded while it was kept apart without the key
 * (audit-aside.ts) counts as held when the trail has merged it (`unkeyed.hash`) or `kept` (the side file's
 * intact records) still has it.
 */
export function checkAgainstCollected(
  trail: readonly AuditRecord[],
  collected: readonly CollectedHead[],
  firstSeq: number | null,
  kept: readonly AuditRecord[] = [],
): CollectedCheck {
  const bySeq = new Map(trail.map((r) => [r.seq, r.hash]));
  const keptApart = new Set([
    ...trail.flatMap((r) => (r.unkeyed ? [r.unkeyed.hash] : [])),
    ...kept.map((r) => r.hash),
  ]);
  let newest: number | null = null;
  for (const head of [...collected].sort((a, b) => b.seq - a.seq)) {
    newest ??= head.seq;
    if ((firstSeq !== null && head.seq < firstSeq) || keptApart.has(head.hash)) continue;
    const hash = bySeq.get(head.seq);
    if (hash === undefined) return { ok: false, seq: head.seq, reason: 'missing' };
    if (hash !== head.hash) return { ok: false, seq: head.seq, reason: 'different' };
  }
  return { ok: true, collected: collected.length, newest };
}
