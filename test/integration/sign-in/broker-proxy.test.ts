/**
 * Behind reverse proxies the broker takes the client's address from `X-Forwarded-For`, but only the part its
 * own proxies wrote: the right-most address that is not one of them (a configured number of hops, or a list
 * of proxy addresses). Whatever a caller puts further left is theirs to invent, so it neither moves them to a
 * fresh rate-limit window nor locks out a workstation they name. Without configuration the header is ignored.
 */
import { describe, expect, it } from 'vitest';
import { brokerRigPerFile, startBrokerProcess, type BrokerProcess } from './broker-process.ts';

const { env } = brokerRigPerFile();

/** Presents a junk token with this X-Forwarded-For; the status. */
async function post(broker: BrokerProcess, forwardedFor?: string): Promise<number> {
  const response = await fetch(`${broker.url}/v1/token`, {
    method: 'POST',
    headers: { authorization: 'Bearer x', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
  await response.arrayBuffer();
  return response.status;
}

/** The `client` of each of the first `count` log lines (a line is written just after its answer). */
async function clients(broker: BrokerProcess, count: number): Promise<unknown[]> {
  for (let i = 0; i < 100 && broker.logs().length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return broker.logs().map((l) => l.client);
}

async function withBroker(extra: Record<string, string>, test: (b: BrokerProcess) => Promise<void>) {
  const broker = await startBrokerProcess({ ...env, SCRIBE_BROKER_RATE_LIMIT: '3', ...extra });
  try {
    await test(broker);
  } finally {
    await broker.stop();
  }
}

describe('the client address behind proxies', () => {
  it('with one proxy hop, takes the right-most entry; rotating the left ones does not escape the limit', () =>
    withBroker({ SCRIBE_BROKER_TRUST_PROXY: '1' }, async (broker) => {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await post(broker, `10.9.8.${i}, 198.51.100.7`));
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(await clients(broker, 4)).toEqual(Array(4).fill('198.51.100.7'));
      // Forging the workstation's address as the left entry does not lock the workstation out.
      expect(await post(broker, '198.51.100.7, 203.0.113.50')).toBe(401);
    }));

  it('with a list of proxies, takes the right-most address not on it', () =>
    withBroker({ SCRIBE_BROKER_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, async (broker) => {
      await post(broker, '192.0.2.1, 198.51.100.7, 10.1.2.3');
      await post(broker, '10.1.2.3'); // every hop a proxy: the left-most is the client
      await post(broker, 'not-an-address, 10.1.2.3'); // junk where the client should be: the proxy
      expect(await clients(broker, 3)).toEqual(['198.51.100.7', '10.1.2.3', '10.1.2.3']);
    }));

  it('without configuration, ignores the header and uses the socket address', () =>
    withBroker({}, async (broker) => {
      for (let i = 0; i < 4; i++) await post(broker, `10.9.8.${i}`);
      expect(await clients(broker, 4)).toEqual(Array(4).fill('127.0.0.1'));
    }));

  it('refuses to start with trustProxy true (it does not say which hops to trust)', async () => {
    const refused = await startBrokerProcess({ ...env, SCRIBE_BROKER_TRUST_PROXY: 'true' }).catch(
      (e: unknown) => e,
    );
    expect(String(refused)).toContain('trustProxy');
  });
});
