import { X509Certificate, createPublicKey, type KeyObject } from 'node:crypto';
import { importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type { OAuthClientConfig } from '../options.ts';
import { ServiceError } from '../errors.ts';

/** Refusal of a client assertion: 401 with the rule that failed. */
export function assertionRefused(rule: string): ServiceError {
  return new ServiceError(401, 'INVALID_CLIENT_ASSERTION', `client assertion refused: ${rule}`);
}

/** Parses a static public key as the console takes it: PEM (key or certificate) or base64 DER. */
export function parseStaticKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  if (trimmed.includes('-----BEGIN CERTIFICATE-----')) key = new X509Certificate(trimmed).publicKey;
  else if (trimmed.startsWith('-----BEGIN')) key = createPublicKey(trimmed);
  else {
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    try {
      key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    } catch {
      key = new X509Certificate(der).publicKey;
    }
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error('static client keys must be RSA public keys');
  return key;
}

/** Finds the verification key of a client for an assertion header, with per-rule refusals. */
export class ClientKeyRing {
  readonly #clients = new Map<string, OAuthClientConfig>();
  readonly #static = new Map<string, KeyObject>();

  constructor(clients: readonly OAuthClientConfig[]) {
    for (const client of clients) this.set(client);
  }

  /** Adds or replaces a client (key rotation in tests). Static keys are parsed now so a bad key fails fast. */
  set(client: OAuthClientConfig): void {
    this.#clients.set(client.id, client);
    this.#static.delete(client.id);
    if ('publicKey' in client) this.#static.set(client.id, parseStaticKey(client.publicKey));
  }

  /** Removes a client (the console's delete). */
  delete(clientId: string): void {
    this.#clients.delete(clientId);
    this.#static.delete(clientId);
  }

  has(clientId: string): boolean {
    return this.#clients.has(clientId);
  }

  /** The key that must have signed an assertion of `clientId` carrying header `kid`. */
  async keyFor(
    clientId: string,
    kid: string | undefined,
  ): Promise<KeyObject | Awaited<ReturnType<typeof importJWK>>> {
    const client = this.#clients.get(clientId);
    if (!client) throw assertionRefused('sub is not a known OAuth client');
    const staticKey = this.#static.get(clientId);
    if (staticKey) return staticKey;
    if (kid === undefined) throw assertionRefused('kid header is required for a client that uses a JWKS');
    const jwks = 'jwks' in client ? client.jwks : await fetchJwks((client as { jwksUrl: string }).jwksUrl);
    const jwk = jwks.keys.find((candidate: JWK) => candidate.kid === kid);
    if (!jwk) throw assertionRefused('kid does not match any key in the client JWKS');
    if (jwk.kty !== 'RSA') throw assertionRefused('the JWKS key named by kid is not an RSA key');
    return importJWK(jwk, 'RS256');
  }
}

async function fetchJwks(url: string): Promise<JSONWebKeySet> {
  let json: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    json = await response.json();
  } catch {
    throw assertionRefused('the client JWKS URL could not be fetched');
  }
  if (!json || typeof json !== 'object' || !Array.isArray((json as JSONWebKeySet).keys)) {
    throw assertionRefused('the client JWKS URL did not serve a key set');
  }
  return json as JSONWebKeySet;
}
