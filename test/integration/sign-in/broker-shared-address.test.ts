/**
 * Clinicians who share an address (issue 34): fifty desktops behind one address (a Citrix host, a clinic's
 * NAT: here all of them on 127.0.0.1) sign in, hold their change streams and come back after a rolling
 * restart of both broker instances without one refusal, with a limit (20 a minute) that an address-keyed
 * count would pass at once; another address (127.0.0.2) sending garbage is still limited, and a clinician
 * signing in from that address is not refused for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle } from '../../harness/cli-bundle.ts';
import { until } from '../../harness/until.ts';
import { BALANCER, startClinic, startDesktops, tokenFrom, type Clinic, type Desktop } from './clinic-rig.ts';

const DESKTOPS = 50;
const LIMIT = 20;

let clinic: Clinic;
let desktops: Desktop[] = [];

beforeAll(async () => {
  clinic = await startClinic(cliBundle(), DESKTOPS + 1, { SCRIBE_BROKER_RATE_LIMIT: String(LIMIT) });
}, 60_000);
afterAll(async () => {
  for (const desktop of desktops) desktop.stop();
  await clinic?.close();
});

describe('fifty clinicians behind one address', () => {
  it('sign in, hold their streams and reconnect after a restart, never refused', async () => {
    const exchanges = await Promise.all(
      Array.from({ length: DESKTOPS }, async (_, n) => {
        const response = await clinic.fetcher(`${BALANCER}/v1/token`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await clinic.token(n)}` },
        });
        await response.body?.cancel();
        return response.status;
      }),
    );
    expect(exchanges).toEqual(Array(DESKTOPS).fill(200));
    desktops = await startDesktops(clinic, DESKTOPS);
    await until(() => desktops.every((d) => d.changes.length >= 1), 'every desktop listening');
    const streams = () => clinic.answers.filter((a) => a.path === '/v1/events' && a.status === 200).length;
    expect(streams()).toBe(DESKTOPS);
    // A rolling restart, as at a deploy: every desktop loses its stream once and opens another. A desktop
    // that reaches the stopping instance while it drains is told to go to another (503 + Retry-After): a
    // hand-over, as designed (event-streams.ts), not a refusal; the balancer here is plain round robin.
    const handOvers = new Set<(typeof clinic.answers)[number]>();
    for (const i of [0, 1]) {
      const stopping = clinic.brokers[i]!.url;
      const from = clinic.answers.length;
      await clinic.brokers[i]!.stop();
      for (const a of clinic.answers.slice(from))
        if (a.by === stopping && a.status === 503 && a.retryAfter !== null) handOvers.add(a);
      await clinic.restart(i);
    }
    await until(() => streams() >= 2 * DESKTOPS, 'every desktop listening again', 45_000);
    const refused = clinic.answers.filter((a) => a.status >= 400 && !handOvers.has(a));
    expect(refused).toEqual([]);
  }, 90_000);

  it('limits an address sending garbage, and not a clinician signing in from it', async () => {
    const broker = clinic.brokers[0]!.url;
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push(await tokenFrom(broker, '127.0.0.2', 'garbage'));
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses[LIMIT]).toBe(429);
    expect(await tokenFrom(broker, '127.0.0.2', await clinic.token(DESKTOPS))).toBe(200);
    // The fifty desktops' address is not touched by it.
    expect(await tokenFrom(broker, '127.0.0.1', 'garbage')).toBe(401);
  });
});
