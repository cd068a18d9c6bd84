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

/**
 * Expected keychain failures: `keychain_unavailable` (no keychain service reachable, e.g. no Secret Service
 * on the session bus), `keychain_denied` (locked, or the person dismissed the unlock prompt),
 * `keychain_rejected` (the keychain refused this entry: value too long, invalid name, ambiguous match).
 */
export type SecretStoreErrorCode = 'keychain_unavailable' | 'keychain_denied' | 'keychain_rejected';

/** A keychain failure with a closed code. Messages never carry the secret or the account's value. */
export class SecretStoreError extends Error {
  override readonly name = 'SecretStoreError';
  constructor(
    readonly code: SecretStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The longest value any SecretStore accepts, in UTF-8 bytes. Windows Credential Manager stores 2560 bytes of
 * UTF-16, i.e. about 1280 characters; we cap lower and on every platform so that a value that works on the
 * developer's Linux machine also works on a clinician's Windows one.
 */
export const MAX_SECRET_BYTES = 1024;

const ACCOUNT_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The rules every SecretStore applies before touching its backend, so the in-memory fake refuses exactly
 * what the real keychains would: a plain account name and a value of at most MAX_SECRET_BYTES.
 */
export function checkSecretEntry(account: string, value?: string): void {
  if (!ACCOUNT_PATTERN.test(account)) {
    throw new SecretStoreError(
      'keychain_rejected',
      'A keychain account name must be 1-128 letters, digits, ".", "_" or "-".',
    );
  }
  if (value !== undefined && Buffer.byteLength(value, 'utf8') > MAX_SECRET_BYTES) {
    throw new SecretStoreError(
      'keychain_rejected',
      `A keychain value may be at most ${MAX_SECRET_BYTES} bytes.`,
    );
  }
}
