import type { CallerKind } from '../protocol.ts';

/**
 * Where an authenticated caller gets its bearer token. The HTTP client and both WebSocket sessions use
 * this port, so server credentials, user tokens and organization-supplied tokens look the same to them.
 */
export interface AccessTokenSource {
  /** Which Core path family this token is for. */
  readonly caller: CallerKind;
  /** A token that is valid now (renewed ahead of expiry). */
  token(): Promise<string>;
  /**
   * The service refused `rejected` (HTTP 401, or 401 at a WebSocket upgrade): obtain a new one. Concurrent
   * callers share one renewal (single flight). Rejects with AuthenticationError when renewal is impossible.
   */
  renew(rejected: string): Promise<string>;
}
