/** Jittered exponential backoff ("full jitter"): a random delay in [0, min(cap, base * 2^attempt)]. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
  /** Attempts after the first one. */
  maxRetries: number;
}

export const DEFAULT_RETRY: BackoffPolicy = { baseMs: 250, capMs: 8_000, maxRetries: 3 };

export function backoffDelay(
  attempt: number,
  policy: Pick<BackoffPolicy, 'baseMs' | 'capMs'>,
  random = Math.random,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/** Parses a Retry-After header (seconds or HTTP date) into milliseconds, capped. */
export function retryAfterMs(header: string | null, capMs: number, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(capMs, Math.max(0, seconds * 1000));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(capMs, Math.max(0, date - now));
}
