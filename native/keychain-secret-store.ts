import { Keychain } from './keychain.ts';
import { checkSecretEntry, type SecretStore } from '../main/base/secrets/secret-store.ts';

/** The keychain service name the app files its entries under (one namespace per installation flavour). */
export const DEFAULT_KEYCHAIN_SERVICE = 'scribe-desktop';

/**
 * SecretStore over the OS keychain (native/keychain.ts). Throws SecretStoreError with a closed code when the
 * keychain is unavailable, locked or refuses the entry; never puts a value into a message.
 */
export class KeychainSecretStore implements SecretStore {
  readonly #keychain: Keychain;

  /** `service` namespaces the entries; tests pass a unique one per run. */
  constructor(service: string = DEFAULT_KEYCHAIN_SERVICE) {
    this.#keychain = new Keychain(service);
  }

  /** The service name entries are filed under (as shown by `secret-tool search service …`). */
  get service(): string {
    return this.#keychain.service;
  }

  async get(account: string): Promise<string | undefined> {
    checkSecretEntry(account);
    return this.#keychain.getPassword(account);
  }

  async set(account: string, value: string): Promise<void> {
    checkSecretEntry(account, value);
    await this.#keychain.setPassword(account, value);
  }

  async delete(account: string): Promise<boolean> {
    checkSecretEntry(account);
    return this.#keychain.deletePassword(account);
  }
}
