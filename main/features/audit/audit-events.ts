/**
 * What the audit trail may say: a closed union of event kinds, each a strict object of safe fields only
 * (enums, counts, ids and key-shaped names). There is no free-text field anywhere, so a transcript, a note,
 * an instruction or a token has nowhere to go: an unknown field or a value that is not key-shaped is
 * refused before anything is written.
 */
import { z } from 'zod';
import { SPEECH_LOCALES } from '../../../preload/contract/enums.ts';
import { NOT_INSERTED_REASONS } from '../../../preload/contract/dictation-codes.ts';
import { FLAG_CODES, FLAG_KINDS } from '../../../preload/contract/text-check-codes.ts';

/** A name such as a note section key or a configuration key: one word, no spaces, no sentences. */
const KeyName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must be key-shaped');
/** A journal or visit id (a UUID in practice). */
const Id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an id');
/** An executable's file name (never a window title, which can name a patient). */
const ProcessName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._+()-]{0,79}$/, 'must be a process name');
const Version = z.string().regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]{1,40})?$/, 'must be a version');
const Hash = z.string().regex(/^[0-9a-f]{64}$/);
const InstructionsLocale = z.enum(SPEECH_LOCALES);

const event = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.strictObject({ kind: z.literal(kind), ...shape });

/** Every event the audit trail records. */
export const AuditEventSchema = z.discriminatedUnion('kind', [
  event('signed_in', {
    mode: z.enum(['organization', 'sample']),
    caller: z.enum(['server', 'user']).nullable(),
    region: z.enum(['us', 'eu', 'local']).nullable(),
    /** `restored` at start-up from the saved or managed connection; `entered` on the Connect screen. */
    how: z.enum(['entered', 'restored']),
  }),
  /** The connection was saved but the service refused it (its address or its sign-in check failed). */
  event('sign_in_refused', {
    mode: z.enum(['organization', 'sample']),
    check: z.enum(['address', 'sign-in']),
    how: z.enum(['entered', 'restored']),
  }),
  /** `why` (absent in records written before it was): the person signed out, or IT's policy forced it. */
  event('signed_out', { why: z.enum(['user', 'policy']).optional() }),
  event('policy_applied', { keys: z.array(KeyName).max(100) }),
  event('consent_acknowledged', {}),
  event('visit_started', { sample: z.boolean(), streams: z.number().int().min(1).max(2) }),
  event('visit_paused', {}),
  event('visit_resumed', {}),
  /**
   * `how` (absent in records written before it was): End in the window, the tray, quitting the app, or
   * the visit's audio running out (the sample recording's end, a failed device).
   */
  event('visit_ended', { how: z.enum(['window', 'tray', 'quit', 'audio_end']).optional() }),
  event('visit_discarded', {}),
  event('note_generated', { mode: z.enum(['sync', 'async']), withContext: z.boolean() }),
  /** `section: null` is the whole note. */
  event('note_copied', { section: KeyName.nullable() }),
  /** A check flagged what the clinician changed in a note section; how the flag was resolved. */
  event('note_flag_shown', { section: KeyName, check: z.enum(FLAG_KINDS), code: z.enum(FLAG_CODES) }),
  event('note_flag_resolved', {
    section: KeyName,
    check: z.enum(FLAG_KINDS),
    code: z.enum(FLAG_CODES),
    how: z.enum(['kept', 'fixed', 'left']),
  }),
  event('instructions_copied', {}),
  /** Codes or suggested orders copied for the EHR: the whole list, or one item (not which). */
  event('codes_copied', { what: z.enum(['codes', 'orders']), whole: z.boolean() }),
  /** The clinician's day (the schedule): a visit linked to an appointment, never which one or whose. */
  event('visit_linked', {}),
  /** Reviewed instructions sent to the patient's conversation; `created`: the conversation was new. */
  event('instructions_sent', { as: z.enum(['message', 'attachment']), created: z.boolean() }),
  /** Provider tasks made from suggested orders: how many (never their titles). */
  event('tasks_created', { count: z.number().int().min(0).max(1000) }),
  event('appointment_finalized', {}),
  event('instructions_translated', { from: InstructionsLocale, to: InstructionsLocale }),
  event('dictation_inserted', { into: ProcessName, method: z.enum(['paste', 'type']).optional() }),
  /** "Undo last dictation": `removed` from the application, or left there (not ours any more) and boxed. */
  event('dictation_undone', { into: ProcessName, removed: z.boolean() }),
  /** A correction changed a number, unit, negation or side, and was shown to the clinician. */
  event('dictation_correction_flagged', { into: ProcessName }),
  /** A check flagged dictated text (a dose, a sound-alike, a side, a negation) and the flag was shown. */
  event('dictation_flag_shown', { into: ProcessName, check: z.enum(FLAG_KINDS), code: z.enum(FLAG_CODES) }),
  /**
   * How a shown flag was resolved: kept as said, fixed, edited (the box's Edit selected its words for the
   * clinician to change: whether they did is not known), or left (the next dictation replaced it).
   */
  event('dictation_flag_resolved', {
    into: ProcessName,
    check: z.enum(FLAG_KINDS),
    code: z.enum(FLAG_CODES),
    how: z.enum(['kept', 'fixed', 'edited', 'left']),
  }),
  /** Dictated text that did not go into the field (did not land, password field, another control…); kept in the box. */
  event('dictation_not_inserted', { into: ProcessName, reason: z.enum(NOT_INSERTED_REASONS) }),
  event('journal_recovered', { journal: Id }),
  event('journal_discarded', { journal: Id }),
  event('update_installed', { from: Version, to: Version }),
  /** A downloaded installer refused because of the version in its own bytes (announced: the feed's). */
  event('update_refused', {
    reason: z.enum([
      'embedded_version_unreadable',
      'embedded_version_mismatch',
      'embedded_version_not_newer',
    ]),
    announced: Version.nullable(),
    embedded: Version.nullable(),
  }),
  event('cli_command', {
    command: z.enum(['transcribe', 'dictate', 'note', 'recover']),
    exitCode: z.number().int().min(0).max(255),
  }),
  /** Written by the log itself after retention removed its oldest files: where the kept chain starts. */
  event('retention_applied', { removedThroughSeq: z.number().int().positive(), lastRemovedHash: Hash }),
]);

