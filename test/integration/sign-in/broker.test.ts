/**
 * The token broker as IT runs it: `scribe broker` as a child process, a real OpenID provider on loopback
 * (its discovery and JWKS), and the local service. A token the provider signed for a clinician becomes that
 * clinician's own user tokens; every other token is refused with a clear `{code, name, message}`; tokens
 * never reach the broker's log.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreClient } from '../../../main/core/api/core-client.ts';
import { UserTokenSource } from '../../../main/core/api/auth/user-token-source.ts';
import type { UserTokens } from '../../../main/core/api/schemas/account.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';
import { presentToken, startBrokerProcess, type BrokerProcess } from './broker-process.ts';

const CANARY = 'CANARY-7f3e-do-not-log';

let h: Harness;
let idp: TestIdp;
let broker: BrokerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  idp = await startTestIdp({});
  const dir = await mkdtemp(join(tmpdir(), 'scribe-broker-'));
  await writeFile(join(dir, 'key.pem'), h.staticPem, { mode: 0o600 });
  env = {
    SCRIBE_SERVICE_URL: h.service.url,
    SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
    SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
    SCRIBE_BROKER_ISSUER: idp.issuer,
    SCRIBE_BROKER_AUDIENCE: idp.clientId,
    SCRIBE_BROKER_USER_CLAIM: 'oid',
  };
  await writeFile(
    join(dir, 'broker.json'),
    JSON.stringify({ specialtyClaim: 'specialty', rateLimitPerMinute: 40 }),
  );
  broker = await startBrokerProcess(env, ['--config', join(dir, 'broker.json')]);
});
afterAll(async () => {
  await broker?.stop();
  await idp?.close();
  await h?.close();
});

describe('scribe broker', () => {
  it('prints the address it listens on and answers its health endpoint', async () => {
    expect(broker.stdout).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    const health = await presentToken(broker.url, undefined, { method: 'GET', path: '/healthz' });
    expect(health).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it("exchanges the provider's token for the clinician's own user tokens (found or created by the claim)", async () => {
    const token = await idp.sign({
      sub: 'pairwise-1',
      oid: 'oid-dr-lee',
      specialty: 'CARDIOLOGY',
      nonce: CANARY,
    });
    const first = await presentToken(broker.url, token);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    // The tokens are a user caller's: the user endpoint answers with them, as that clinician.
    const asUser = new CoreClient(h.http, new UserTokenSource(h.http, first.body as UserTokens));
    expect(asUser.caller).toBe('user');
    await expect(asUser.getNoteSettings()).resolves.toBeDefined();
    const user = await h.serverCore.findUserByExternalId('oid-dr-lee');
    expect(user?.specialty).toBe('CARDIOLOGY');
    // The service user's id comes along, so the app's audit trail can name the clinician.
    expect(first.body.user_id).toBe(user?.id);
    // A second sign-in finds the same user instead of creating another.
    const again = await presentToken(broker.url, await idp.sign({ oid: 'oid-dr-lee' }));
    expect(again.status).toBe(200);
    const users = await h.serverCore.listUsers({ limit: 100 });
    expect(users.data.filter((u) => u.external_id === 'oid-dr-lee')).toHaveLength(1);
  });

  it.each([
    ['wrong audience', { aud: 'another-app' }, 'WRONG_AUDIENCE', 401],
    ['wrong issuer', { iss: 'https://login.elsewhere.example' }, 'WRONG_ISSUER', 401],
    [
      'expired token',
      { exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 900 },
      'TOKEN_EXPIRED',
      401,
    ],
    [
      'unknown claim (the user claim missing)',
      { oid: undefined, email: 'lee@example.org' },
      'USER_CLAIM_MISSING',
      403,
    ],
  ])('refuses a token with %s', async (_label, claims, name, status) => {
    const answer = await presentToken(broker.url, await idp.sign({ oid: 'oid-x', ...claims }));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, name, message: expect.any(String) });
  });

  it('refuses a token signed with another key under the provider key id (bad signature)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const answer = await presentToken(broker.url, await idp.sign({ oid: 'oid-x' }, { key: privateKey }));
    expect(answer).toMatchObject({ status: 401, body: { name: 'BAD_SIGNATURE' } });
  });

  it('refuses a deactivated clinician (the service refuses to mint)', async () => {
    const user = await h.serverCore.createUser({ external_id: 'oid-left-the-practice' });
    await h.serverCore.deactivateUser(user.id);
    const answer = await presentToken(broker.url, await idp.sign({ oid: 'oid-left-the-practice' }));
    expect(answer).toMatchObject({ status: 403, body: { code: 403, name: 'USER_DEACTIVATED' } });
  });

  it('refuses anything else clearly', async () => {
    expect(await presentToken(broker.url, undefined)).toMatchObject({
      status: 401,
      body: { name: 'MISSING_TOKEN' },
    });
    expect(await presentToken(broker.url, 'not.a.jwt')).toMatchObject({
      status: 401,
      body: { name: 'INVALID_TOKEN' },
    });
    expect(await presentToken(broker.url, 'x', { method: 'GET' })).toMatchObject({
      status: 405,
      body: { name: 'METHOD_NOT_ALLOWED' },
    });
    expect(await presentToken(broker.url, 'x', { path: '/v1/users' })).toMatchObject({
      status: 404,
      body: { name: 'NOT_FOUND' },
    });
    const withBody = await presentToken(broker.url, await idp.sign({ oid: 'oid-x' }), {
      body: '{"user":"a"}',
    });
    expect(withBody).toMatchObject({ status: 400, body: { name: 'BODY_NOT_ALLOWED' } });
  });

  it('logs who, when and the outcome, and never a token', async () => {
    const logs = broker.logs();
    expect(logs.some((l) => l.outcome === 'issued' && l.externalId === 'oid-dr-lee')).toBe(true);
    expect(logs.some((l) => l.outcome === 'refused' && l.reason === 'WRONG_AUDIENCE')).toBe(true);
    for (const line of logs) expect(line).toMatchObject({ time: expect.any(String), client: '127.0.0.1' });
    expect(broker.stderr).not.toContain(CANARY);
    expect(broker.stderr).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/); // no JWT, presented or minted
  });

  it('limits the request rate per client address', async () => {
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push((await presentToken(broker.url, 'x')).status);
    expect(answers).toContain(429);
    const limited = await presentToken(broker.url, 'x');
    expect(limited.body).toMatchObject({ code: 429, name: 'RATE_LIMITED' });
  });
});

describe('scribe broker with a JWKS-registered OAuth client', () => {
  it('publishes the public half of its key under the key id, and signs in with it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scribe-broker-jwks-'));
    await writeFile(join(dir, 'key.pem'), h.jwksPem, { mode: 0o600 });
    const jwksBroker = await startBrokerProcess({
      ...env,
      SCRIBE_CLIENT_ID: h.fixtures.jwksClient.id,
      SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
      SCRIBE_KEY_ID: h.fixtures.jwksClient.kid!,
    });
    try {
      const jwks = await presentToken(jwksBroker.url, undefined, {
        method: 'GET',
        path: '/.well-known/jwks.json',
      });
      const registered = (h.fixtures.jwksClient.config as unknown as { jwks: { keys: { n: string }[] } }).jwks
        .keys[0]!;
      expect(jwks).toMatchObject({
        status: 200,
        body: { keys: [{ kid: h.fixtures.jwksClient.kid, n: registered.n, alg: 'RS256', use: 'sig' }] },
      });
      expect(JSON.stringify(jwks.body)).not.toMatch(/"d"|"p"|"q"/); // never a private member
      const answer = await presentToken(jwksBroker.url, await idp.sign({ oid: 'oid-jwks-user' }));
      expect(answer.status).toBe(200);
    } finally {
      await jwksBroker.stop();
    }
    // Without a key id there is no JWKS to publish.
    const none = await presentToken(broker.url, undefined, { method: 'GET', path: '/.well-known/jwks.json' });
    expect(none.status).toBe(404);
  });
});

describe('scribe broker with TLS', () => {
  it('serves HTTPS itself when given a certificate and key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scribe-broker-tls-'));
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const tls = await startBrokerProcess({
      ...env,
      SCRIBE_BROKER_TLS_CERT_FILE: cert,
      SCRIBE_BROKER_TLS_KEY_FILE: key,
    });
    try {
      expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const ca = await readFile(cert, 'utf8');
      const body = await new Promise<string>((resolve, reject) => {
        request(`${tls.url}/healthz`, { ca }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
      expect(JSON.parse(body)).toEqual({ status: 'ok' });
    } finally {
      await tls.stop();
    }
  });
});
