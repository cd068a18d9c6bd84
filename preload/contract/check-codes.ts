/**
 * The connection checks as codes: a check crosses IPC as `{id, status, reason, params?}` and the connection
 * status's summary as a code; the Connect screen and `scribe doctor` word both (preload/words). Params are
 * closed: numbers, enum values, the service's host name (shown today as the address the person typed or IT
 * set), template keys and ids the service gave (restricted to key characters, see dto-visit.ts). Never the
 * service's own text: its "Reason given" stays in main. Zod-free.
 */
import type { MessageSource } from './error-codes.ts';
import type { BaseUrlRule } from './failure-reasons.ts';

/** The base-URL rules an address check can name (each a reason of `config_invalid`, failure-reasons.ts). */
export const BASE_URL_RULES = [
  'url_not_a_url',
  'url_has_credentials',
  'url_has_query',
  'url_has_path',
  'url_plain_http',
  'url_not_https',
  'url_no_region',
] as const;

/** Why a check that asked the service failed (the ids ride in the params). */
export const FAULT_REASONS = [
  'unreachable',
  'timed_out',
  'service',
  'refused',
  'not_allowed',
  'clock_unknown',
  'clock_off',
  'unknown',
] as const;
export type FaultReason = (typeof FAULT_REASONS)[number];

/** Each check and the reasons it can give, in the order the checks run. */
export const CHECK_REASONS = {
  address: ['valid', 'invalid'],
  'sign-in': ['signed_in', 'signed_in_sample', 'needs_address', ...FAULT_REASONS],
  notes: ['settings_readable', 'templates', 'no_templates', 'needs_sign_in', ...FAULT_REASONS],
  microphone: ['found', 'none'],
  'saved-connection': ['unreadable'],
  checks: ['could_not_run'],
} as const;
export type CheckId = keyof typeof CHECK_REASONS;
export const CHECK_IDS = Object.keys(CHECK_REASONS) as CheckId[];

export interface CheckParams {
  /** The service's host name (address: valid). */
  readonly host?: string;
  /** address: invalid. */
  readonly rule?: BaseUrlRule;
  /** signed_in: who. */
  readonly caller?: 'server' | 'user';
  /** This computer's clock minus the service's, when worth saying (clock_off, or a note after a pass). */
  readonly offsetMs?: number;
  /** microphone inputs, or note templates. */
  readonly count?: number;
  /** The first note template keys (templates). */
  readonly keys?: string[];
  /** The service's ids for IT: HTTP status, error code and name, trace id. */
  readonly status?: number;
  readonly code?: number;
  readonly name?: string;
  readonly traceId?: string;
  /** saved-connection: the failure that stopped it (absent: general words). */
  readonly failure?: MessageSource;
}

export interface CheckNote {
  readonly id: CheckId;
  readonly status: 'pass' | 'warn' | 'fail' | 'skipped';
  readonly reason: string;
  readonly params?: CheckParams;
}

/** What the connection status says in one sentence (see ConnectionStatus.summary). */
export interface SummaryNote {
  readonly code: 'not_connected' | 'connected' | 'sample' | 'check_failed';
  readonly params?: {
    /** not_connected: the organization's sign-in is offered here. */
    readonly organization?: boolean;
    /** not_connected: the sample visit is offered here (absent: it is). */
    readonly sample?: boolean;
    /** connected: the service's host name and region. */
    readonly host?: string;
    readonly region?: 'us' | 'eu' | 'local';
    /** check_failed: whether a connection is open despite the failing check. */
    readonly connected?: boolean;
  };
}
