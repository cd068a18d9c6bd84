/**
 * Where the organization's connection is kept between runs: the service address and the credentials the
 * person entered (a private key, or a clinician refresh token), envelope-encrypted in the token vault
 * (main/base/secrets/token-vault.ts) under a key in the OS keychain. A PEM key does not fit in Windows
 * Credential Manager; a 256-bit key does.
 *
 * Managed deployments: when IT's policy names the service, client id and key file, that connection is used
 * whenever the person has not entered their own, so a clinician never sees the private key.
 */
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import type { Config } from '../../core/config/config-schema.ts';
import type { TokenVault } from '../../base/secrets/token-vault.ts';
import { StoredCredentialsSchema, type StoredCredentials } from './stored-credentials.ts';
import type { CredentialVault } from './connector.ts';
import { Failure, errnoCode } from '../../base/failure.ts';

const SavedSchema = z.object({ baseUrl: z.string().min(1), credentials: z.string().min(1) });

/** A CredentialVault over the encrypted token vault. Unreadable or foreign content loads as "nothing saved". */
export class TokenVaultCredentials implements CredentialVault {
  readonly #vault: TokenVault;

  constructor(vault: TokenVault) {
    this.#vault = vault;
  }

  async save(baseUrl: string, credentials: StoredCredentials): Promise<void> {
    await this.#vault.save({ baseUrl, credentials: JSON.stringify(credentials) });
  }

  async load(): Promise<{ baseUrl: string; credentials: StoredCredentials } | null> {
    const { bundle } = await this.#vault.load();
    const saved = SavedSchema.safeParse(bundle);
    if (!saved.success) return null;
    let json: unknown;
    try {
      json = JSON.parse(saved.data.credentials);
    } catch {
      return null;
    }
    const credentials = StoredCredentialsSchema.safeParse(json);
    return credentials.success ? { baseUrl: saved.data.baseUrl, credentials: credentials.data } : null;
  }

  clear(): Promise<void> {
    return this.#vault.clear();
  }
}

/**
 * The person's saved connection first, else the one IT's configuration names (service URL, client id,
 * private key file, optional key id). A saved connection the policy does not allow (another address than
 * the pinned one, another sign-in method or client) is not used, so after a restart the policy still holds.
 * Forgetting clears only what the person saved: policy stays.
 */
export function withManagedConnection(
  saved: CredentialVault,
  config: () => Config,
  allows: (baseUrl: string, credentials: StoredCredentials) => boolean = () => true,
): CredentialVault {
  return {
    save: (baseUrl, credentials) => saved.save(baseUrl, credentials),
    clear: () => saved.clear(),
    async load() {
      const own = await saved.load();
      if (own && allows(own.baseUrl, own.credentials)) return own;
      const { serviceUrl, clientId, privateKeyFile, keyId, signInIssuer, allowServerCredentials } = config();
      // Where the organization signs clinicians in, its key is not used on a desktop unless IT allows it.
      if (signInIssuer && !allowServerCredentials) return null;
      if (!serviceUrl || !clientId || !privateKeyFile) return null;
      // The connector checks it is an RSA key; here only whether the file can be read at all.
      const privateKeyPem = await readFile(privateKeyFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new Failure('config_invalid', {
          reason: 'private_key_file_unreadable',
          errno: errnoCode(error.code),
        });
      });
      return {
        baseUrl: serviceUrl,
        credentials: { kind: 'server', clientId, privateKeyPem, ...(keyId ? { keyId } : {}) },
      };
    },
  };
}
