/**
 * The connection checks, shared by the Connect screen and `scribe doctor` so the two can never drift:
 * the same checks, in the same order, with the same names and messages. Each says plainly what is wrong.
 * A check that depends on a failed one is reported as skipped, not run.
 */
import { checkBaseUrl } from './base-url.ts';
import { CoreClient } from './core-client.ts';
import { ApiError, AuthenticationError, ConnectionError, PermissionDeniedError } from './errors.ts';
import type { AccessTokenSource } from './auth/token-source.ts';
import type { HttpClient } from './transport/http.ts';
import { clockNoteText } from '../../preload/contract/index.ts';

export type ConnectionCheckId = 'address' | 'sign-in' | 'notes' | 'microphone';

/** One check's outcome (the shape of the contract's `Check`). */
export interface ConnectionCheck {
  readonly id: ConnectionCheckId;
  readonly label: string;
  readonly status: 'pass' | 'warn' | 'fail' | 'skipped';
  readonly detail: string;
}

/** The checks in the order they run, with the names both the app and the CLI show. */
export const CONNECTION_CHECKS: readonly { id: ConnectionCheckId; label: string }[] = [
  { id: 'address', label: 'Service address' },
  { id: 'sign-in', label: 'Sign-in' },
  { id: 'notes', label: 'Note service' },
  { id: 'microphone', label: 'Microphone' },
];

export interface ConnectionCheckInput {
  readonly baseUrl: URL;
  readonly auth: AccessTokenSource;
  readonly http: HttpClient;
  /**
   * The microphones this machine has (any failure reads as none). Absent: the microphone is not checked
   * (`scribe doctor` without `--mic`, e.g. on a server with no sound system).
   */
  readonly listInputs?: () => Promise<readonly unknown[]>;
  /** The note locale whose templates are listed (server callers). */
  readonly noteLocale?: string;
}

const NEEDS_SIGN_IN = 'Needs a working sign-in first.';

/** Runs every check in order. */
export async function runConnectionChecks(input: ConnectionCheckInput): Promise<ConnectionCheck[]> {
  const results: ConnectionCheck[] = [];
  const add = (id: ConnectionCheckId, status: ConnectionCheck['status'], detail: string) =>
    results.push({ id, label: CONNECTION_CHECKS.find((c) => c.id === id)!.label, status, detail });

  const address = checkBaseUrl(input.baseUrl.origin);
  if (address.ok) add('address', 'pass', `${input.baseUrl.host} is a valid service address.`);
  else add('address', 'fail', `The address ${address.reason}.`);

  let signedIn = false;
  if (address.ok) {
    try {
      await input.auth.token();
      signedIn = true;
      add(
        'sign-in',
        'pass',
        `${input.auth.caller === 'server' ? 'Signed in with organization server credentials.' : 'Signed in as a clinician, with their own tokens.'}${clockNote(input.http)}`,
      );
    } catch (error) {
      const told = error instanceof ApiError && error.clockSuspect;
      add('sign-in', 'fail', `${signInProblem(error)}${told ? '' : clockNote(input.http)}`);
    }
  } else add('sign-in', 'skipped', 'Needs a valid service address first.');

  if (signedIn) {
    try {
      add('notes', 'pass', await noteService(input));
    } catch (error) {
      add('notes', 'fail', withReason(error, 'The note service did not answer as expected.'));
    }
  } else add('notes', 'skipped', NEEDS_SIGN_IN);

  if (!input.listInputs) return results;
  const inputs = await input.listInputs().catch(() => []);
  if (inputs.length > 0)
    add('microphone', 'pass', `${inputs.length} input${inputs.length === 1 ? '' : 's'} found.`);
  else add('microphone', 'warn', 'No microphone found. Plug one in to record visits.');
  return results;
}

/** A clock a minute or more off the service's is worth saying, though the app allows for it. */
function clockNote(http: HttpClient): string {
  return clockNoteText(http.serviceClock.offsetMs);
}

async function noteService(input: ConnectionCheckInput): Promise<string> {
  const core = new CoreClient(input.http, input.auth);
  if (input.auth.caller !== 'server') {
    await core.getNoteSettings();
    return 'Your note settings can be read.';
  }
  const templates = await core.listTemplates(input.noteLocale);
  if (templates.length === 0) throw new ApiError('The organization has no note templates.');
  const keys = templates.map((t) => t.key);
  return `${templates.length} note template${templates.length === 1 ? '' : 's'} available (${keys
    .slice(0, 5)
    .join(', ')}${keys.length > 5 ? ', …' : ''}).`;
}

function signInProblem(error: unknown): string {
  // A refusal this computer's clock may explain says so, instead of blaming the credentials.
  if (error instanceof ApiError && error.clockSuspect) return withReason(error, error.message);
  if (error instanceof ConnectionError)
    return 'The service could not be reached. Check the address and the network.';
  if (error instanceof AuthenticationError)
    return withReason(error, 'The service refused these credentials. Check the client ID and key with IT.');
  if (error instanceof PermissionDeniedError)
    return withReason(error, 'This account is not allowed to sign in (it may be deactivated).');
  return withReason(error, 'Sign-in failed for an unknown reason.');
}

/**
 * A plain sentence (the service's own message for errors without one here), then what IT needs to look
 * it up: status, code, trace id and the reason the service gave.
 */
function withReason(error: unknown, plain: string): string {
  if (!(error instanceof ApiError)) return plain;
  const ids = error.summary().slice(error.message.length).trim();
  const own =
    (error instanceof AuthenticationError || error instanceof PermissionDeniedError) && !error.clockSuspect;
  const reason = error.detail ? ` Reason given: ${error.detail}` : '';
  return `${own ? plain : error.message}${ids ? ` ${ids}` : ''}${reason}`;
}
