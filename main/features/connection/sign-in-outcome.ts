/**
 * What a sign-in or sign-out came to, as the connection manager (connection-manager.ts) reports and words
 * it: the event the audit trail records, a keychain failure named in Connect's words, the sample's own
 * sign-in check, and a sign-out that never keeps the person connected.
 */
import type { Check } from '../../../preload/contract/index.ts';
import { SecretStoreError } from '../../base/secrets/secret-store.ts';
import { withTimeout } from '../../base/async/timeout.ts';
import { Failure } from '../../base/failure.ts';
import type { Connection, SignInEvent, SignInHow } from './ports.ts';

/** How long Disconnect waits for the service to revoke a sign-in before forgetting it anyway. */
export const SIGN_OUT_WAIT_MS = 5_000;

/** The sample's checks: its sign-in is the built-in sample service's own client, so only the clock note stays. */
export function asSampleChecks(checks: Check[]): Check[] {
  return checks.map((c) =>
    c.id === 'sign-in' && c.reason === 'signed_in'
      ? { ...c, reason: 'signed_in_sample', params: sampleParams(c) }
      : c,
  );
}

/** A sample sign-in's params: who signed in is the sample's own client, so only the clock note stays. */
function sampleParams(check: Check): Check['params'] {
  const { caller: _caller, ...rest } = check.params ?? {};
  return rest;
}

/** The checks whose failure means the service did not accept the sign-in (not a warning about the microphone). */
const SIGN_IN_CHECKS: ReadonlySet<string> = new Set(['address', 'sign-in']);

/** A sign-in as it is reported: refused when its address or sign-in check failed, else signed in. */
export function signInEvent(
  connection: Connection,
  mode: 'organization' | 'sample',
  checks: readonly Check[],
  how: SignInHow,
): SignInEvent {
  const refused = checks.find((c) => SIGN_IN_CHECKS.has(c.id) && c.status === 'fail');
  if (refused) return { kind: 'sign_in_refused', mode, check: refused.id as 'address' | 'sign-in', how };
  return { kind: 'signed_in', mode, caller: connection.caller, region: connection.region, how };
}

/** A keychain failure while keeping a sign-in, named in Connect's words (not a visit's, which say Start). */
export function keepingSignIn(error: unknown): unknown {
  if (!(error instanceof SecretStoreError)) return error;
  const code = error.code === 'keychain_denied' ? 'keychain_locked' : 'keychain_unavailable';
  return new Failure(code, { reason: 'sign_in_not_kept' });
}

/** Asks the service to revoke the sign-in; gives up quietly on any failure (e.g. 401: already revoked). */
export async function signOutQuietly(connection: Connection): Promise<void> {
  if (!connection.signOut) return;
  await withTimeout(
    connection.signOut().catch(() => undefined),
    SIGN_OUT_WAIT_MS,
    undefined,
  );
}
