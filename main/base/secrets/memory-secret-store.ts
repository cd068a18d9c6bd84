import {
  checkSecretEntry,
  SecretStoreError,
  type SecretStore,
  type SecretStoreErrorCode,
} from './secret-store.ts';

/**
 * In-memory SecretStore for tests: the fake of our own port.
 * It applies the same entry rules as the keychain and can be told to fail like one.
 */
export class MemorySecretStore implements SecretStore {
  readonly #values = new Map<string, string>();
  #failure: SecretStoreErrorCode | undefined;

  /** Makes every following call fail with this code (undefined heals it), to test keychain outages. */
  failWith(code: SecretStoreErrorCode | undefined): void {
    this.#failure = code;
  }

  /** Accounts currently stored, for assertions. */
  accounts(): string[] {
    return [...this.#values.keys()];
  }

  async get(account: string): Promise<string | undefined> {
    this.#check(account);
    return this.#values.get(account);
  }

  async set(account: string, value: string): Promise<void> {
    this.#check(account, value);
    this.#values.set(account, value);
  }

  async delete(account: string): Promise<boolean> {
    this.#check(account);
    return this.#values.delete(account);
  }

  #check(account: string, value?: string): void {
    if (this.#failure)
      throw new SecretStoreError(
        this.#failure,
        `The in-memory keychain was told to fail (${this.#failure}).`,
      );
    checkSecretEntry(account, value);
  }
}
