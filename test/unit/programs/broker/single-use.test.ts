/**
 * A token is exchanged once only (issue 32), but a failed exchange does not burn it (issue 34): the mark is
 * removed when the exchange failed before the service was asked for the clinician's tokens, and kept once it
 * was (a session may exist).
 */
import { describe, expect, it } from 'vitest';
import { exchangeTokenOnce } from '../../../../main/programs/broker/single-use.ts';
import { BrokerRefusal } from '../../../../main/programs/broker/refusal.ts';
import { MemoryStore } from '../../../../main/programs/broker/shared-store.ts';

const claims = { iat: 1_000, exp: 1_600 };
const limits = { maxTokenAgeSec: 300, clockToleranceSec: 30, nowMs: 1_000_000 };

async function outcome(run: Promise<unknown>): Promise<string> {
  return run.then(
    (value) => String(value),
    (error: BrokerRefusal) => error.refusal,
  );
}

describe('a token exchanged once', () => {
  it('refuses the same token once it minted, and takes another', async () => {
    const store = new MemoryStore(() => limits.nowMs);
    const mint = (minting: () => void) => (minting(), Promise.resolve('issued'));
    expect(await outcome(exchangeTokenOnce(store, 'token-a', claims, limits, mint))).toBe('issued');
    expect(await outcome(exchangeTokenOnce(store, 'token-a', claims, limits, mint))).toBe('TOKEN_REPLAYED');
    expect(await outcome(exchangeTokenOnce(store, 'token-b', claims, limits, mint))).toBe('issued');
  });

  it('refuses a second presentation while the first is still exchanging', async () => {
    const store = new MemoryStore(() => limits.nowMs);
    let finish: (value: string) => void = () => undefined;
    const first = exchangeTokenOnce(store, 'token-a', claims, limits, () => new Promise((r) => (finish = r)));
    const second = exchangeTokenOnce(store, 'token-a', claims, limits, () => Promise.resolve('issued'));
    expect(await outcome(second)).toBe('TOKEN_REPLAYED');
    finish('issued');
    expect(await outcome(first)).toBe('issued');
  });

  it('does not burn the token when the service failed before it was asked to mint', async () => {
    const store = new MemoryStore(() => limits.nowMs);
    const down = () => Promise.reject(new BrokerRefusal('SERVICE_UNAVAILABLE'));
    expect(await outcome(exchangeTokenOnce(store, 'token-a', claims, limits, down))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    const mint = (minting: () => void) => (minting(), Promise.resolve('issued'));
    expect(await outcome(exchangeTokenOnce(store, 'token-a', claims, limits, mint))).toBe('issued');
  });

  it('keeps the mark when the exchange failed once minting was asked (a session may exist)', async () => {
    const store = new MemoryStore(() => limits.nowMs);
    const lost = (minting: () => void) => (
      minting(),
      Promise.reject(new BrokerRefusal('SERVICE_UNAVAILABLE'))
    );
    expect(await outcome(exchangeTokenOnce(store, 'token-a', claims, limits, lost))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    const mint = () => Promise.resolve('issued');
    expect(await outcome(exchangeTokenOnce(store, 'token-a', claims, limits, mint))).toBe('TOKEN_REPLAYED');
  });
});
