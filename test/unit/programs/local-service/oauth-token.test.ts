import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSPKI, generateKeyPair } from 'jose';
import { signAssertion, type AssertionOverrides } from '../../../../main/programs/local-service/fixtures.ts';
import { call, startHarness, type Harness } from './helpers.ts';

const TOKEN = '/v1/core/server/oauth/token';
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

describe('local service: POST /oauth/token', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.service.close());

  const exchange = (client_assertion: unknown, extra: Record<string, unknown> = {}) =>
    call(h.service, 'POST', TOKEN, {
      body: {
        grant_type: 'client_credentials',
        client_assertion_type: JWT_BEARER,
        client_assertion,
        ...extra,
      },
    });
  const refusedWith = async (
    overrides: AssertionOverrides,
    reason: RegExp,
    client = h.fixtures.staticClient,
  ) => {
    const answer = await exchange(await signAssertion(client, h.service.audience, overrides));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 40100, name: 'INVALID_CLIENT_ASSERTION' });
    expect(typeof answer.body.trace_id).toBe('string');
    expect(answer.body.message).toMatch(reason);
  };

  it('issues an opaque token for a static-key client and for a JWKS client', async () => {
    for (const client of [h.fixtures.staticClient, h.fixtures.jwksClient]) {
      const answer = await exchange(await signAssertion(client, h.service.audience));
      expect(answer.status).toBe(200);
      expect(answer.body.expires_in).toBe(3600);
      expect(answer.body.access_token.split('.')).toHaveLength(1);
      const users = await call(h.service, 'GET', '/v1/core/server/users', {
        token: answer.body.access_token,
      });
      expect(users.status).toBe(200);
    }
  });

  it('defaults the audience to the full token URL', () => {
    expect(h.service.audience).toBe(`${h.service.url}${TOKEN}`);
  });

  it('refuses a wrong grant type or assertion type with 400', async () => {
    const assertion = await signAssertion(h.fixtures.staticClient, h.service.audience);
    const grant = await exchange(assertion, { grant_type: 'password' });
    expect(grant.status).toBe(400);
    expect(grant.body.message).toMatch(/grant_type/);
    const type = await exchange(assertion, { client_assertion_type: 'urn:other' });
    expect(type.status).toBe(400);
    expect(type.body.message).toMatch(/client_assertion_type/);
    expect((await exchange(undefined)).status).toBe(400);
  });

  it('refuses each header rule with its own reason', async () => {
    await refusedWith(
      { header: { alg: 'HS256' }, key: new TextEncoder().encode('x'.repeat(32)) },
      /alg must be RS256/,
    );
    await refusedWith({ header: { typ: 'at+jwt' } }, /typ must be JWT/);
    await refusedWith({ header: { kid: undefined } }, /kid header is required/, h.fixtures.jwksClient);
    await refusedWith({ header: { kid: 'someone-else' } }, /kid does not match/, h.fixtures.jwksClient);
  });

  it('accepts an assertion without typ, as the vendor’s backend sends it ({alg: RS256} only)', async () => {
    for (const client of [h.fixtures.staticClient, h.fixtures.jwksClient]) {
      const assertion = await signAssertion(client, h.service.audience, { header: { typ: undefined } });
      expect(JSON.parse(Buffer.from(assertion.split('.')[0]!, 'base64url').toString())).not.toHaveProperty(
        'typ',
      );
      expect((await exchange(assertion)).status).toBe(200);
    }
  });

  it('runs on a configurable clock offset: its time checks and Date header 10 minutes off the computer’s', async () => {
    for (const offset of [10 * 60_000, -10 * 60_000]) {
      const skewed = await startHarness({ clockOffsetMs: offset });
      try {
        const post = async (assertion: string) =>
          call(skewed.service, 'POST', TOKEN, {
            body: {
              grant_type: 'client_credentials',
              client_assertion_type: JWT_BEARER,
              client_assertion: assertion,
            },
          });
        const local = await post(await signAssertion(skewed.fixtures.staticClient, skewed.service.audience));
        expect(local.status).toBe(401);
        expect(local.body.message).toMatch(
          offset > 0 ? /exp is in the past/ : /iat is in the future|more than 5 minutes/,
        );
        const shown = Date.parse(local.headers.get('date')!);
        expect(Math.abs(shown - (Date.now() + offset))).toBeLessThan(5_000);
        const now = Math.floor(skewed.service.control.now() / 1000);
        expect(
          (await post(await signAssertion(skewed.fixtures.staticClient, skewed.service.audience, { now })))
            .status,
        ).toBe(200);
      } finally {
        await skewed.service.close();
      }
    }
  });

  it('refuses a signature made with another key', async () => {
    const other = await generateKeyPair('RS256');
    await refusedWith({ key: other.privateKey }, /signature does not verify/);
  });

  it('refuses each subject, issuer and audience rule', async () => {
    await refusedWith({ omit: ['sub'] }, /sub is required/);
    await refusedWith({ claims: { iss: 'not-the-client' } }, /iss must equal sub/);
    await refusedWith({ claims: { sub: 'unknown', iss: 'unknown' } }, /not a known OAuth client/);
    await refusedWith(
      { claims: { aud: `${h.service.url}/v1/core/server/oauth` } },
      /aud must be the full URL/,
    );
    await refusedWith({ claims: { aud: [h.service.audience, 'x'] } }, /aud must be the full URL/);
  });

  it('refuses each time rule', async () => {
    const now = Math.floor(h.service.control.now() / 1000);
    await refusedWith({ omit: ['exp'] }, /exp is required/);
    await refusedWith({ now, claims: { exp: now - 1, iat: now - 60 } }, /exp is in the past/);
    // Without iat and well past the bound, so a second ticking over on a loaded machine changes nothing.
    await refusedWith(
      { now, omit: ['iat'], claims: { exp: now + 330 } },
      /more than 5 minutes in the future/,
    );
    await refusedWith({ now, claims: { iat: now + 5 } }, /iat is in the future/);
    await refusedWith(
      { now, claims: { iat: now - 200, exp: now + 200 } },
      /iat is not within 5 minutes of exp/,
    );
    const ok = await exchange(
      await signAssertion(h.fixtures.staticClient, h.service.audience, {
        now,
        omit: ['iat', 'jti'],
        claims: { exp: now + 300 },
      }),
    );
    expect(ok.status).toBe(200);
  });

  it('refuses a replayed jti but accepts the same claims with a new jti', async () => {
    const assertion = await signAssertion(h.fixtures.jwksClient, h.service.audience, {
      claims: { jti: 'once' },
    });
    expect((await exchange(assertion)).status).toBe(200);
    const replay = await exchange(assertion);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/jti has already been used/);
    expect(
      (
        await exchange(
          await signAssertion(h.fixtures.jwksClient, h.service.audience, { claims: { jti: 'twice' } }),
        )
      ).status,
    ).toBe(200);
  });

  it('never echoes the assertion in a refusal', async () => {
    const assertion = await signAssertion(h.fixtures.staticClient, h.service.audience, {
      claims: { aud: 'https://elsewhere' },
    });
    const answer = await exchange(assertion);
    expect(JSON.stringify(answer.body)).not.toContain(assertion.slice(0, 20));
  });

  it('accepts a PEM static key and a rotated JWKS', async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    h.service.control.setClient({ id: 'pem-client', publicKey: await exportSPKI(pair.publicKey) });
    const client = {
      id: 'pem-client',
      privateKey: pair.privateKey,
      config: { id: 'pem-client', publicKey: '' },
    };
    expect((await exchange(await signAssertion(client, h.service.audience))).status).toBe(200);
    h.service.control.deleteClient('pem-client');
    await refusedWith({}, /not a known OAuth client/, client);
  });
});

