/**
 * A verified token is not verified again while it lasts (issue 34), but its times are checked on every use,
 * as jose checks them, and nothing is kept past the token's expiry, KEEP_MS or the bound.
 */
import { describe, expect, it } from 'vitest';
import { KEEP_MS, VerifiedTokens } from '../../../../main/programs/broker/verified-tokens.ts';

const TOLERANCE = 30;
const iat = 1_000_000;
const claims = { sub: 'a', iat, exp: iat + 3_600 };

function tokens(max?: number) {
  const clock = { ms: iat * 1000 };
  return { clock, cache: new VerifiedTokens(TOLERANCE, () => clock.ms, max) };
}

describe('verified tokens', () => {
  it('gives back the claims of a token verified before, and nothing for another', () => {
    const { cache } = tokens();
    cache.remember('token-a', claims);
    expect(cache.get('token-a', 300)).toBe(claims);
    expect(cache.get('token-b', 300)).toBeUndefined();
  });

  it("checks the token's age against each use's limit", () => {
    const { clock, cache } = tokens();
    cache.remember('token-a', claims);
    clock.ms += (60 + TOLERANCE + 1) * 1000;
    expect(cache.get('token-a', 60)).toBeUndefined();
    expect(cache.get('token-a', 3_600)).toBe(claims);
  });

  it('forgets a token once it expires, and after KEEP_MS whatever its expiry', () => {
    const { clock, cache } = tokens();
    cache.remember('short', { ...claims, exp: iat + 60 });
    cache.remember('long', { ...claims, exp: iat + 86_400 });
    clock.ms += 60 * 1000;
    expect(cache.get('short', 86_400)).toBeUndefined();
    expect(cache.get('long', 86_400)).toBeDefined();
    clock.ms = iat * 1000 + KEEP_MS;
    expect(cache.get('long', 86_400)).toBeUndefined();
  });

  it('keeps no token without exp and iat', () => {
    const { cache } = tokens();
    cache.remember('token-a', { sub: 'a' });
    expect(cache.get('token-a', 300)).toBeUndefined();
  });

  it('holds at most its bound, the least recently used going first', () => {
    const { cache } = tokens(2);
    cache.remember('one', claims);
    cache.remember('two', claims);
    cache.get('one', 300);
    cache.remember('three', claims);
    expect(cache.get('two', 300)).toBeUndefined();
    expect(cache.get('one', 300)).toBe(claims);
    expect(cache.get('three', 300)).toBe(claims);
  });
});
