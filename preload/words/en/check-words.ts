/**
 * The connection checks' words (English): a check crosses IPC as `{id, status, reason, params?}` and the
 * connection status's summary as a code (preload/contract/check-codes.ts); the Connect screen and
 * `scribe doctor` word both here. Never the service's own text: its "Reason given" stays in main.
 */
import {
  FAULT_REASONS,
  type CheckId,
  type CheckNote,
  type CheckParams,
  type FaultReason,
  type SummaryNote,
} from '../../contract/check-codes.ts';
import { formatError } from './error-words.ts';
import { baseUrlPhrase } from './reason-words.ts';
import { templateName } from './name-words.ts';
import { formatsFor } from '../intl.ts';
import { clockHintText, clockNoteText, serviceErrorText, SERVICE_TIMEOUT_TEXT } from './service-words.ts';

export const CHECK_LABELS: Readonly<Record<CheckId, string>> = {
  address: 'Service address',
  'sign-in': 'Sign-in',
  notes: 'Note service',
  microphone: 'Microphone',
  'saved-connection': 'Saved connection',
  checks: 'Checks',
};

const { plural: pluralOf } = formatsFor('en');
const plural = (n: number, word: string) => pluralOf(n, { one: word, other: `${word}s` });

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

/** Who the sign-in check found signed in: the sample service, the organization's credentials or a clinician. */
function signInText(reason: string, caller: CheckParams['caller']): string {
  if (reason === 'signed_in_sample')
    return 'Signed in to the built-in sample service (no account needed, not for patient care).';
  return caller === 'server'
    ? 'Signed in with organization server credentials.'
    : 'Signed in as a clinician, with their own tokens.';
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
    case 'signed_in_sample':
      return `${signInText(check.reason, p.caller)}${note}`;
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
  // Names a person reads, not the service's keys (issue 19: Connect showed GENERIC_MULTIPLE_SECTIONS).
  return `${plural(count, 'note template')} available (${keys.map(templateName).join(', ')}${more}).`;
}

/** A check's name as the person reads it. */
export function checkLabel(id: string): string {
  return (CHECK_LABELS as Partial<Record<string, string>>)[id] ?? 'Check';
}

/** The label the sample mode carries everywhere. */
const SAMPLE_LABEL = 'Sample visit — synthetic speech, not for patient care';

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
