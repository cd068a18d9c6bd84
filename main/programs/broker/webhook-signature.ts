/**
 * Webhook deliveries from the service (service-interface.md, "Webhook signature"): the signature header is
 * the lowercase hex HMAC-SHA256, keyed with the webhook secret, of the timestamp header value concatenated
 * with the raw body. Compared in constant time; a timestamp further than `toleranceSec` from the broker's
 * clock is refused, so a recorded delivery cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_TIMESTAMP_HEADER = 'x-service-webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-service-webhook-signature';

/** Why a delivery was refused (logged; never its body). */
export type WebhookVerdict = 'ok' | 'missing_headers' | 'bad_timestamp' | 'stale_timestamp' | 'bad_signature';

/** The signature of a delivery, as the service computes it. */
export function webhookSignature(secret: string, timestamp: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('hex');
}

/**
 * The timestamp's unit is not shown by the contract: seconds since the epoch (GUESS), with milliseconds
 * and ISO 8601 read too, so that a real delivery is not refused for its unit alone.
 */
function timestampMs(value: string): number | undefined {
  if (/^\d{9,11}$/.test(value)) return Number(value) * 1000;
  if (/^\d{12,14}$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** Checks one delivery. */
export function verifyWebhook(
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Buffer,
  secret: string,
  now: number,
  toleranceSec: number,
): WebhookVerdict {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return 'missing_headers';
  const at = timestampMs(timestamp);
  if (at === undefined) return 'bad_timestamp';
  if (Math.abs(now - at) > toleranceSec * 1000) return 'stale_timestamp';
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad_signature';
  return 'ok';
}
