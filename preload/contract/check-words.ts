/**
 * The connection checks' words (part of the messages module): a check crosses IPC as `{id, status, reason,
 * params?}` and the connection status's summary as a code, and both the Connect screen and `scribe doctor`
 * word them here. Params are closed: numbers, enum values, the service's host name (shown today as the
 * address the person typed or IT set), template keys and ids the service gave (restricted to key
 * characters, see dto-visit.ts). Never the service's own text: its "Reason given" stays in main. Zod-free.
 */
import { formatError, type MessageSource } from './messages.ts';
import { baseUrlPhrase, type BaseUrlRule } from './message-reasons.ts';
import { clockHintText, clockNoteText, serviceErrorText, SERVICE_TIMEOUT_TEXT } from './service-words.ts';

/** The base-URL rules an address check can name. */
export const BASE_URL_RULES = [
  'url_not_a_url',
  'url_has_credentials',
  'url_has_query',
  'url_has_path',
  'url_plain_http',
  'url_not_https',
  'url_no_region',
] as const satisfies readonly BaseUrlRule[];

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
type FaultReason = (typeof FAULT_REASONS)[number];

/** Each check and the reasons it can give, in the order the checks run. */
export const CHECK_REASONS = {
  address: ['valid', 'invalid'],
  'sign-in': ['signed_in', 'needs_address', ...FAULT_REASONS],
  notes: ['settings_readable', 'templates', 'no_templates', 'needs_sign_in', ...FAULT_REASONS],
  microphone: ['found', 'none'],
  'saved-connection': ['unreadable'],
  checks: ['could_not_run'],
} as const;
export type CheckId = keyof typeof CHECK_REASONS;
export const CHECK_IDS = Object.keys(CHECK_REASONS) as CheckId[];

export const CHECK_LABELS: Readonly<Record<CheckId, string>> = {
  address: 'Service address',
  'sign-in': 'Sign-in',
  notes: 'Note service',
  microphone: 'Microphone',
  'saved-connection': 'Saved connection',
  checks: 'Checks',
};

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the service's ids say, as "(HTTP 401, code 5, Name, trace t)"; '' when none. */
function idsText(p: CheckParams): string {
  const ids = [
    p.status !== undefined ? `HTTP ${p.status}` : undefined,
    p.code !== undefined ? `code ${p.code}` : undefined,
    p.name,
    p.traceId ? `trace ${p.traceId}` : undefined,
  ].filter(Boolean);
  return ids.length > 0 ? ` (${ids.join(', ')})` : '';
}

const OWN_WORDS: Partial<Record<FaultReason, string>> = {
  unreachable: 'The service could not be reached. Check the address and the network.',
  refused: 'The service refused these credentials. Check the client ID and key with IT.',
  not_allowed: 'This account is not allowed to sign in (it may be deactivated).',
};

/** A failed call's words: its own, the service's code's, or the check's plain words; then the ids. */
function faultText(reason: FaultReason, p: CheckParams, plain: string): string {
  const words =
    reason === 'clock_unknown'
      ? clockHintText({ kind: 'unknown' })
      : reason === 'clock_off'
        ? clockHintText({ kind: 'off', offsetMs: p.offsetMs ?? 0 })
        : reason === 'timed_out'
          ? SERVICE_TIMEOUT_TEXT
          : reason === 'service' && p.status !== undefined
            ? serviceErrorText(p.status, p.code)
            : (OWN_WORDS[reason] ?? plain);
  const note = reason !== 'clock_off' && p.offsetMs !== undefined ? clockNoteText(p.offsetMs) : '';
  return `${words}${idsText(p)}${note}`;
}

function isFault(reason: string): reason is FaultReason {
  return (FAULT_REASONS as readonly string[]).includes(reason);
}

/** The words a person reads for one check (the CLI prints the same). */
export function checkDetailText(check: CheckNote): string {
  const p = check.params ?? {};
  const note = p.offsetMs !== undefined ? clockNoteText(p.offsetMs) : '';
  switch (check.reason) {
    case 'valid':
      return `${p.host ?? 'The address'} is a valid service address.`;
    case 'invalid':
      return p.rule ? `The address ${baseUrlPhrase(p.rule)}.` : 'The address is not a valid service address.';
    case 'signed_in':
      return `${p.caller === 'server' ? 'Signed in with organization server credentials.' : 'Signed in as a clinician, with their own tokens.'}${note}`;
    case 'needs_address':
      return 'Needs a valid service address first.';
    case 'needs_sign_in':
      return 'Needs a working sign-in first.';
    case 'settings_readable':
      return 'Your note settings can be read.';
    case 'templates':
      return templatesText(p);
    case 'no_templates':
      return 'The organization has no note templates.';
    case 'found':
      return `${plural(p.count ?? 0, 'input')} found.`;
    case 'none':
      return 'No microphone found. Plug one in to record visits.';
    case 'unreadable':
      return p.failure ? formatError(p.failure) : 'The saved connection could not be opened. Connect again.';
    case 'could_not_run':
      return 'The checks could not run.';
  }
  if (!isFault(check.reason)) return 'This check gave a result this version of the app does not know.';
  const plain =
    check.id === 'notes'
      ? 'The note service did not answer as expected.'
      : 'Sign-in failed for an unknown reason.';
  return faultText(check.reason, p, plain);
}

function templatesText(p: CheckParams): string {
  const keys = p.keys ?? [];
  const count = p.count ?? keys.length;
  const more = count > keys.length ? ', …' : '';
  if (keys.length === 0) return `${plural(count, 'note template')} available.`;
  return `${plural(count, 'note template')} available (${keys.join(', ')}${more}).`;
}

/** A check's name as the person reads it. */
export function checkLabel(id: string): string {
  return (CHECK_LABELS as Partial<Record<string, string>>)[id] ?? 'Check';
}

/** The label the sample mode carries everywhere. */
const SAMPLE_LABEL = 'Sample visit — synthetic speech, not for patient care';

/** What the connection status says in one sentence (see ConnectionStatus.summary). */
export interface SummaryNote {
  readonly code: 'not_connected' | 'connected' | 'sample' | 'check_failed';
  readonly params?: {
    /** not_connected: the organization's sign-in is offered here. */
    readonly organization?: boolean;
    /** connected: the service's host name and region. */
    readonly host?: string;
    readonly region?: 'us' | 'eu' | 'local';
    /** check_failed: whether a connection is open despite the failing check. */
    readonly connected?: boolean;
  };
}

/** The summary's words; `check_failed` names the first failing check of `checks`. */
export function summaryText(summary: SummaryNote, checks: readonly CheckNote[]): string {
  const p = summary.params ?? {};
  const failing = checks.find((c) => c.status === 'fail');
  if (summary.code === 'check_failed' && failing) {
    const words = `${checkLabel(failing.id)}: ${checkDetailText(failing)}`;
    return p.connected ? words : `Not connected. ${words}`;
  }
  if (summary.code === 'sample') return `${SAMPLE_LABEL}. Connected to the built-in local service.`;
  if (summary.code === 'connected')
    return `Connected to ${p.host ?? 'the service'} (${p.region === 'local' ? 'local' : (p.region ?? '').toUpperCase()}).`;
  return p.organization
    ? 'Not connected. Sign in with your organization, or try the sample visit.'
    : 'Not connected. Enter your organization’s service address and credentials, or try the sample visit.';
}
