/**
 * The presented ID token is a bearer credential: the broker takes only a fresh ID token issued to the
 * desktop app. A token for several audiences must name the app as its authorized party (`azp`); a token
 * issued long ago is refused whatever its `exp` says (the broker's clock against the provider's `iat`); a
 * token that is not an ID token (`typ: at+jwt`, a logout token …) is refused; a token is exchanged once only. Real provider on loopback,
 * the broker as a child process, the local service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';
import { brokerEnv, presentToken, startBrokerProcess, type BrokerProcess } from './broker-process.ts';

let h: Harness;
let idp: TestIdp;
let broker: BrokerProcess;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  h = await startHarness();
  idp = await startTestIdp({});
  const env = await brokerEnv(
    { url: h.service.url, clientId: h.fixtures.staticClient.id, pem: h.staticPem },
    idp,
  );
  broker = await startBrokerProcess({ ...env, SCRIBE_BROKER_MAX_TOKEN_AGE: '300' });
});
afterAll(async () => {
  await broker?.stop();
  await idp?.close();
  await h?.close();
});

describe('the broker takes only a fresh ID token issued to the desktop app', () => {
  it('takes a fresh ID token for the app, with or without a typ of JWT, and with azp the app', async () => {
    for (const token of [
      await idp.sign({ oid: 'oid-fresh' }),
      await idp.sign({ oid: 'oid-fresh' }, { header: { typ: undefined } }),
      await idp.sign({ oid: 'oid-fresh', aud: [idp.clientId, 'other-api'], azp: idp.clientId }),
    ])
      expect((await presentToken(broker.url, token)).status).toBe(200);
  });

  it.each([
    ['several audiences, azp another client', { aud: ['other-api', 'scribe-desktop'], azp: 'other-api' }],
    ['several audiences, no azp', { aud: ['other-api', 'scribe-desktop'] }],
    ['one audience, azp another client', { azp: 'other-api' }],
  ])('refuses a token with %s (WRONG_AUDIENCE)', async (_label, claims) => {
    const answer = await presentToken(broker.url, await idp.sign({ oid: 'oid-x', ...claims }));
    expect(answer).toMatchObject({ status: 401, body: { code: 401, name: 'WRONG_AUDIENCE' } });
  });

  it('refuses a token issued 30 days ago that expires in a year (TOKEN_TOO_OLD)', async () => {
    const old = await idp.sign({ oid: 'oid-x', iat: now() - 30 * 86_400, exp: now() + 365 * 86_400 });
    expect(await presentToken(broker.url, old)).toMatchObject({
      status: 401,
      body: { code: 401, name: 'TOKEN_TOO_OLD' },
    });
    // Six minutes: past the five configured plus the 30 s allowance for the provider's clock.
    const sixMinutes = await idp.sign({ oid: 'oid-x', iat: now() - 360 });
    expect((await presentToken(broker.url, sixMinutes)).body).toMatchObject({ name: 'TOKEN_TOO_OLD' });
    // Five minutes and twenty seconds: within the allowance.
    const withinSkew = await idp.sign({ oid: 'oid-x', iat: now() - 320 });
    expect((await presentToken(broker.url, withinSkew)).status).toBe(200);
    const noIat = await idp.sign({ oid: 'oid-x', iat: undefined });
    expect((await presentToken(broker.url, noIat)).body).toMatchObject({ name: 'INVALID_TOKEN' });
  });

  it('takes a token once: the same token presented again is refused (TOKEN_REPLAYED)', async () => {
    const token = await idp.sign({ oid: 'oid-once' });
    expect((await presentToken(broker.url, token)).status).toBe(200);
    expect(await presentToken(broker.url, token)).toMatchObject({
      status: 401,
      body: { code: 401, name: 'TOKEN_REPLAYED' },
    });
    // A new sign-in's token is taken.
    expect((await presentToken(broker.url, await idp.sign({ oid: 'oid-once' }))).status).toBe(200);
  });

  it.each([['at+jwt'], ['application/at+jwt'], ['logout+jwt'], ['secevent+jwt']])(
    'refuses a token of typ %s (WRONG_TOKEN_TYPE)',
    async (typ) => {
      const token = await idp.sign({ oid: 'oid-x' }, { header: { typ } });
      expect(await presentToken(broker.url, token)).toMatchObject({
        status: 401,
        body: { code: 401, name: 'WRONG_TOKEN_TYPE' },
      });
    },
  );

  it('takes an access token for its own API only when configured so (at+jwt, or JWT as Entra writes)', async () => {
    const env = await brokerEnv(
      { url: h.service.url, clientId: h.fixtures.staticClient.id, pem: h.staticPem },
      idp,
    );
    const api = await startBrokerProcess({ ...env, SCRIBE_BROKER_PRESENTED_TOKEN: 'access_token' });
    try {
      const accessToken = await idp.sign({ oid: 'oid-api' }, { header: { typ: 'at+jwt' } });
      expect((await presentToken(api.url, accessToken)).status).toBe(200);
      const logoutToken = await idp.sign({ oid: 'oid-api' }, { header: { typ: 'logout+jwt' } });
      expect((await presentToken(api.url, logoutToken)).body).toMatchObject({ name: 'WRONG_TOKEN_TYPE' });
    } finally {
      await api.stop();
    }
  });

  it('names each refusal in its log, never the token', async () => {
    const reasons = new Set(broker.logs().map((l) => l.reason));
    for (const reason of ['WRONG_AUDIENCE', 'TOKEN_TOO_OLD', 'TOKEN_REPLAYED', 'WRONG_TOKEN_TYPE'])
      expect(reasons).toContain(reason);
    expect(broker.stderr).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});
