/**
 * How `scribe audit` reads the trail: its records kept apart (no key), and the trail against what IT's
 * collector stored (audit-forwarding.ts); and a failure to record, as the CLI says it.
 */
import type { AuditLog } from './audit-log.ts';
import {
  ASIDE_FILE,
  ASIDE_UNREADABLE,
  ASIDE_WRITER_UNKNOWN,
  KEPT_ASIDE,
  REJECTED_ASIDE,
  keptRecords,
} from './audit-aside.ts';
import { checkAgainstCollected, collectedHeads, type CollectedCheck } from './audit-forwarding.ts';

/** A record that could not be written, or was kept apart: what the CLI says on stderr. */
export type AuditFailure =
  | { readonly what: 'kept_aside'; readonly kind: string; readonly file: string }
  | { readonly what: 'aside_unreadable'; readonly file: string; readonly rejected: string }
  /** The side file's writer could not be shown to be this account: none of it merged (issue 32). */
  | { readonly what: 'aside_writer_unknown'; readonly file: string; readonly rejected: string }
  | { readonly what: 'not_recorded'; readonly kind: string; readonly code: string }
  /** The keychain cannot give the installation's key (audit-key.ts): records go on without it. */
  | { readonly what: 'no_key'; readonly code: string };

/** A trail failure (by kind and code) as facts for its words. */
export function auditFailure(kind: string, code: string): AuditFailure {
  if (kind === 'key') return { what: 'no_key', code };
  if (code === KEPT_ASIDE) return { what: 'kept_aside', kind, file: ASIDE_FILE };
  if (code === ASIDE_WRITER_UNKNOWN)
    return { what: 'aside_writer_unknown', file: ASIDE_FILE, rejected: REJECTED_ASIDE };
  if (code === ASIDE_UNREADABLE)
    return { what: 'aside_unreadable', file: ASIDE_FILE, rejected: REJECTED_ASIDE };
  return { what: 'not_recorded', kind, code };
}

/** What `scribe audit verify` reads beside the chain. */
export interface AuditReading {
  /** The file of records kept apart (not verified with the chain). */
  readonly asideFile: string;
  /** The trail reaches the heads IT's collector stored (`collected`: that file's text). */
  againstCollected(audit: AuditLog, collected: string, firstSeq: number | null): Promise<CollectedCheck>;
}

export const auditReading: AuditReading = {
  asideFile: ASIDE_FILE,
  againstCollected: async (audit, collected, firstSeq) => {
    const kept = keptRecords(await audit.asideLines()).records;
    return checkAgainstCollected(await audit.read(), collectedHeads(collected), firstSeq, kept);
  },
};