describe('local service: server token lifetime', () => {
  it('expires tokens after expires_in of service time, and on expireAllTokens', async () => {
    const h = await startHarness({ serverTokenLifetimeSec: 60 });
    try {
      const get = (token: string) => call(h.service, 'GET', '/v1/core/server/users', { token });
      const first = await call(h.service, 'POST', TOKEN, {
        body: {
          grant_type: 'client_credentials',
          client_assertion_type: JWT_BEARER,
          client_assertion: await signAssertion(h.fixtures.staticClient, h.service.audience),
        },
      });
      expect(first.body.expires_in).toBe(60);
      h.service.control.advance(59_000);
      expect((await get(first.body.access_token)).status).toBe(200);
      h.service.control.advance(1_000);
      const expired = await get(first.body.access_token);
      expect(expired.status).toBe(401);
      expect(expired.body.name).toBe('TOKEN_EXPIRED');
      const second = h.service.control.mintServerToken(h.fixtures.staticClient.id);
      expect((await get(second.access_token)).status).toBe(200);
      h.service.control.expireAllTokens();
      expect((await get(second.access_token)).status).toBe(401);
      expect((await get('made-up')).status).toBe(401);
      expect((await call(h.service, 'GET', '/v1/core/server/users')).status).toBe(401);
    } finally {
      await h.service.close();
    }
  });
});
