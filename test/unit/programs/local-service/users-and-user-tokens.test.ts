import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { call, serverToken, userSession, type Harness, serverForSuite } from './helpers.ts';

const S = '/v1/core/server';
const U = '/v1/core/user';

describe('local service: users', () => {
  let h: Harness;
  let token: string;
  serverForSuite((s) => ({ h, token } = s));

  it('creates, finds, patches and lists users', async () => {
    const created = await call(h.service, 'POST', `${S}/users`, {
      token,
      body: { external_id: 'ext-1', metadata: { team: 'a' } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ activated: true, external_id: 'ext-1', metadata: { team: 'a' } });
    expect(created.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const found = await call(h.service, 'GET', `${S}/users/find_by_external_id/ext-1`, { token });
    expect(found.body.id).toBe(created.body.id);
    expect((await call(h.service, 'GET', `${S}/users/find_by_external_id/nobody`, { token })).status).toBe(
      404,
    );
    const duplicate = await call(h.service, 'POST', `${S}/users`, { token, body: { external_id: 'ext-1' } });
    expect(duplicate.status).toBe(409);
    expect(
      (await call(h.service, 'POST', `${S}/users`, { token, body: { external_id: 'x'.repeat(257) } })).status,
    ).toBe(400);
    const patched = await call(h.service, 'PATCH', `${S}/users/${created.body.id}`, {
      token,
      body: { external_id: 'ext-2' },
    });
    expect(patched.body.external_id).toBe('ext-2');
    expect((await call(h.service, 'GET', `${S}/users/${created.body.id}`, { token })).body.external_id).toBe(
      'ext-2',
    );
    for (let i = 0; i < 4; i++) await call(h.service, 'POST', `${S}/users`, { token, body: {} });
    const page1 = await call(h.service, 'GET', `${S}/users?limit=2`, { token });
    expect(page1.body.data).toHaveLength(2);
    expect(page1.body.has_more).toBe(true);
    const seen = new Set(page1.body.data.map((u: { id: string }) => u.id));
    let cursor = page1.body.next_cursor;
    while (cursor) {
      const page = await call(h.service, 'GET', `${S}/users?limit=2&cursor=${cursor}`, { token });
      page.body.data.forEach((u: { id: string }) => seen.add(u.id));
      cursor = page.body.next_cursor;
    }
    expect(seen.size).toBe(5);
    expect((await call(h.service, 'GET', `${S}/users?limit=101`, { token })).status).toBe(400);
  });

  it('filters by activation, and a deactivated user is refused with 403', async () => {
    const session = await userSession(h, token);
    expect((await call(h.service, 'GET', `${U}/note-settings`, { token: session.access })).status).toBe(200);
    await call(h.service, 'POST', `${S}/users/${session.userId}/deactivate`, { token });
    const refused = await call(h.service, 'GET', `${U}/note-settings`, { token: session.access });
    expect(refused.status).toBe(403);
    expect(refused.body.name).toBe('USER_DEACTIVATED');
    expect((await call(h.service, 'POST', `${S}/jwt/authenticate/${session.userId}`, { token })).status).toBe(
      403,
    );
    const inactive = await call(h.service, 'GET', `${S}/users?activated=false`, { token });
    expect(inactive.body.data.map((u: { id: string }) => u.id)).toEqual([session.userId]);
    await call(h.service, 'POST', `${S}/users/${session.userId}/activate`, { token });
    expect((await call(h.service, 'GET', `${U}/note-settings`, { token: session.access })).status).toBe(200);
  });
});

describe('local service: user tokens', () => {
  let h: Harness;
  let token: string;
  serverForSuite((s) => ({ h, token } = s));

  const refresh = (refresh_token: string, headers: Record<string, string> = {}) =>
    call(h.service, 'POST', `${U}/jwt/refresh`, { body: { refresh_token }, headers });

  it('mints JWTs whose exp says ~5 minutes and 30 days', async () => {
    const session = await userSession(h, token);
    const access = decodeJwt(session.access);
    const refreshClaims = decodeJwt(session.refresh);
    expect(access.sub).toBe(session.userId);
    expect(access.exp! - access.iat!).toBe(300);
    expect(refreshClaims.exp! - refreshClaims.iat!).toBe(30 * 24 * 3600);
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole family', async () => {
    const session = await userSession(h, token);
    const first = await refresh(session.refresh);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(session.refresh);
    expect(
      (await call(h.service, 'GET', `${U}/note-settings`, { token: first.body.access_token })).status,
    ).toBe(200);
    const reuse = await refresh(session.refresh);
    expect(reuse.status).toBe(401);
    expect(reuse.body.name).toBe('REFRESH_TOKEN_REUSED');
    // The newer token of the same family is revoked too.
    expect((await refresh(first.body.refresh_token)).status).toBe(401);
  });

  it('treats two concurrent refreshes of one token as a replay', async () => {
    const session = await userSession(h, token);
    const answers = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await refresh(winner.body.refresh_token)).status).toBe(401);
  });

  it('refuses a refresh that carries an Authorization header', async () => {
    const session = await userSession(h, token);
    const answer = await refresh(session.refresh, { authorization: `Bearer ${session.access}` });
    expect(answer.status).toBe(400);
    expect((await refresh(session.refresh)).status).toBe(200);
  });

  it('logout revokes the session', async () => {
    const session = await userSession(h, token);
    expect(
      (await call(h.service, 'POST', `${U}/jwt/logout`, { body: { refresh_token: session.refresh } })).status,
    ).toBe(204);
    expect((await refresh(session.refresh)).status).toBe(401);
  });

  it('expires user access tokens after 300 s and refresh tokens after 30 days', async () => {
    const session = await userSession(h, token);
    h.service.control.advance(299_000);
    expect((await call(h.service, 'GET', `${U}/note-settings`, { token: session.access })).status).toBe(200);
    h.service.control.advance(1_000);
    expect((await call(h.service, 'GET', `${U}/note-settings`, { token: session.access })).status).toBe(401);
    const renewed = await refresh(session.refresh);
    expect(renewed.status).toBe(200);
    h.service.control.advance(30 * 24 * 3600 * 1000);
    expect((await refresh(renewed.body.refresh_token)).status).toBe(401);
  });

  it('gives the WebSocket side the same token verdicts', async () => {
    const fresh = await serverToken(h);
    const session = await userSession(h, fresh);
    const verify = h.service.internals.verifyToken;
    expect(verify(fresh, 'server')).toBe('ok');
    expect(verify(fresh, 'user')).toBe('invalid');
    expect(verify(session.access, 'user')).toBe('ok');
    expect(verify('nonsense', 'user')).toBe('invalid');
    h.service.control.advance(300_000);
    expect(verify(session.access, 'user')).toBe('expired');
  });

  it('keeps server and user token families apart', async () => {
    const fresh = await serverToken(h);
    const session = await userSession(h, fresh);
    const userOnServer = await call(h.service, 'GET', `${S}/users`, { token: session.access });
    expect(userOnServer.status).toBe(403);
    expect(userOnServer.body.name).toBe('WRONG_TOKEN_KIND');
    expect((await call(h.service, 'GET', `${U}/note-settings`, { token: fresh })).status).toBe(403);
    expect((await call(h.service, 'GET', `${U}/note-settings`)).status).toBe(401);
    // E/M endpoints exist only for server callers.
    expect(
      (await call(h.service, 'POST', `${U}/compute-em-codes`, { token: session.access, body: {} })).status,
    ).toBe(404);
  });
});
