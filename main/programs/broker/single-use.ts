/**
 * What the broker takes once only, marked in its shared store (shared-store.ts) so the mark holds across
 * instances: an identity-provider token exchanged on `POST /v1/token` (a captured token cannot mint a second
 * session) and a webhook delivery (a captured signed delivery cannot be replayed within its time window).
 * A mark names a token by its SHA-256, never the token; it lasts as long as what it marks could be taken.
 */
import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { BrokerRefusal } from './refusal.ts';
import type { SharedStore } from './shared-store.ts';

/**
 * Runs `exchange` for a token not exchanged before (else TOKEN_REPLAYED), marked used while it runs so a
 * second presentation on any instance is refused. The mark stays once `exchange` calls `minting` (the
 * service may have opened a session); a failure before that (the service unreachable while the user is
 * looked up) removes it, so the desktop can retry with the same token rather than ask for a new sign-in.
 */
export async function exchangeTokenOnce<T>(
  store: SharedStore,
  token: string,
  claims: JWTPayload,
  limits: { maxTokenAgeSec: number; clockToleranceSec: number; nowMs: number },
  exchange: (minting: () => void) => Promise<T>,
): Promise<T> {
  const exp = claims.exp ?? Infinity;
  const tooOld = (claims.iat ?? 0) + limits.maxTokenAgeSec;
  const endsSec = Math.min(exp, tooOld) + limits.clockToleranceSec;
  const ttlMs = Math.max(1_000, endsSec * 1000 - limits.nowMs);
  const key = `used-token:${createHash('sha256').update(token).digest('hex')}`;
  if (!(await marked(store, key, ttlMs))) throw new BrokerRefusal('TOKEN_REPLAYED');
  let minted = false;
  try {
    return await exchange(() => (minted = true));
  } catch (error) {
    // Best effort: a mark that cannot be removed only costs the desktop a new sign-in.
    if (!minted) await store.forget(key).catch(() => undefined);
    throw error;
  }
}

/** Whether this webhook delivery id is new; marked for `ttlMs` (the signature's time window, both sides). */
export function firstDelivery(store: SharedStore, deliveryId: string, ttlMs: number): Promise<boolean> {
  const key = `delivery:${createHash('sha256').update(deliveryId).digest('hex')}`;
  return marked(store, key, ttlMs);
}

async function marked(store: SharedStore, key: string, ttlMs: number): Promise<boolean> {
  try {
    return await store.useOnce(key, ttlMs);
  } catch (error) {
    throw new BrokerRefusal('STORE_UNAVAILABLE', { cause: error });
  }
}
