/**
 * The connection checks, shared by the Connect screen and `scribe doctor` so the two can never drift: the
 * same checks, in the same order: the service's (address, sign-in, note service), then, where asked, this
 * machine's microphone. Each says what is wrong as a closed reason and params
 * (preload/contract/check-codes.ts), worded where it is shown (preload/words). A check that depends on a
 * failed one is reported as skipped, not run.
 */
import { checkBaseUrl } from './base-url.ts';
import { CoreClient } from './core-client.ts';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  PermissionDeniedError,
  TimeoutError,
} from './errors.ts';
import type { AccessTokenSource } from './auth/token-source.ts';
import type { HttpClient } from './transport/http.ts';
import type { CheckId, Check } from '../../../preload/contract/index.ts';

/** One check's outcome (the contract's `Check`): a closed reason and params, worded where it is shown. */
export type ConnectionCheck = Check;
type Params = NonNullable<Check['params']>;

export interface ServiceCheckInput {
  readonly baseUrl: URL;
  readonly auth: AccessTokenSource;
  readonly http: HttpClient;
  /** The note locale whose templates are listed (server callers). */
  readonly noteLocale?: string;
  /**
   * Told the reason the service gave in its own words for a failed check (outside text: `scribe doctor`
   * prints it on stderr for IT; the app never passes this, so it never reaches the window).
   */
  readonly reasonGiven?: (id: CheckId, text: string) => void;
}

/** Runs the service's checks in order: address, sign-in, note service. */
export async function runServiceChecks(input: ServiceCheckInput): Promise<ConnectionCheck[]> {
  const results: ConnectionCheck[] = [];
  const add = (id: CheckId, status: Check['status'], reason: string, params?: Params) =>
    results.push(params ? { id, status, reason, params } : { id, status, reason });

  const address = checkBaseUrl(input.baseUrl.origin);
  if (address.ok) add('address', 'pass', 'valid', { host: input.baseUrl.host });
  else add('address', 'fail', 'invalid', { rule: address.rule });

  let signedIn = false;
  if (address.ok) {
    try {
      await input.auth.token();
      signedIn = true;
      add('sign-in', 'pass', 'signed_in', { caller: input.auth.caller, ...clockNote(input.http) });
    } catch (error) {
      tellReason(input, 'sign-in', error);
      const fault = signInFault(error, input.http);
      const told = fault.reason.startsWith('clock_');
      add('sign-in', 'fail', fault.reason, { ...fault.params, ...(told ? {} : clockNote(input.http)) });
    }
  } else add('sign-in', 'skipped', 'needs_address');

  if (signedIn) {
    try {
      const ok = await noteService(input);
      add('notes', 'pass', ok.reason, ok.params);
    } catch (error) {
      tellReason(input, 'notes', error);
      const fault = noteFault(error, input.http);
      add('notes', 'fail', fault.reason, fault.params);
    }
  } else add('notes', 'skipped', 'needs_sign_in');
  return results;
}

function tellReason(input: ServiceCheckInput, id: CheckId, error: unknown): void {
  if (error instanceof ApiError && error.detail) input.reasonGiven?.(id, error.detail);
}

/** A clock a minute or more off the service's is worth saying, though the app allows for it. */
function clockNote(http: HttpClient): Params {
  const offsetMs = Math.round(http.serviceClock.offsetMs);
  return Math.abs(offsetMs) >= 60_000 ? { offsetMs } : {};
}

interface Outcome {
  readonly reason: string;
  readonly params?: Params;
}

async function noteService(input: ServiceCheckInput): Promise<Outcome> {
  const core = new CoreClient(input.http, input.auth);
  if (input.auth.caller !== 'server') {
    await core.getNoteSettings();
    return { reason: 'settings_readable' };
  }
  const templates = await core.listTemplates(input.noteLocale);
  if (templates.length === 0) throw new NoTemplates();
  // Only keys shaped like keys are named (the contract refuses anything else).
  const keys = templates.map((t) => t.key).filter((key) => SERVICE_KEY.test(key));
  return { reason: 'templates', params: { count: templates.length, keys: keys.slice(0, 5) } };
}

const SERVICE_KEY = /^[A-Za-z0-9._:-]{1,128}$/;

class NoTemplates extends Error {}

/**
 * Why the sign-in failed, with what IT needs to look it up (status, code, name, trace id). The reason
 * the service gave in its own words stays here: it is outside text and never crosses into the window.
 */
function signInFault(error: unknown, http: HttpClient): Outcome {
  if (error instanceof ApiError && error.clockSuspect) return clockFault(error, http);
  if (error instanceof ConnectionError) return { reason: 'unreachable' };
  if (error instanceof AuthenticationError) return { reason: 'refused', params: ids(error) };
  if (error instanceof PermissionDeniedError) return { reason: 'not_allowed', params: ids(error) };
  return serviceFault(error);
}

function noteFault(error: unknown, http: HttpClient): Outcome {
  if (error instanceof NoTemplates) return { reason: 'no_templates' };
  if (error instanceof ApiError && error.clockSuspect) return clockFault(error, http);
  if (error instanceof ConnectionError) return { reason: 'unreachable' };
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError)
    return { reason: 'unknown', params: ids(error) };
  return serviceFault(error);
}

function clockFault(error: ApiError, http: HttpClient): Outcome {
  const clock = http.serviceClock;
  if (!clock.known) return { reason: 'clock_unknown', params: ids(error) };
  return { reason: 'clock_off', params: { ...ids(error), offsetMs: Math.round(clock.offsetMs) } };
}

function serviceFault(error: unknown): Outcome {
  if (error instanceof TimeoutError) return { reason: 'timed_out' };
  if (!(error instanceof ApiError)) return { reason: 'unknown' };
  return { reason: error.status !== undefined ? 'service' : 'unknown', params: ids(error) };
}

/** The service's ids of a failed call (only those shaped like ids: see dto-visit.ts). */
function ids(error: ApiError): Params {
  const name = error.errorName && SERVICE_KEY.test(error.errorName) ? error.errorName : undefined;
  return {
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(name ? { name } : {}),
    ...(error.traceId ? { traceId: error.traceId } : {}),
  };
}

/** The checks in the order they run (both the app and the CLI show them in this order). */
export const CONNECTION_CHECKS: readonly CheckId[] = ['address', 'sign-in', 'notes', 'microphone'];

export interface ConnectionCheckInput extends ServiceCheckInput {
  /**
   * The microphones this machine has (any failure reads as none). Absent: the microphone is not checked
   * (`scribe doctor` without `--mic`, e.g. on a server with no sound system).
   */
  readonly listInputs?: () => Promise<readonly unknown[]>;
}

/** Runs every check in order: the service's, then the microphone's. */
export async function runConnectionChecks(input: ConnectionCheckInput): Promise<ConnectionCheck[]> {
  const results = await runServiceChecks(input);
  if (!input.listInputs) return results;
  results.push(await microphoneCheck(input.listInputs));
  return results;
}

/** Whether this machine has a microphone: a warning, not a failure, when it has none. */
async function microphoneCheck(listInputs: () => Promise<readonly unknown[]>): Promise<ConnectionCheck> {
  const inputs = await listInputs().catch(() => []);
  return inputs.length > 0
    ? { id: 'microphone', status: 'pass', reason: 'found', params: { count: inputs.length } }
    : { id: 'microphone', status: 'warn', reason: 'none' };
}
