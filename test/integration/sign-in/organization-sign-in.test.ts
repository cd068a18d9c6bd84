/**
 * "Sign in with your organization" end to end with real parts: a real OpenID provider on loopback, the
 * system browser (Chromium driven by Playwright as the clinician), the broker as a child process and the
 * local service. The clinician's own user tokens come back; every call is a user call; a spent refresh token
 * is replaced by a silent sign-in (prompt=none) while the provider's session lives; sign-out revokes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CoreClient } from '../../../main/core/api/core-client.ts';
import { OrganizationSignIn } from '../../../main/features/connection/organization-sign-in.ts';
import { OrganizationTokenSource } from '../../../main/features/connection/organization-token-source.ts';
import { SignInError } from '../../../main/core/api/auth/sign-in-error.ts';
import { organizationPerFile } from './organization-rig.ts';

const org = organizationPerFile(
  { 'dr.lee': { oid: 'oid-dr-lee', email: 'lee@example.org', name: 'Dr Lee' } },
  ['dr.lee'],
);
const { h, idp, broker } = org;
const browser = org.browser('dr.lee');
let signIn: OrganizationSignIn;

beforeAll(() => {
  signIn = new OrganizationSignIn(
    {
      issuer: idp.issuer,
      clientId: idp.clientId,
      scopes: ['openid', 'profile', 'email'],
      brokerUrl: broker.url,
      present: 'id_token',
    },
    (url) => browser.open(url),
  );
});

describe('Sign in with your organization', () => {
  it('signs the clinician in through the browser and the broker; every call is a user call as them', async () => {
    const session = await signIn.signIn();
    await browser.settle();
    expect(browser.logins).toBe(1);
    const authorize = new URL(browser.opened[0]!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(Object.keys(session.tokens).sort()).toEqual(['access_token', 'refresh_token']);

    const saved: string[] = [];
    const tokens = new OrganizationTokenSource(h.http, session.tokens, {
      signIn,
      idTokenHint: session.idToken,
      save: async (s) => void saved.push(s.refreshToken),
    });
    const core = new CoreClient(h.http, tokens);
    h.service.control.clearRequests();
    await core.getNoteSettings();
    await core.dotPhrases.list();
    const calls = h.service.control.requests.filter((r) => r.caller !== null);
    expect(calls.length).toBeGreaterThan(0);
    const user = await h.serverCore.findUserByExternalId('oid-dr-lee');
    for (const call of calls) expect(call.caller).toEqual({ kind: 'user', userId: user!.id });

    // The refresh token is refused: a silent sign-in (prompt=none) rides the provider's session.
    h.service.control.expireAllTokens();
    h.service.control.expireAllRefreshTokens();
    await core.getNoteSettings();
    await browser.settle();
    expect(browser.logins).toBe(1); // no login form the second time
    // prompt=none and the session's ID token as a hint went through a pushed authorization request: the
    // browser's URL names only the pushed request.
    const silent = new URL(browser.opened[1]!);
    expect([...silent.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(saved.length).toBeGreaterThan(0);

    // Sign-out revokes on the service and ends the provider's session.
    const before = h.count('/jwt/logout');
    await tokens.logout();
    expect(h.count('/jwt/logout')).toBe(before + 1);
    const endSession = new URL(browser.opened.at(-1)!);
    expect(endSession.pathname).toMatch(/\/session\/end/);
    // No live token in a URL (browser history, proxies' logs): the client id names the app instead.
    expect(endSession.searchParams.has('id_token_hint')).toBe(false);
    expect(endSession.searchParams.get('client_id')).toBe(idp.clientId);
    expect(browser.opened.join(' ')).not.toContain(session.idToken);
    await browser.settle();
  }, 60_000);

  it('says the browser is needed when a silent sign-in finds no session', async () => {
    // The provider's session ended with the sign-out above.
    const error = await signIn.signIn({ silent: true }).catch((e: unknown) => e);
    await browser.settle();
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).reason).toBe('interaction_required');
  }, 60_000);
});