/** An event as a caller writes it. */
export type AuditEvent = z.input<typeof AuditEventSchema>;

/**
 * Who acted: the OS account; the service's user external id when the installation acts as a configured
 * user; and the signed-in clinician: the service user's id and the identity provider's `sub` (ids only).
 */
const AuditActorSchema = z.strictObject({
  account: z.string().min(1).max(256),
  externalId: z.string().min(1).max(256).optional(),
  userId: z.string().min(1).max(256).optional(),
  sub: z.string().min(1).max(256).optional(),
});
/** Who acted. */
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** Which program wrote the record. */
const AuditSourceSchema = z.strictObject({ via: z.enum(['app', 'cli']), version: Version });
/** Which program wrote the record. */
export type AuditSource = z.infer<typeof AuditSourceSchema>;

/** The key names of a record line, in the order they are written and hashed. */
export const AuditRecordSchema = z.strictObject({
  seq: z.number().int().positive(),
  at: z.iso.datetime(),
  who: AuditActorSchema,
  what: AuditEventSchema,
  by: AuditSourceSchema,
  /** Present when `hash` is keyed with the installation's secret (audit-chain.ts). */
  mac: z.literal('hmac-sha256').optional(),
  /**
   * Present when the record was first written without the key, kept apart (audit-aside.ts), and later
   * merged into the keyed chain: that record's own seq and hash there. `at`, `who`, `what` and `by` are the
   * kept record's.
   */
  unkeyed: z.strictObject({ seq: z.number().int().positive(), hash: Hash }).optional(),
  prev: Hash,
  hash: Hash,
});
/** One line of the audit trail. */
export type AuditRecord = z.infer<typeof AuditRecordSchema>;
