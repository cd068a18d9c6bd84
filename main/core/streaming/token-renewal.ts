/**
 * A 401 at the upgrade: the token is renewed and the session reconnects, bounded and backed off by the
 * ReconnectBudget (a revoked sign-in must not get a renew-and-reconnect loop).
 */
import type { AccessTokenSource } from '../api/auth/token-source.ts';
import type { ReconnectBudget } from './reconnect-budget.ts';
import { isRetryable, StreamingError } from './streaming-error.ts';

/** What the session does after a 401: reconnect with the new token, fail, or retry like a drop. */
export type Renewal = { kind: 'renewed' } | { kind: 'fail' | 'retry'; error: StreamingError };

/** Renews `token` (refused with `error`) if the budget allows it. */
export async function renewAfterUnauthorized(
  budget: ReconnectBudget,
  tokens: AccessTokenSource,
  token: string,
  error: StreamingError,
): Promise<Renewal> {
  if (!budget.mayRenew(token)) return { kind: 'fail', error };
  const failure = await tokens.renew(token).then(
    () => undefined,
    (reason: unknown) => reason ?? new Error('renewal failed'),
  );
  if (failure === undefined) return { kind: 'renewed' };
  if (!isRetryable(failure))
    return { kind: 'fail', error: new StreamingError('unauthorized', 'The sign-in could not be renewed.') };
  // The sign-in service is out of reach (the same outage, most likely): retried like a drop.
  budget.renewalUnreachable();
  const retry = new StreamingError('connection_lost', 'The sign-in could not be renewed yet.', {
    retryable: true,
  });
  return { kind: 'retry', error: retry };
}
