/**
 * The installation's audit key: 32 random bytes in the OS keychain, one per data folder (the app and
 * `scribe` share it), that keys the trail's hash chain (audit-chain.ts). Someone who can edit the files
 * but not read this account's keychain (another administrator, a restored backup, a copied folder) cannot
 * forge a chain that verifies. The account itself can read its keychain: what it cannot undo is what was
 * already forwarded to IT's collector (audit-forwarding.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { SecretStore } from '../../base/secrets/secret-store.ts';
import type { ChainKey } from './audit-chain.ts';

/** The keychain entry of the trail in `dir`. */
function auditKeyAccount(dir: string): string {
  return `audit-key-${createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16)}`;
}

/** The key as the trail uses it: made at the first write; only read by verify (which never makes one). */
export interface AuditKeys {
  forWriting(): Promise<ChainKey>;
  forReading(): Promise<ChainKey>;
}

/**
 * The key of the trail in `dir`; null when the keychain cannot give it (the trail is then written
 * unkeyed, and verify names the first such record after a keyed one). Failures are told by code.
 */
export function auditKeys(secrets: SecretStore, dir: string, onDidFail?: (code: string) => void): AuditKeys {
  const account = auditKeyAccount(dir);
  let made: Promise<ChainKey> | undefined;
  const failed = (error: unknown): null => {
    const code = (error as { code?: unknown }).code;
    onDidFail?.(typeof code === 'string' ? code : 'keychain_failed');
    return null;
  };
  const read = async (): Promise<Buffer | undefined> => {
    const stored = await secrets.get(account);
    return stored ? Buffer.from(stored, 'base64') : undefined;
  };
  const make = async (): Promise<ChainKey> => {
    try {
      const stored = await read();
      if (stored) return stored;
      const key = randomBytes(32);
      await secrets.set(account, key.toString('base64'));
      return key;
    } catch (error) {
      // Asked again at the next record: a keychain that was locked may be open later.
      made = undefined;
      return failed(error);
    }
  };
  return {
    forWriting: () => (made ??= make()),
    // Verify says itself when keyed records cannot be checked: no note here.
    forReading: () =>
      read().then(
        (key) => key ?? null,
        () => null,
      ),
  };
}
