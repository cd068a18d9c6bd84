import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportSPKI, generateKeyPair } from 'jose';
import { parseStaticKey } from '../../../../main/programs/local-service/auth/client-keys.ts';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('local service: static client keys as the console takes them', () => {
  it('reads SPKI PEM and base64 DER, and refuses a non-RSA key', async () => {
    const rsa = await generateKeyPair('RS256', { extractable: true });
    const pem = await exportSPKI(rsa.publicKey);
    const der = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    expect(parseStaticKey(pem).asymmetricKeyType).toBe('rsa');
    expect(parseStaticKey(der).export({ format: 'pem', type: 'spki' })).toBe(
      parseStaticKey(pem).export({ format: 'pem', type: 'spki' }),
    );
    const ec = await generateKeyPair('ES256', { extractable: true });
    const ecPem = await exportSPKI(ec.publicKey);
    expect(() => parseStaticKey(ecPem)).toThrow(/RSA/);
  });

  it.skipIf(!hasOpenssl)('reads an X.509 certificate, PEM or base64 DER', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cert-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=client',
          '-days',
          '1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const certPem = readFileSync(join(dir, 'cert.pem'), 'utf8');
      const certDer = certPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
      const fromPem = parseStaticKey(certPem).export({ format: 'pem', type: 'spki' });
      expect(parseStaticKey(certDer).export({ format: 'pem', type: 'spki' })).toBe(fromPem);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
