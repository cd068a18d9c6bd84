/**
 * The append-only audit trail on disk: JSON lines in `audit-<first seq>.jsonl` files in the app's data
 * folder (the CLI writes to the same folder, so one trail covers both). Appends are serialized in this
 * process and across processes by an `audit.lock` file, and each record is chained to the one before it
 * (audit-chain.ts). A file is rotated past a size, and whole files older than the retention period are
 * removed at open, with a record saying so. Records written without the key after the trail was keyed are
 * kept apart and merged back once the key is here (audit-aside.ts). Writing never throws into the caller's
 * work: a record that cannot be written is reported by kind only.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AuditEventSchema,
  type AuditActor,
  type AuditEvent,
  type AuditRecord,
  type AuditSource,
} from './audit-events.ts';
import {
  chainRecord,
  EMPTY_TAIL,
  parseRecord,
  verifyChain,
  type AuditLine,
  type ChainKey,
  type ChainTail,
} from './audit-chain.ts';
import type { AuditKeys } from './audit-key.ts';
import { appendLine, tailOf, trailFiles, trailLines } from './audit-files.ts';
import * as side from './audit-aside.ts';
import type { AuditForwarder } from './audit-forwarding.ts';
import { withProcessLock } from '../../base/files/process-lock.ts';
import { SerialQueue } from '../../base/async/serial.ts';

const DAY_MS = 86_400_000;

/** How the log is kept. */
export interface AuditLogOptions {
  /** The app's data folder (Electron userData; main/core/config/paths.ts defaultUserDataDir for the CLI). */
  readonly dir: string;
  readonly source: AuditSource;
  /** Who is acting now (read at each record: the connection can change). */
  readonly who: () => AuditActor;
  /** A file is closed and a new one started past this size. */
  readonly maxFileBytes?: number;
  /** Files whose newest record is older than this are removed at open. */
  readonly retentionDays?: number;
  readonly now?: () => Date;
  /** Told when a record could not be written (kind and a code only, never content). */
  readonly onDidFail?: (kind: string, code: string) => void;
  /** The installation's key for the chain (audit-key.ts); none: the chain is plain SHA-256. */
  readonly keys?: AuditKeys;
  /** Where each record goes as it is written (the OS log, IT's syslog collector). */
  readonly forward?: AuditForwarder;
}

/** The audit trail of this installation. */
export class AuditLog {
  readonly #options: AuditLogOptions;
  readonly #queue = new SerialQueue();

  constructor(options: AuditLogOptions) {
    this.#options = options;
  }

  /** The folder the trail is in. */
  get dir(): string {
    return this.#options.dir;
  }

  /**
   * Appends one event. Resolves once it is on disk (or was refused: a bad event is reported through
   * onDidFail and never written). Never rejects.
   */
  record(event: AuditEvent): Promise<void> {
    const parsed = AuditEventSchema.safeParse(event);
    if (!parsed.success) {
      this.#options.onDidFail?.(String((event as { kind?: unknown }).kind), 'invalid_event');
      return Promise.resolve();
    }
    // Who acted is read now, not when the record reaches the disk (a sign-out may come in between).
    const who = this.#options.who();
    return this.#queue
      .run(() => this.#append(parsed.data, who))
      .catch((error: unknown) => {
        const code = (error as { code?: unknown }).code;
        this.#options.onDidFail?.(parsed.data.kind, typeof code === 'string' ? code : 'write_failed');
      });
  }

  /**
   * Merges the records kept apart when the key is here, removes whole files past the retention period
   * (never the newest), then records where the kept trail starts; and records an update when this
   * program's version differs from the last writer's. Never rejects: a trail that cannot be opened is reported through onDidFail.
   */
  async open(): Promise<void> {
    try {
      await this.#openLocked();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      this.#options.onDidFail?.('open', typeof code === 'string' ? code : 'open_failed');
    }
  }

