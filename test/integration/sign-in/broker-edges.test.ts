/**
 * The broker's edges: a malformed bearer is the caller's fault (401) even while the identity provider is
 * unreachable; a broker listening beyond loopback over plain HTTP says so loudly; two first sign-ins of the
 * same new clinician both succeed, as one service user; discovery must name the configured issuer.
 */
import { describe, expect, it } from 'vitest';
import { IdpTokenVerifier, jwksUriAllowed } from '../../../main/programs/broker/idp-token-verifier.ts';
import { brokerRigPerFile, presentToken, startBrokerProcess } from './broker-process.ts';

const { h, idp, env } = brokerRigPerFile();

describe('broker edges', () => {
  it('answers a malformed bearer with 401 while the identity provider is unreachable', async () => {
    const broker = await startBrokerProcess({ ...env, SCRIBE_BROKER_ISSUER: 'http://127.0.0.1:9' });
    try {
      for (const junk of ['not.a.jwt', 'abc', 'eyJhbGciOiJSUzI1NiJ9.e30'])
        expect(await presentToken(broker.url, junk)).toMatchObject({
          status: 401,
          body: { name: 'INVALID_TOKEN' },
        });
      // A well-formed token still cannot be checked: 503.
      const answer = await presentToken(broker.url, await idp.sign({ oid: 'oid-x' }));
      expect(answer).toMatchObject({ status: 503, body: { name: 'ISSUER_UNAVAILABLE' } });
    } finally {
      await broker.stop();
    }
  });

  it('warns loudly when it listens beyond loopback over plain HTTP', async () => {
    const broker = await startBrokerProcess(env, ['--listen', '0.0.0.0:0']);
    try {
      for (let i = 0; i < 50 && !broker.stderr.includes('WARNING'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(broker.stderr).toMatch(/WARNING: .*plain HTTP/);
    } finally {
      await broker.stop();
    }
    const local = await startBrokerProcess(env);
    await local.stop();
    expect(local.stderr).not.toMatch(/WARNING/);
  });

  it('signs in two first sign-ins of the same new clinician at once, as one service user', async () => {
    const broker = await startBrokerProcess(env);
    try {
      const tokens = await Promise.all([1, 2, 3].map(() => idp.sign({ oid: 'oid-race' })));
      const answers = await Promise.all(tokens.map((t) => presentToken(broker.url, t)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const users = await h.serverCore.listUsers({ limit: 100 });
      expect(users.data.filter((u) => u.external_id === 'oid-race')).toHaveLength(1);
    } finally {
      await broker.stop();
    }
  });
});

describe('discovery', () => {
  it('refuses a discovery document that names another issuer', async () => {
    // The same provider under another name: its discovery says 127.0.0.1, the configuration localhost.
    const issuer = idp.issuer.replace('127.0.0.1', 'localhost');
    const verifier = new IdpTokenVerifier({
      issuer,
      audience: idp.clientId,
      clockToleranceSec: 30,
      maxTokenAgeSec: 300,
      presentedToken: 'id_token',
    });
    const token = await idp.sign({ iss: issuer, oid: 'oid-x' });
    await expect(verifier.verify(token)).rejects.toMatchObject({ refusal: 'ISSUER_UNAVAILABLE' });
  });

  it('takes a JWKS only over https, or http on loopback', () => {
    expect(jwksUriAllowed('https://login.example.org/keys')).toBe(true);
    expect(jwksUriAllowed('http://127.0.0.1:4000/jwks')).toBe(true);
    expect(jwksUriAllowed('http://localhost:4000/jwks')).toBe(true);
    expect(jwksUriAllowed('http://login.example.org/keys')).toBe(false);
    expect(jwksUriAllowed('ftp://login.example.org/keys')).toBe(false);
  });
});
