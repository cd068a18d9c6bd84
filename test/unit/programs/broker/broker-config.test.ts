/** The broker's settings: flags > environment > config file > defaults; errors name the key, not the value. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBrokerConfig } from '../../../../main/programs/broker/broker-config.ts';

const ENV = {
  SCRIBE_SERVICE_URL: 'https://us.api.example.com',
  SCRIBE_CLIENT_ID: '0b8f6f57-4a8e-4a39-9d55-1b2b0f3c5f00',
  SCRIBE_PRIVATE_KEY_FILE: '/etc/scribe-broker/key.pem',
  SCRIBE_BROKER_ISSUER: 'https://login.example.org/tenant/v2.0',
  SCRIBE_BROKER_AUDIENCE: 'api://scribe-broker',
};

describe('broker configuration', () => {
  it('reads the environment, with defaults for the rest', async () => {
    const result = await loadBrokerConfig({ env: ENV });
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        serviceUrl: 'https://us.api.example.com',
        issuer: ENV.SCRIBE_BROKER_ISSUER,
        audience: 'api://scribe-broker',
        userClaim: 'sub',
        listen: '127.0.0.1:8787',
        rateLimitPerMinute: 60,
        webhooksPerMinute: 600,
        rateLimitKey: 'subject',
        clockToleranceSec: 30,
        maxTokenAgeSec: 300,
        presentedToken: 'id_token',
        trustProxy: false,
      }),
    });
  });

  it("takes the signed webhook deliveries' limit from the environment like the others (issue 34)", async () => {
    const result = await loadBrokerConfig({ env: { ...ENV, SCRIBE_BROKER_WEBHOOK_RATE_LIMIT: '3000' } });
    expect(result).toMatchObject({ ok: true, config: { webhooksPerMinute: 3000 } });
    const zero = await loadBrokerConfig({ env: { ...ENV, SCRIBE_BROKER_WEBHOOK_RATE_LIMIT: '0' } });
    expect(zero.ok).toBe(false);
  });

  it('takes flags over the environment over the config file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'broker-config-'));
    const file = join(dir, 'broker.json');
    await writeFile(file, JSON.stringify({ ...fromEnv(), userClaim: 'email', listen: '0.0.0.0:9000' }));
    const result = await loadBrokerConfig({
      file,
      env: { SCRIBE_BROKER_USER_CLAIM: 'oid' },
      flags: { listen: '127.0.0.1:0' },
    });
    expect(result.ok && result.config).toMatchObject({ userClaim: 'oid', listen: '127.0.0.1:0' });
  });

  it('names the missing or bad key and where it came from, never the value', async () => {
    const result = await loadBrokerConfig({
      env: { ...ENV, SCRIBE_BROKER_ISSUER: 'http://login.example.org/secret-looking-value' },
    });
    expect(result.ok).toBe(false);
    const error = result.ok ? '' : result.error;
    expect(error).toContain('issuer (SCRIBE_BROKER_ISSUER)');
    expect(error).not.toContain('secret-looking-value');
    const missing = await loadBrokerConfig({ env: {} });
    expect(missing.ok ? '' : missing.error).toContain('audience (missing: set SCRIBE_BROKER_AUDIENCE');
  });

  it('refuses unknown keys in the file and half a TLS setting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'broker-config-'));
    const file = join(dir, 'broker.json');
    await writeFile(file, JSON.stringify({ ...fromEnv(), audiance: 'typo' }));
    const typo = await loadBrokerConfig({ file });
    expect(typo.ok ? '' : typo.error).toContain('unknown keys in the config file: audiance');
    const tls = await loadBrokerConfig({ env: { ...ENV, SCRIBE_BROKER_TLS_CERT_FILE: '/x/cert.pem' } });
    expect(tls.ok ? '' : tls.error).toContain('tlsCertFile and tlsKeyFile go together');
  });
});

describe('the user claim and the required claim', () => {
  it('refuses upn or preferred_username unless declared trusted, and half a required claim', async () => {
    const upn = await loadBrokerConfig({ env: { ...ENV, SCRIBE_BROKER_USER_CLAIM: 'upn' } });
    expect(upn.ok ? '' : upn.error).toContain('use oid or sub, or set userClaimTrusted');
    const trusted = await loadBrokerConfig({
      env: {
        ...ENV,
        SCRIBE_BROKER_USER_CLAIM: 'preferred_username',
        SCRIBE_BROKER_USER_CLAIM_TRUSTED: 'yes',
      },
    });
    expect(trusted.ok && trusted.config.userClaimTrusted).toBe(true);
    // An allow-list (issue 32): a claim that does not identify one person is refused, trusted or not.
    for (const claim of ['name', 'mail', 'phone_number', 'given_name', 'extension_Employee']) {
      for (const trustedToo of [{}, { SCRIBE_BROKER_USER_CLAIM_TRUSTED: 'true' }]) {
        const loaded = await loadBrokerConfig({
          env: { ...ENV, SCRIBE_BROKER_USER_CLAIM: claim, ...trustedToo },
        });
        expect(loaded.ok ? [] : loaded.problems).toEqual([{ kind: 'claim_not_identifying', claim }]);
      }
    }
    for (const claim of ['oid', 'sub', 'email'])
      expect((await loadBrokerConfig({ env: { ...ENV, SCRIBE_BROKER_USER_CLAIM: claim } })).ok).toBe(true);
    const half = await loadBrokerConfig({ env: { ...ENV, SCRIBE_BROKER_REQUIRED_CLAIM: 'groups' } });
    expect(half.ok ? '' : half.error).toContain('requiredClaim and requiredClaimValue go together');
  });
});

function fromEnv() {
  return {
    serviceUrl: ENV.SCRIBE_SERVICE_URL,
    clientId: ENV.SCRIBE_CLIENT_ID,
    privateKeyFile: ENV.SCRIBE_PRIVATE_KEY_FILE,
    issuer: ENV.SCRIBE_BROKER_ISSUER,
    audience: ENV.SCRIBE_BROKER_AUDIENCE,
  };
}