  async #openLocked(): Promise<void> {
    await this.#queue.run(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await this.#locked(async () => {
        // Merged before retention looks at the files, so the merged records' own file is still there.
        const aside = await stat(join(this.dir, side.ASIDE_FILE)).catch(() => null);
        if (aside) await this.#keyMerged();
        const removed = await this.#applyRetention();
        if (removed) await this.#appendLocked({ kind: 'retention_applied', ...removed });
      });
    });
    const last = (await this.#lastRecordOf(await this.#files()))?.by;
    const current = this.#options.source;
    if (last && last.version !== current.version)
      await this.record({ kind: 'update_installed', from: last.version, to: current.version });
  }

  /** Resolves once every record asked for before this call is written (or has failed). */
  settled(): Promise<void> {
    return this.#queue.run(() => undefined);
  }

  /** Every record line, oldest first (after the records already asked for: a reader sees what was recorded). */
  async lines(): Promise<AuditLine[]> {
    await this.settled();
    return this.#readLines();
  }

  async #readLines(): Promise<AuditLine[]> {
    return trailLines(this.dir, await this.#files());
  }

  #files(): Promise<string[]> {
    return trailFiles(this.dir);
  }

  async #lastRecordOf(files: readonly string[]): Promise<AuditRecord | null> {
    return (await tailOf(this.dir, files)).record;
  }

  /** Records at or after `since`, oldest first (lines that do not parse are skipped: see verify). */
  async read(since?: Date): Promise<AuditRecord[]> {
    const records: AuditRecord[] = [];
    for (const line of await this.lines()) {
      const parsed = parseRecord(line.text);
      if (parsed.ok && (!since || Date.parse(parsed.record.at) >= since.getTime()))
        records.push(parsed.record);
    }
    return records;
  }

  /** Checks the whole chain (keyed records with the installation's key); `aside`: records kept apart. */
  async verify() {
    const lines = await this.lines();
    const result = verifyChain(lines, (await this.#options.keys?.forReading()) ?? null);
    // Records merged from the side file: the key vouches for them from their merge on, not before.
    return {
      ...result,
      aside: (await this.asideLines()).length,
      merged: side.mergedHashes(lines.map((line) => line.text)).size,
    };
  }

  /** The records written without the key after the trail was keyed (ASIDE_FILE), oldest first. */
  async asideLines(): Promise<string[]> {
    await this.settled();
    return side.readAside(this.dir);
  }

  /** Sends what is still queued for the forwarders, then closes them. */
  async close(): Promise<void> {
    await this.settled();
    await this.#options.forward?.close();
  }

  /** Runs `task` holding the trail's lock file (the app and `scribe` may append at the same time). */
  #locked<T>(task: () => Promise<T>): Promise<T> {
    return withProcessLock(join(this.dir, 'audit.lock'), task, { busyCode: 'audit_lock_busy' });
  }

  async #append(event: AuditEvent, who: AuditActor): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.#locked(() => this.#appendLocked(event, who));
  }

  /**
   * Appends after the last record on disk (another process may have written since), after merging the
   * records kept apart when the key is here again. Lock held.
   */
  async #appendLocked(event: AuditEvent, who: AuditActor = this.#options.who()): Promise<void> {
    const key = await this.#keyMerged();
    const { file, tail, torn, keyed } = await this.#end();
    // Without the key, a keyed trail is not extended: an unkeyed record after keyed ones would break verify.
    if (!key && keyed) return this.#appendAside(tail, event, who);
    const line = chainRecord(tail, this.#now(), who, event, this.#options.source, key);
    await appendLine(join(this.dir, file), `${torn ? '\n' : ''}${line}\n`);
    this.#forward(line);
  }

  /** Where the next record goes: the file (rotated past the size), the chain's tail, and how it ends. */
  async #end(): Promise<{ file: string; tail: ChainTail; torn: boolean; keyed: boolean }> {
    const files = await this.#files();
    const newest = files.at(-1);
    const { record: last, torn } = await tailOf(this.dir, files);
    const tail: ChainTail = last ? { seq: last.seq, hash: last.hash } : EMPTY_TAIL;
    const max = this.#options.maxFileBytes ?? 10 * 1024 * 1024;
    const size = newest ? (await stat(join(this.dir, newest))).size : 0;
    const file = newest && size < max ? newest : `audit-${String(tail.seq + 1).padStart(10, '0')}.jsonl`;
    return { file, tail, torn, keyed: last?.mac !== undefined };
  }

  /**
   * The key for writing (null: none here), once the records kept apart are merged with it. A merge that
   * fails is said by code and tried again at the next write; the record being written still is. Lock held.
   */
  async #keyMerged(): Promise<ChainKey> {
    const key = (await this.#options.keys?.forWriting()) ?? null;
    if (key)
      await this.#mergeAside(key).catch((error: unknown) => {
        const code = (error as { code?: unknown }).code;
        this.#options.onDidFail?.('merge', typeof code === 'string' ? code : 'merge_failed');
      });
    return key;
  }

  /**
   * Merges the records kept apart into the keyed chain (audit-aside.ts): written and flushed first, the
   * side file removed after (kept, and said, while it holds a line that is not intact). Lock held.
   */
  async #mergeAside(key: Buffer): Promise<void> {
    const aside = await side.readAside(this.dir);
    if (aside.length === 0) return;
    if (await side.refuseUnknownWriter(this.dir, this.#now()))
      return this.#options.onDidFail?.('merge', side.ASIDE_WRITER_UNKNOWN);
    const kept = side.keptRecords(aside);
    const merged = side.mergedHashes((await this.#readLines()).map((line) => line.text));
    const { file, tail, torn } = await this.#end();
    const lines = side.mergeLines(kept.records, merged, tail, key);
    if (lines.length > 0) await appendLine(join(this.dir, file), `${torn ? '\n' : ''}${lines.join('\n')}\n`);
    lines.forEach((line) => this.#forward(line));
    if (kept.unreadable === 0) return side.removeAside(this.dir);
    await side.rejectAside(this.dir, this.#now());
    this.#options.onDidFail?.('merge', side.ASIDE_UNREADABLE);
  }

  /** Appends to ASIDE_FILE (chained after the trail's tail, or the last record kept apart), and says so. */
  async #appendAside(tail: ChainTail, event: AuditEvent, who: AuditActor): Promise<void> {
    const text = await side.asideText(this.dir);
    const last = side.asideLines(text).at(-1);
    const previous = last ? parseRecord(last) : null;
    const after = previous?.ok ? { seq: previous.record.seq, hash: previous.record.hash } : tail;
    const line = chainRecord(after, this.#now(), who, event, this.#options.source, null);
    // After a write a crash tore, on a line of its own: never glued to the torn one.
    const torn = text !== '' && !text.endsWith('\n');
    await appendLine(join(this.dir, side.ASIDE_FILE), `${torn ? '\n' : ''}${line}\n`);
    this.#forward(line);
    this.#options.onDidFail?.(event.kind, side.KEPT_ASIDE);
  }

  /** Forwarded once on disk, so the collector never holds a head the trail does not. */
  #forward(line: string): void {
    const written = parseRecord(line);
    if (written.ok) this.#options.forward?.forward(written.record, line);
  }

  /** Deletes whole files past retention, oldest first, never the newest. Lock held. */
  async #applyRetention(): Promise<{ removedThroughSeq: number; lastRemovedHash: string } | null> {
    const days = this.#options.retentionDays;
    if (!days) return null;
    const files = await this.#files();
    const cutoff = this.#now().getTime() - days * DAY_MS;
    let removed: AuditRecord | null = null;
    for (const file of files.slice(0, -1)) {
      const last = await this.#lastRecordOf([file]);
      if (!last || Date.parse(last.at) >= cutoff) break;
      await rm(join(this.dir, file), { force: true });
      removed = last;
    }
    return removed ? { removedThroughSeq: removed.seq, lastRemovedHash: removed.hash } : null;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }
}
