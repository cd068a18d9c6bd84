import { randomUUID, createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { PROTOCOL } from '../protocol.ts';
import type { PrivateKeyProblem } from '../../../../preload/contract/index.ts';

/**
 * A private key refused: the file cannot be read, is not a PEM key, or not an RSA one. `problem` is what
 * the words module words (the CLI, doctor); the message is a developer's text.
 */
export class PrivateKeyError extends Error {
  override readonly name = 'PrivateKeyError';
  constructor(
    readonly problem: PrivateKeyProblem,
    options?: { cause?: unknown },
  ) {
    super(`Private key refused (${problem.kind}).`, options);
  }
}

/** What it takes to sign a client assertion for one OAuth client. */
export interface ClientCredentials {
  /** The OAuth client UUID: both `sub` and `iss`. */
  clientId: string;
  /** RSA private key (PEM text or a KeyObject). */
  privateKey: string | KeyObject;
  /** Key id in the JWKS; required when the client is registered with a JWKS URL. */
  keyId?: string;
}

/** Reads a PEM private key, refusing anything that is not RSA (the service accepts RS256 only). */
export function loadRsaPrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new PrivateKeyError({ kind: 'not_pem' });
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new PrivateKeyError({ kind: 'not_rsa', keyType: key.asymmetricKeyType ?? 'unknown' });
  return key;
}

/**
 * Signs the one-time client assertion exactly per the contract's claim table: RS256, typ JWT, kid when
 * given, sub = iss = client id, aud = the full token URL, exp `lifetimeSec` ahead (at most 5 minutes), iat
 * a little in the past (never in the future for a clock slightly fast), a fresh jti. `now` is the
 * service's time as far as it is known (see ServiceClock), not the computer's.
 */
export async function signClientAssertion(
  credentials: ClientCredentials,
  tokenUrl: string,
  now: number = Date.now(),
  lifetimeSec: number = PROTOCOL.assertionLifetimeSec,
): Promise<string> {
  const backdate = PROTOCOL.assertionBackdateSec;
  if (lifetimeSec <= 0 || lifetimeSec + backdate > 300)
    throw new RangeError(`assertion lifetime must be within (0, ${300 - backdate}] s`);
  const key =
    typeof credentials.privateKey === 'string'
      ? loadRsaPrivateKey(credentials.privateKey)
      : credentials.privateKey;
  const nowSec = Math.floor(now / 1000);
  const header: { alg: 'RS256'; typ: 'JWT'; kid?: string } = { alg: 'RS256', typ: 'JWT' };
  if (credentials.keyId) header.kid = credentials.keyId;
  return new SignJWT({})
    .setProtectedHeader(header)
    .setSubject(credentials.clientId)
    .setIssuer(credentials.clientId)
    .setAudience(tokenUrl)
    .setIssuedAt(nowSec - backdate)
    .setExpirationTime(nowSec + lifetimeSec)
    .setJti(randomUUID())
    .sign(key);
}
