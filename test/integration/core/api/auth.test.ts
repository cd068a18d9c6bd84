import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../main/core/api/transport/http.ts';
import { ServerTokenSource } from '../../../../main/core/api/auth/server-token-source.ts';
import { UserTokenSource } from '../../../../main/core/api/auth/user-token-source.ts';
import { openAuthSession } from './auth-session.ts';
import { CoreClient } from '../../../../main/core/api/core-client.ts';
import { ApiError, AuthenticationError } from '../../../../main/core/api/errors.ts';
import { startHarness, type Harness } from './harness.ts';
import { serviceNoteText } from '../../../../preload/words/index.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A token source with a chosen client id, key, kid and clock, to break one claim rule at a time. */
function source(overrides: {
  clientId?: string;
  privateKey?: string;
  keyId?: string;
  now?: () => number;
  http?: HttpClient;
}) {
  return new ServerTokenSource(
    overrides.http ?? h.http,
    {
      clientId: overrides.clientId ?? h.fixtures.staticClient.id,
      privateKey: overrides.privateKey ?? h.staticPem,
      keyId: overrides.keyId,
    },
    { now: overrides.now },
  );
}

async function refusal(tokens: ServerTokenSource): Promise<ApiError> {
  const error = await tokens.token().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('client assertion: the service accepts ours and refuses each broken claim rule', () => {
  it('accepts a static-key client and a JWKS client with kid, pinning the API version', async () => {
    expect(await source({}).token()).toBeTruthy();
    expect(
      await source({
        clientId: h.fixtures.jwksClient.id,
        privateKey: h.jwksPem,
        keyId: h.fixtures.jwksClient.kid,
      }).token(),
    ).toBeTruthy();
    const versions = new Set(h.service.control.requests.map((r) => r.version));
    expect([...versions]).toEqual(['2026-10-05']);
  });

  it('refuses sub/iss naming an unknown client', async () => {
    const error = await refusal(source({ clientId: '00000000-0000-4000-8000-000000000000' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.detail).toMatch(/client|sub|iss/i);
  });

  it('refuses a signature made with another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect((await refusal(source({ privateKey: other }))).detail).toMatch(/signature/i);
  });

  it('refuses a JWKS client assertion without kid, or with an unknown kid', async () => {
    const jwks = { clientId: h.fixtures.jwksClient.id, privateKey: h.jwksPem };
    expect((await refusal(source(jwks))).detail).toMatch(/kid/i);
    expect((await refusal(source({ ...jwks, keyId: 'not-a-key' }))).detail).toMatch(/kid/i);
  });

  it('refuses an audience that is not the token URL', async () => {
    const other = await startHarness({ audience: 'https://us.api.example.com/v1/core/server/oauth/token' });
    try {
      const tokens = new ServerTokenSource(other.http, {
        clientId: other.fixtures.staticClient.id,
        privateKey: other.staticPem,
      });
      expect((await refusal(tokens)).detail).toMatch(/aud/i);
    } finally {
      await other.close();
    }
  });

  it('never reuses a jti: every token request carries a fresh assertion the service accepts', async () => {
    const tokens = source({});
    await tokens.token();
    await tokens.renew(await tokens.token());
    await tokens.renew(await tokens.token());
    expect(await tokens.token()).toBeTruthy();
  });
});

describe('server token cache', () => {
  it('asks once for concurrent callers and renews after the service expires the token', async () => {
    const tokens = source({});
    const core = new CoreClient(h.http, tokens);
    const before = h.count('/oauth/token');
    const [a, b, c] = await Promise.all([tokens.token(), tokens.token(), tokens.token()]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(h.count('/oauth/token') - before).toBe(1);
    h.service.control.expireAllTokens();
    const templates = await core.listTemplates();
    expect(templates.length).toBeGreaterThan(0);
    expect(h.count('/oauth/token') - before).toBe(2);
  });
});

describe('user tokens', () => {
  it('finds or creates the user by external id, and the same id maps to the same user', async () => {
    const one = await openAuthSession(h.http, {
      kind: 'server',
      credentials: { clientId: h.fixtures.staticClient.id, privateKey: h.staticPem },
      userExternalId: 'ext-clinician-1',
    });
    const two = await openAuthSession(h.http, {
      kind: 'server',
      credentials: { clientId: h.fixtures.staticClient.id, privateKey: h.staticPem },
      userExternalId: 'ext-clinician-1',
    });
    expect(one.userId).toBeTruthy();
    expect(two.userId).toBe(one.userId);
    expect(one.active.caller).toBe('user');
  });

  it('refreshes once on 401 with rotation: the spent refresh token is refused afterwards', async () => {
    const saved: string[] = [];
    const session = await openAuthSession(
      h.http,
      {
        kind: 'server',
        credentials: { clientId: h.fixtures.staticClient.id, privateKey: h.staticPem },
        userExternalId: 'ext-rotation',
      },
      { user: { save: (t) => void saved.push(t.refresh_token) } },
    );
    const core = new CoreClient(h.http, session.active);
    await core.getNoteSettings();
    const firstRefresh = saved.at(-1)!;
    h.service.control.expireAllTokens();
    const before = h.count('/jwt/refresh');
    await Promise.all([core.getNoteSettings(), core.getNoteSettings(), core.listTemplates()]);
    expect(h.count('/jwt/refresh') - before).toBe(1); // single flight
    expect(saved.at(-1)).not.toBe(firstRefresh); // rotated and persisted
    const reuse = await fetch(`${h.service.url}/v1/core/user/jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Nabla-Api-Version': '2026-10-05' },
      body: JSON.stringify({ refresh_token: firstRefresh }),
    });
    expect(reuse.status).toBe(401);
  });

  it('signs the user in again through server credentials when the refresh token is refused', async () => {
    const session = await openAuthSession(h.http, {
      kind: 'server',
      credentials: { clientId: h.fixtures.staticClient.id, privateKey: h.staticPem },
      userExternalId: 'ext-reauth',
    });
    const core = new CoreClient(h.http, session.active);
    h.service.control.expireAllTokens();
    h.service.control.expireAllRefreshTokens();
    const before = h.count('/jwt/authenticate/', 'POST');
    expect(await core.getNoteSettings()).toBeTruthy();
    expect(h.count('/jwt/authenticate/', 'POST') - before).toBeGreaterThanOrEqual(1);
  });

  it('without server credentials, a refused refresh asks the person to sign in again', async () => {
    const user = h.service.control.createUser({ external_id: 'ext-supplied' });
    const tokens = await h.service.control.mintUserTokens(user.id);
    const source = new UserTokenSource(h.http, tokens);
    h.service.control.expireAllTokens();
    h.service.control.expireAllRefreshTokens();
    const error = await new CoreClient(h.http, source).getNoteSettings().catch((e) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.note).toEqual({ kind: 'sign_in_expired', organization: false });
    expect(serviceNoteText(error.note)).toMatch(/Sign in again/);
  });

  it('logout revokes the session', async () => {
    const user = h.service.control.createUser({ external_id: 'ext-logout' });
    const source = new UserTokenSource(h.http, await h.service.control.mintUserTokens(user.id));
    await source.logout();
    const error = await source.renew(await source.token()).catch((e) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
  });
});
