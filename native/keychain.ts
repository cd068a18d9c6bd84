/**
 * Typed facade over `@napi-rs/keyring`, the only file that loads its native module. Every entry is pinned to
 * the Secret Service on Linux: without the pin the library silently falls back to the kernel keyutils store,
 * which lives in memory and loses the key (and so every saved token) at the next reboot. Other platforms use
 * their one native store (macOS Keychain, Windows Credential Manager) and ignore the option.
 *
 * Failures become SecretStoreError with a closed code; the library's own text rides along only as `cause`
 * (it names the backend's reason, never the secret).
 */
import type * as Keyring from '@napi-rs/keyring';
import { loadNative } from './native-module.ts';
import { SecretStoreError, type SecretStoreErrorCode } from '../main/base/secrets/secret-store.ts';

/** Pins Linux entries to the Secret Service (gnome-keyring, KWallet, KeePassXC); ignored elsewhere. */
const KEYCHAIN_ENTRY_OPTIONS: Keyring.EntryOptions = { linux: { store: 'secret-service' } };

/**
 * Which code a keyring failure gets, from the text keyring-rs gives each of its error kinds:
 * NoStorageAccess ("Couldn't access platform storage: …", e.g. a locked collection or a dismissed unlock
 * prompt), PlatformFailure ("Platform failure: …", e.g. no session bus or no Secret Service),
 * TooLong / Invalid / BadEncoding / Ambiguous (the store refused this particular entry).
 */
export function classifyKeychainFailure(message: string): SecretStoreErrorCode {
  if (/couldn'?t access platform|access denied|not permitted|dismissed|locked|user canceled/i.test(message)) {
    return 'keychain_denied';
  }
  if (
    /longer than platform limit|is invalid|couldn'?t decode|ambiguous|matched by \d+ credentials/i.test(
      message,
    )
  ) {
    return 'keychain_rejected';
  }
  return 'keychain_unavailable';
}

const MESSAGES: Record<SecretStoreErrorCode, string> = {
  keychain_unavailable: 'The system keychain is not available.',
  keychain_denied: 'The system keychain is locked or refused access.',
  keychain_rejected: 'The system keychain refused to store this entry.',
};

/** Wraps any failure of the native module as a SecretStoreError (SecretStoreErrors pass through). */
export function toSecretStoreError(error: unknown, operation: 'get' | 'set' | 'delete'): SecretStoreError {
  if (error instanceof SecretStoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = classifyKeychainFailure(message);
  return new SecretStoreError(code, `${MESSAGES[code]} (${operation})`, { cause: error });
}

/** One keychain "service" (an application namespace) whose entries are addressed by account name. */
export class Keychain {
  constructor(readonly service: string) {
    if (service.length === 0) throw new Error('Keychain service name must not be empty');
  }

  /** The stored password, or undefined when there is none. */
  async getPassword(account: string): Promise<string | undefined> {
    try {
      return (await this.#entry(account).getPassword()) ?? undefined;
    } catch (error) {
      throw toSecretStoreError(error, 'get');
    }
  }

  /** Creates or replaces the password. */
  async setPassword(account: string, password: string): Promise<void> {
    try {
      await this.#entry(account).setPassword(password);
    } catch (error) {
      throw toSecretStoreError(error, 'set');
    }
  }

  /** True when a credential was deleted, false when there was none (a failed delete always throws). */
  async deletePassword(account: string): Promise<boolean> {
    try {
      return await this.#entry(account).deleteCredential();
    } catch (error) {
      throw toSecretStoreError(error, 'delete');
    }
  }

  // A fresh entry per call: the constructor is where a pinned store that is unavailable throws, and an entry
  // created while the keychain was down must not stay broken once it is back.
  // The native package loads here, on first use (a missing one: keychain_unavailable, caused by NativeMissingError).
  #entry(account: string): Keyring.AsyncEntry {
    const { AsyncEntry } = loadNative<typeof Keyring>('@napi-rs/keyring');
    return new AsyncEntry(this.service, account, KEYCHAIN_ENTRY_OPTIONS);
  }
}
