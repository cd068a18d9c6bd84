/**
 * The SecretStore port: small secrets in the OS keychain (macOS Keychain, Windows Credential Manager,
 * Linux Secret Service). Values must stay small (Windows caps a secret at 2560 bytes): store keys here and
 * encrypt larger things (token bundles, journals) with them.
 */
export interface SecretStore {
  /** The stored value, or undefined when there is none. */
  get(account: string): Promise<string | undefined>;
  set(account: string, value: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

/** Expected keychain failures. */
export type SecretStoreErrorCode = 'keychain_unavailable' | 'keychain_denied';

export class SecretStoreError extends Error {
  override readonly name = 'SecretStoreError';
  constructor(
    readonly code: SecretStoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}
