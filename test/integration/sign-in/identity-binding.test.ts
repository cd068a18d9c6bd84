/**
 * One app session is one clinician. On a shared OS account, another clinician may be signed in to the
 * identity provider in the browser when the app signs in again silently; the app must then stop, not carry
 * on (mid-visit) as that other person. With pushed authorization requests the silent sign-in names the
 * session's clinician (`id_token_hint`) through that back channel, never in the browser's URL, and the
 * provider refuses; without them the app compares the new `sub` with the session's and refuses itself.
 * Interactive sign-in asks the provider to let the person choose the account (`prompt=select_account`).
 */
import { describe, expect, it } from 'vitest';
import { CoreClient } from '../../../main/core/api/core-client.ts';
import { AuthenticationError } from '../../../main/core/api/errors.ts';
import { OrganizationTokenSource } from '../../../main/features/connection/organization-token-source.ts';
import { organizationPerFile } from './organization-rig.ts';

const USERS = { 'dr.lee': { oid: 'oid-bind-lee' }, 'dr.okafor': { oid: 'oid-bind-okafor' } };

describe.each([
  ['with pushed authorization requests', true],
  ['without pushed authorization requests', false],
])('a silent sign-in as someone else, %s', (_label, par) => {
  const org = organizationPerFile(USERS, ['dr.lee', 'dr.okafor'], { pushedAuthorizationRequests: par });
  const { h } = org;
  const [lee, okafor] = [org.browser('dr.lee'), org.browser('dr.okafor')];

  it('is refused: the app does not continue as the other clinician', async () => {
    const session = await org.signIn('dr.lee').signIn();
    await lee.settle();
    expect(new URL(lee.opened[0]!).searchParams.get('prompt')).toBe('select_account');
    // Another clinician signs in to the provider in the browser (here: the other profile).
    await org.signIn('dr.okafor').signIn();
    await okafor.settle();

    const tokens = new OrganizationTokenSource(h.http, session.tokens, {
      signIn: org.signIn('dr.okafor'),
      idTokenHint: session.idToken,
      save: async () => undefined,
    });
    const core = new CoreClient(h.http, tokens);
    h.service.control.expireAllTokens();
    h.service.control.expireAllRefreshTokens();
    h.service.control.clearRequests();
    const error = await core.getNoteSettings().catch((e: unknown) => e);
    await okafor.settle();
    expect(error).toBeInstanceOf(AuthenticationError);
    // With PAR the provider refuses the hint's mismatch itself; without, the app's own `sub` check does.
    if (!par) expect((error as AuthenticationError).note).toEqual({ kind: 'different_account' });
    const other = await h.serverCore.findUserByExternalId('oid-bind-okafor');
    const asOther = h.service.control.requests.filter(
      (r) => r.caller?.kind === 'user' && r.caller.userId === other?.id,
    );
    expect(asOther).toEqual([]);

    // The silent attempt's URL carries no hint and no token.
    const silent = new URL(okafor.opened.at(-1)!);
    expect(silent.searchParams.get('prompt') ?? 'pushed').not.toBe('select_account');
    for (const name of ['id_token_hint', 'login_hint']) expect(silent.searchParams.has(name)).toBe(false);
    expect(silent.href).not.toContain(session.idToken);
    if (par) expect(silent.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
  }, 90_000);
});
