/**
 * Why a line of the audit trail breaks its hash chain (`scribe audit verify`), as codes: the words module
 * words each one (`audit.breaks` in preload/words/<locale>/cli.json).
 */
export const AUDIT_BREAKS = [
  'not_json',
  'not_record',
  'not_keyed',
  'changed',
  'out_of_order',
  'newest_not_keyed',
  'not_start',
] as const;

/** One reason a record breaks the chain. */
export type AuditBreak = (typeof AUDIT_BREAKS)[number];
