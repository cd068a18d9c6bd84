/**
 * Every protocol value public-facts.md marks *configurable* lives here and only here, so that a change
 * on the service side is a one-line change on ours.
 */
export const PROTOCOL = {
  /** The API version this client was built and tested against. */
  apiVersion: '2026-10-05',
  /** HTTP header that names the API version (a wrong name is silently ignored by the service). */
  versionHeader: 'X-Nabla-Api-Version',
  /** WebSocket query parameter that names the API version. */
  versionQueryParam: 'nabla-api-version',
  serverPrefix: '/v1/core/server',
  /** The Server API (patients, conversations, appointments …): its own prefix and its own version series. */
  serverApiPrefix: '/v1/server',
  /** The Server API version this client was built for (the newest the contract describes). */
  serverApiVersion: '2023-03-30',
  userPrefix: '/v1/core/user',
  transcribeSubprotocol: 'transcribe-protocol',
  dictateSubprotocol: 'dictate-protocol',
  /** Browser-style token subprotocol prefix, for places where headers cannot be set. */
  jwtSubprotocolPrefix: 'jwt-',
  clientAssertionType: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  /** Async results are kept this long by the service. */
  asyncRetentionMs: 2 * 60 * 60 * 1000,
  /** Refresh a user access token when less than this is left. */
  userTokenRefreshLeewayMs: 30_000,
  /** Renew a server token this long before it expires. */
  serverTokenRenewLeewayMs: 60_000,
  /** A client assertion lives this long (the contract allows at most 5 minutes). */
  assertionLifetimeSec: 120,
  /**
   * `iat` is dated this far back, so a computer up to this much fast is never "iat in the future" even
   * before the service's time is known (exp - iat stays within the contract's 5 minutes).
   */
  assertionBackdateSec: 30,
  audio: { sampleRate: 16_000, chunkMs: 100, encoding: 'PCM_S16LE' as const },
  /** Unacknowledged audio we allow in flight (the service allows ~10 s). */
  maxInFlightMs: 9_000,
  /** The service fails a stream after this long without a chunk. */
  silenceTimeoutMs: 10_000,
} as const;

/** Which family of Core endpoints a caller uses. */
export type CallerKind = 'server' | 'user';

export function prefixFor(caller: CallerKind): string {
  return caller === 'server' ? PROTOCOL.serverPrefix : PROTOCOL.userPrefix;
}
