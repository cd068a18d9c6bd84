import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { OAuthClientConfig } from './options.ts';

/** An OAuth client with its private key, as an organization would hold it. */
export interface ClientFixture {
  config: OAuthClientConfig;
  id: string;
  privateKey: CryptoKey;
  /** Set for the JWKS client. */
  kid?: string;
}

/** One static-key client and one JWKS client (with kid), ready for `startLocalService({clients})`. */
export interface ClientFixtures {
  staticClient: ClientFixture;
  jwksClient: ClientFixture;
  clients: OAuthClientConfig[];
}

/**
 * Generates fresh RSA key pairs and the matching client configuration. The static client's key is
 * given the way the console takes it: X.509 SubjectPublicKeyInfo, base64-encoded (no PEM armour).
 */
export async function makeClientFixtures(): Promise<ClientFixtures> {
  const staticPair = await generateKeyPair('RS256', { extractable: true });
  const jwksPair = await generateKeyPair('RS256', { extractable: true });
  const pem = await exportSPKI(staticPair.publicKey);
  const base64Der = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const kid = `key-${randomUUID().slice(0, 8)}`;
  const jwk: JWK = { ...(await exportJWK(jwksPair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const staticClient: ClientFixture = {
    id: randomUUID(),
    privateKey: staticPair.privateKey,
    config: { id: '', publicKey: base64Der },
  };
  staticClient.config = { id: staticClient.id, publicKey: base64Der };
  const jwksId = randomUUID();
  const jwksClient: ClientFixture = {
    id: jwksId,
    privateKey: jwksPair.privateKey,
    kid,
    config: { id: jwksId, jwks: { keys: [jwk] } },
  };
  return { staticClient, jwksClient, clients: [staticClient.config, jwksClient.config] };
}

/** Options to bend an assertion for refusal tests. */
export interface AssertionOverrides {
  header?: Record<string, unknown>;
  claims?: JWTPayload;
  /** Claim names to leave out. */
  omit?: string[];
  /** Seconds since the epoch to build times from (default now). */
  now?: number;
  key?: CryptoKey | Uint8Array;
}

/** Signs a valid client assertion for `audience` (2 minutes, fresh jti), unless overridden. */
export async function signAssertion(
  client: ClientFixture,
  audience: string,
  overrides: AssertionOverrides = {},
): Promise<string> {
  const now = overrides.now ?? Math.floor(Date.now() / 1000);
  const claims: JWTPayload = {
    sub: client.id,
    iss: client.id,
    aud: audience,
    iat: now,
    exp: now + 120,
    jti: randomUUID(),
    ...overrides.claims,
  };
  for (const name of overrides.omit ?? []) delete claims[name];
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(client.kid ? { kid: client.kid } : {}),
    ...overrides.header,
  };
  return new SignJWT(claims)
    .setProtectedHeader(header as { alg: string })
    .sign(overrides.key ?? client.privateKey);
}
