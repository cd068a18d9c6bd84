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

/** Refuses a token already exchanged (TOKEN_REPLAYED); `acceptedUntilSec` is when it stops being taken. */
export async function useTokenOnce(
  store: SharedStore,
  token: string,
  claims: JWTPayload,
  limits: { maxTokenAgeSec: number; clockToleranceSec: number; nowMs: number },
): Promise<void> {
  const exp = claims.exp ?? Infinity;
  const tooOld = (claims.iat ?? 0) + limits.maxTokenAgeSec;
  const endsSec = Math.min(exp, tooOld) + limits.clockToleranceSec;
  const ttlMs = Math.max(1_000, endsSec * 1000 - limits.nowMs);
  const key = `used-token:${createHash('sha256').update(token).digest('hex')}`;
  if (!(await marked(store, key, ttlMs))) throw new BrokerRefusal('TOKEN_REPLAYED');
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
