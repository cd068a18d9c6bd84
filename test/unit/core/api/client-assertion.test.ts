import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadRsaPrivateKey, signClientAssertion } from '../../../../main/core/api/auth/client-assertion.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const TOKEN_URL = 'https://us.api.example.com/v1/core/server/oauth/token';
const CLIENT = '2d1f4c9e-8a6b-4f3e-9c1d-7e5a3b2c1d0f';

describe('signClientAssertion', () => {
  it('follows the claim table: RS256, JWT, sub = iss = client, aud = token URL, exp ≤ 5 min, iat in the past, jti', async () => {
    const now = Date.UTC(2026, 10, 22, 8, 0, 0);
    const jwt = await signClientAssertion({ clientId: CLIENT, privateKey }, TOKEN_URL, now);
    const header = decodeProtectedHeader(jwt);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey, 'RS256'), {
      audience: TOKEN_URL,
      issuer: CLIENT,
      subject: CLIENT,
      currentDate: new Date(now),
    });
    // Dated 30 s back, so a clock slightly fast never sends an iat in the future; exp 2 minutes ahead.
    expect(payload.iat).toBe(now / 1000 - 30);
    expect(payload.exp).toBe(now / 1000 + 120);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds kid for JWKS clients and never reuses a jti', async () => {
    const a = await signClientAssertion({ clientId: CLIENT, privateKey, keyId: 'key-2026' }, TOKEN_URL);
    const b = await signClientAssertion({ clientId: CLIENT, privateKey, keyId: 'key-2026' }, TOKEN_URL);
    expect(decodeProtectedHeader(a).kid).toBe('key-2026');
    const jti = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).jti;
    expect(jti(a)).not.toBe(jti(b));
  });

  it('refuses a lifetime over five minutes and non-RSA keys', async () => {
    await expect(
      signClientAssertion({ clientId: CLIENT, privateKey }, TOKEN_URL, Date.now(), 301),
    ).rejects.toThrow(RangeError);
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    expect(() => loadRsaPrivateKey(ec.privateKey)).toThrow(
      expect.objectContaining({ problem: { kind: 'not_rsa', keyType: 'ec' } }),
    );
    expect(() => loadRsaPrivateKey('not a key')).toThrow(
      expect.objectContaining({ problem: { kind: 'not_pem' } }),
    );
  });
});
