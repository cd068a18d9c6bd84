/**
 * The claim that names a clinician must not be one a person can change for themselves. With `email` the
 * token must say the address is verified (`email_verified: true`), or a token for an unverified address
 * would get the account of the clinician who has it; and a required group or role keeps the tenant's guests
 * from being provisioned at all. Real provider on loopback, the broker as a child process, the local service.
 */
import { describe, expect, it } from 'vitest';
import { brokerRigPerFile, presentToken, startBrokerProcess } from './broker-process.ts';

const { h, idp, env } = brokerRigPerFile();

describe('the user claim', () => {
  it('takes email only when the token says it is verified', async () => {
    const broker = await startBrokerProcess({ ...env, SCRIBE_BROKER_USER_CLAIM: 'email' });
    try {
      const existing = await h.serverCore.createUser({ external_id: 'lee@example.org' });
      for (const claims of [{ email_verified: false }, {}, { email_verified: 'true' }]) {
        const token = await idp.sign({ email: 'lee@example.org', ...claims });
        expect(await presentToken(broker.url, token)).toMatchObject({
          status: 403,
          body: { code: 403, name: 'USER_CLAIM_UNVERIFIED' },
        });
      }
      const verified = await idp.sign({ email: 'lee@example.org', email_verified: true });
      expect((await presentToken(broker.url, verified)).status).toBe(200);
      const users = await h.serverCore.listUsers({ limit: 100 });
      expect(users.data.filter((u) => u.external_id === 'lee@example.org').map((u) => u.id)).toEqual([
        existing.id,
      ]);
    } finally {
      await broker.stop();
    }
  });

  it('does not start with upn or preferred_username unless IT says the claim is trusted', async () => {
    for (const claim of ['upn', 'preferred_username']) {
      const refused = await startBrokerProcess({ ...env, SCRIBE_BROKER_USER_CLAIM: claim }).catch(
        (e: unknown) => e,
      );
      expect(String(refused)).toContain('userClaimTrusted');
    }
    // Issue 32: an allow-list, not a deny-list. `name` would map every namesake to one clinician.
    const named = await startBrokerProcess({ ...env, SCRIBE_BROKER_USER_CLAIM: 'name' }).catch(
      (e: unknown) => e,
    );
    expect(String(named)).toContain('userClaim name does not identify one person');
    const trusted = await startBrokerProcess({
      ...env,
      SCRIBE_BROKER_USER_CLAIM: 'upn',
      SCRIBE_BROKER_USER_CLAIM_TRUSTED: 'true',
    });
    try {
      const token = await idp.sign({ upn: 'okafor@example.org' });
      expect((await presentToken(trusted.url, token)).status).toBe(200);
    } finally {
      await trusted.stop();
    }
  });
});

describe('a required group or role', () => {
  it('refuses a token without it, and provisions no user for it', async () => {
    const broker = await startBrokerProcess({
      ...env,
      SCRIBE_BROKER_REQUIRED_CLAIM: 'roles',
      SCRIBE_BROKER_REQUIRED_CLAIM_VALUE: 'Scribe.User',
    });
    try {
      for (const roles of [undefined, [], ['Other.Role'], 'Other.Role']) {
        const guest = await idp.sign({ oid: 'oid-guest', ...(roles === undefined ? {} : { roles }) });
        expect(await presentToken(broker.url, guest)).toMatchObject({
          status: 403,
          body: { code: 403, name: 'ACCESS_NOT_GRANTED' },
        });
      }
      expect(await h.serverCore.findUserByExternalId('oid-guest')).toBeUndefined();
      for (const roles of [['Other.Role', 'Scribe.User'], 'Scribe.User']) {
        const member = await idp.sign({ oid: 'oid-member', roles });
        expect((await presentToken(broker.url, member)).status).toBe(200);
      }
      expect(broker.logs().filter((l) => l.reason === 'ACCESS_NOT_GRANTED')).toHaveLength(4);
    } finally {
      await broker.stop();
    }
  });
});
