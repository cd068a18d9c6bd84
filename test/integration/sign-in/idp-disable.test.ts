/**
 * A clinician disabled at the identity provider loses access within the time IT sets (policy
 * signInRecheckHours): past it, the app renews the session's tokens through the provider and the broker
 * (a silent sign-in, `prompt=none`) instead of the service's refresh, and the provider refuses a disabled
 * account. Real OpenID provider (the account removed from it), the broker as a child process, Chromium as the
 * clinician's browser, the local service.
 */
import { describe, expect, it } from 'vitest';
import { CoreClient } from '../../../main/core/api/core-client.ts';
import { AuthenticationError } from '../../../main/core/api/errors.ts';
import { OrganizationTokenSource } from '../../../main/features/connection/organization-token-source.ts';
import { UserTokenSource } from '../../../main/core/api/auth/user-token-source.ts';
import type { TestUsers } from '../../fixtures/oidc/test-idp.ts';
import { organizationPerFile } from './organization-rig.ts';

const HOUR = 3_600_000;

describe('a clinician disabled at the identity provider', () => {
  // The provider's accounts: removing one disables it there (its session no longer finds the account).
  const users: TestUsers = { 'dr.lee': { oid: 'oid-disable-lee' } };
  const org = organizationPerFile(users, ['dr.lee']);
  const { h } = org;
  const browser = org.browser('dr.lee');

  /** `silentTimeoutMs` where no answer is expected (the provider has none for a removed account). */
  const signIn = (recheckHours?: number, silentTimeoutMs?: number) =>
    org.signIn('dr.lee', {
      ...(recheckHours ? { recheckAfterMs: recheckHours * HOUR } : {}),
      ...(silentTimeoutMs ? { silentTimeoutMs } : {}),
    });

  /** A session signed in `ageHours` ago, as the vault restores it. */
  async function session(recheckHours: number | undefined, ageHours: number, silentTimeoutMs?: number) {
    const first = await signIn(recheckHours).signIn();
    await browser.settle();
    const tokens = new OrganizationTokenSource(h.http, first.tokens, {
      signIn: signIn(recheckHours, silentTimeoutMs),
      idTokenHint: first.idToken,
      signedInAt: Date.now() - ageHours * HOUR,
      save: async () => undefined,
    });
    return Object.assign(new CoreClient(h.http, tokens), { tokens });
  }

  it('past the policy time, renews through the provider and the broker, not the service refresh', async () => {
    const core = await session(8, 9);
    h.service.control.expireAllTokens();
    const refreshes = h.count('/jwt/refresh');
    await expect(core.getNoteSettings()).resolves.toBeDefined();
    await browser.settle();
    expect(h.count('/jwt/refresh')).toBe(refreshes);
    // Within the time, the service's refresh is used as before.
    const recent = await session(8, 1);
    h.service.control.expireAllTokens();
    await expect(recent.getNoteSettings()).resolves.toBeDefined();
    expect(h.count('/jwt/refresh')).toBe(refreshes + 1);
  }, 90_000);

  it('revokes the session it replaces: the old refresh token no longer works after the re-check', async () => {
    const first = await signIn(8).signIn();
    await browser.settle();
    const old = first.tokens.refresh_token;
    const tokens = new OrganizationTokenSource(h.http, first.tokens, {
      signIn: signIn(8),
      idTokenHint: first.idToken,
      signedInAt: Date.now() - 9 * HOUR,
      save: async () => undefined,
    });
    h.service.control.expireAllTokens();
    await expect(new CoreClient(h.http, tokens).getNoteSettings()).resolves.toBeDefined();
    await browser.settle();
    expect(tokens.refreshToken).not.toBe(old);
    // A copy of the old refresh token (a vault backup) is refused by the service; the new one works.
    const replay = new UserTokenSource(h.http, { access_token: '', refresh_token: old });
    await expect(replay.token()).rejects.toBeInstanceOf(AuthenticationError);
    const current = new UserTokenSource(h.http, { access_token: '', refresh_token: tokens.refreshToken });
    await expect(current.token()).resolves.toBeTruthy();
  }, 90_000);

  it('loses access once the account is disabled there, and its service session ends', async () => {
    // The silent sign-in gets no answer: waited for 3 s here, not the app's 30 s.
    const core = await session(8, 9, 3_000);
    delete users['dr.lee'];
    try {
      h.service.control.expireAllTokens();
      const refreshes = h.count('/jwt/refresh');
      const error = await core.getNoteSettings().catch((e: unknown) => e);
      await browser.settle();
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as AuthenticationError).note).toMatchObject({
        kind: 'sign_in_expired',
        organization: true,
      });
      expect(h.count('/jwt/refresh')).toBe(refreshes);
      // The failed re-check ended the session at the service: its refresh token no longer renews there
      // directly (issue 32), as it would for about 30 days otherwise.
      const direct = new UserTokenSource(h.http, {
        access_token: '',
        refresh_token: core.tokens.refreshToken,
      });
      await expect(direct.token()).rejects.toBeInstanceOf(AuthenticationError);
    } finally {
      users['dr.lee'] = { oid: 'oid-disable-lee' };
    }
  }, 90_000);
});
