/**
 * The broker's rate limit (issue 34): a verified request counts against the clinician its token names, a
 * request that proves nothing against its address; fifty clinicians on one address each get the limit.
 */
import { describe, expect, it } from 'vitest';
import type { JWTPayload } from 'jose';
import { loadBrokerConfig } from '../../../../main/programs/broker/broker-config.ts';
import { RateLimiter } from '../../../../main/programs/broker/rate-limit.ts';
import { BrokerRefusal } from '../../../../main/programs/broker/refusal.ts';
import { MemoryStore } from '../../../../main/programs/broker/shared-store.ts';

/** A verifier whose tokens are their subjects. */
const verifier = { verify: (token: string): Promise<JWTPayload> => Promise.resolve({ sub: token }) };

async function outcome(run: Promise<unknown>): Promise<string> {
  return run.then(
    () => 'ok',
    (error: BrokerRefusal) => `${error.refusal}${error.retryAfterSec ? ` ${error.retryAfterSec}` : ''}`,
  );
}

describe('rate limit', () => {
  it('counts each clinician apart, whatever address they share, and says how long to wait', async () => {
    let now = 0;
    const limiter = new RateLimiter(2, new MemoryStore(() => now));
    const citrix = limiter.counting(verifier, '10.0.0.5');
    const clinicians = Array.from({ length: 50 }, (_, n) => `sub-${n}`);
    for (const sub of [...clinicians, ...clinicians]) expect(await outcome(citrix.verify(sub))).toBe('ok');
    expect(await outcome(citrix.verify('sub-0'))).toBe('RATE_LIMITED 60');
    // The same clinician from another address is the same clinician.
    expect(await outcome(limiter.counting(verifier, '10.0.0.6').verify('sub-0'))).toBe('RATE_LIMITED 60');
    now = 59_000;
    expect(await outcome(citrix.verify('sub-0'))).toBe('RATE_LIMITED 1');
    now = 60_000;
    expect(await outcome(citrix.verify('sub-0'))).toBe('ok');
  });

  it('counts a request that proves nothing against its address, and only such a request', async () => {
    const limiter = new RateLimiter(2, new MemoryStore());
    const garbage = new BrokerRefusal('INVALID_TOKEN');
    const names = [];
    for (let i = 0; i < 3; i++) names.push((await limiter.answer(garbage, '10.0.0.9')).refusal);
    expect(names).toEqual(['INVALID_TOKEN', 'INVALID_TOKEN', 'RATE_LIMITED']);
    // A stale but genuine token is an honest desktop's: not counted, answered as it is.
    const expired = new BrokerRefusal('TOKEN_EXPIRED');
    expect(await limiter.answer(expired, '10.0.0.9')).toBe(expired);
    expect((await limiter.answer(garbage, '10.0.0.5')).refusal).toBe('INVALID_TOKEN');
    // A clinician behind the garbage sender's address is not refused for it.
    expect(await outcome(limiter.counting(verifier, '10.0.0.9').verify('sub-1'))).toBe('ok');
  });

  it('scoped to address and clinician, counts a clinician on each address apart', async () => {
    const limiter = new RateLimiter(1, new MemoryStore(), 'address-subject');
    expect(await outcome(limiter.counting(verifier, '10.0.0.5').verify('sub-0'))).toBe('ok');
    expect(await outcome(limiter.counting(verifier, '10.0.0.6').verify('sub-0'))).toBe('ok');
    expect(await outcome(limiter.counting(verifier, '10.0.0.6').verify('sub-0'))).toBe('RATE_LIMITED 60');
  });

  it('refuses (503) a verified request rather than let it through uncounted when the store fails', async () => {
    const store = new MemoryStore();
    store.hit = () => Promise.reject(new Error('ECONNREFUSED'));
    const limiter = new RateLimiter(2, store);
    expect(await outcome(limiter.counting(verifier, 'a').verify('sub-0'))).toBe('STORE_UNAVAILABLE 5');
    const garbage = new BrokerRefusal('MISSING_TOKEN');
    expect(await limiter.answer(garbage, 'a')).toBe(garbage);
  });

  it('is scoped by configuration (rateLimitKey, SCRIBE_BROKER_RATE_LIMIT_KEY)', async () => {
    const loaded = await loadBrokerConfig({
      env: {
        SCRIBE_SERVICE_URL: 'https://us.api.example.com',
        SCRIBE_CLIENT_ID: '0b8f6f57-4a8e-4a39-9d55-1b2b0f3c5f00',
        SCRIBE_PRIVATE_KEY_FILE: '/etc/scribe/key.pem',
        SCRIBE_BROKER_ISSUER: 'https://login.example.org/tenant/v2.0',
        SCRIBE_BROKER_AUDIENCE: 'api://scribe-broker',
        SCRIBE_BROKER_RATE_LIMIT_KEY: 'address-subject',
      },
    });
    expect(loaded.ok && loaded.config.rateLimitKey).toBe('address-subject');
  });
});
