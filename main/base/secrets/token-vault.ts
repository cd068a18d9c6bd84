/**
 * The token vault: the token bundle (server and user access tokens, refresh token, expiries) encrypted with
 * AES-256-GCM in a file of the user data folder, under a random 256-bit key kept in the SecretStore. Tokens
 * do not fit in Windows Credential Manager (2560 bytes), a key does; deleting the key shreds the tokens.
 *
 * Anything that is not a vault we wrote with the current key (no file, no key, altered bytes, a bundle of
 * the wrong shape) loads as empty with a typed reason, so the app asks the person to sign in again instead of
 * crashing. Keychain failures (locked, unavailable) are not "empty": they throw SecretStoreError, so a locked
 * keychain never looks like a signed-out user and never gets its key replaced.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { decodeKey, decrypt, encodeKey, encrypt, generateKey } from './aes-gcm.ts';
import { shredFile, writeFileAtomic } from '../files/atomic-file.ts';
import type { SecretStore } from './secret-store.ts';
import { SerialQueue } from '../async/serial.ts';

/** A token bundle: named string or number fields, e.g. {userAccessToken, refreshToken, serverExpiresAt}. */
const tokenBundleSchema = z.record(z.string().min(1), z.union([z.string(), z.number()]));
/** A token bundle (see tokenBundleSchema). */
export type TokenBundle = z.infer<typeof tokenBundleSchema>;

/**
 * Why load() found nothing: `no_file` (never saved or cleared), `no_key` (file but no key: the key was deleted
 * or the keychain was reset), `bad_key` (the keychain entry is not a 256-bit key), `tampered` (the file is not
 * ours, was altered or truncated, or was sealed with another key), `invalid_bundle` (decrypts but is not a
 * token bundle), `unreadable` (the file exists but cannot be read).
 */
type VaultEmptyReason = 'no_file' | 'no_key' | 'bad_key' | 'tampered' | 'invalid_bundle' | 'unreadable';

/** What load() found: a bundle, or nothing and why. */
export type VaultLoad =
  { bundle: TokenBundle; reason?: undefined } | { bundle: undefined; reason: VaultEmptyReason };

/** Where a vault lives. */
export interface TokenVaultOptions {
  store: SecretStore;
  /** The user data folder; the vault file is created in it with mode 0600. */
  dataDir: string;
  /** Names both the file (`<name>.vault`) and the keychain account (`<name>-key`). Default `tokens`. */
  name?: string;
  /**
   * Where an earlier version kept the file (Windows: Roaming %APPDATA%, before the vaults moved to
   * %LOCALAPPDATA%). Before its first use the vault moves a file found there into `dataDir`: copied durably,
   * then the old one shredded. If the copy fails, the vault keeps using the old file for this run.
   */
  legacyDir?: string;
}

// Bound into every seal as associated data, so a blob from another purpose or format version never decrypts.
const MAGIC = Buffer.from('SCRIBE-TOKENS\u0001', 'latin1');
const envelopeSchema = z.object({ v: z.literal(1), bundle: tokenBundleSchema });

/** Encrypted, keychain-keyed storage of one token bundle. Calls are serialized in call order. */
export class TokenVault {
  readonly #store: SecretStore;
  readonly #keyAccount: string;
  #path: string;
  #legacy: string | undefined;
  readonly #queue = new SerialQueue();

  constructor(options: TokenVaultOptions) {
    const name = options.name ?? 'tokens';
    if (!/^[a-z0-9-]{1,64}$/.test(name)) throw new Error('Token vault name must be 1-64 of a-z, 0-9 and "-"');
    this.#store = options.store;
    this.#keyAccount = `${name}-key`;
    this.#path = join(options.dataDir, `${name}.vault`);
    const legacy = options.legacyDir === undefined ? undefined : join(options.legacyDir, `${name}.vault`);
    this.#legacy = legacy === this.#path ? undefined : legacy;
  }

  /** Absolute path of the vault file. */
  get path(): string {
    return this.#path;
  }

  /** The saved bundle, or undefined with the reason. Throws SecretStoreError only if the keychain fails. */
  load(): Promise<VaultLoad> {
    return this.#queue.run(async () => (await this.#migrate(), this.#load()));
  }

  /** Replaces the saved bundle (creating the key on first use). */
  save(bundle: TokenBundle): Promise<void> {
    const parsed = tokenBundleSchema.safeParse(bundle);
    // The issue list would quote field values (tokens), so name only the fault.
    if (!parsed.success)
      return Promise.reject(new TypeError('A token bundle must map names to strings or numbers'));
    return this.#queue.run(async () => (await this.#migrate(), this.#save(parsed.data)));
  }

  /**
   * Forgets the tokens: deletes the key (which makes any copy of the file useless), then overwrites and
   * deletes the file. The file goes even when the keychain fails; the keychain error is rethrown after.
   */
  clear(): Promise<void> {
    return this.#queue.run(async () => {
      await this.#migrate();
      let keychainError: unknown;
      try {
        await this.#store.delete(this.#keyAccount);
      } catch (error) {
        keychainError = error;
      }
      await shredFile(this.#path);
      if (keychainError !== undefined) throw keychainError;
    });
  }

  /**
   * Moves the file from the legacy folder, once: a durable copy (an existing file here is newer and wins),
   * then the old one shredded. Nothing is lost: the old file goes only after the copy is on disk, and when
   * the copy fails the old file stays in use.
   */
  async #migrate(): Promise<void> {
    const legacy = this.#legacy;
    if (legacy === undefined) return;
    this.#legacy = undefined;
    let bytes: Buffer;
    try {
      bytes = await readFile(legacy);
    } catch {
      return; // nothing there (or unreadable: then it is not ours to move)
    }
    const here = await stat(this.#path).then(
      () => true,
      () => false,
    );
    try {
      if (!here) await writeFileAtomic(this.#path, bytes);
    } catch {
      this.#path = legacy;
      return;
    }
    await shredFile(legacy).catch(() => undefined);
  }

  async #load(): Promise<VaultLoad> {
    let file: Buffer;
    try {
      file = await readFile(this.#path);
    } catch (error) {
      return empty((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no_file' : 'unreadable');
    }
    const keyText = await this.#store.get(this.#keyAccount);
    if (keyText === undefined) return empty('no_key');
    const key = decodeKey(keyText);
    if (key === undefined) return empty('bad_key');
    if (file.length < MAGIC.length || !file.subarray(0, MAGIC.length).equals(MAGIC)) return empty('tampered');
    const plaintext = decrypt(key, file.subarray(MAGIC.length), MAGIC);
    if (plaintext === undefined) return empty('tampered');
    let json: unknown;
    try {
      json = JSON.parse(plaintext.toString('utf8'));
    } catch {
      return empty('invalid_bundle');
    } finally {
      plaintext.fill(0);
    }
    const envelope = envelopeSchema.safeParse(json);
    return envelope.success ? { bundle: envelope.data.bundle } : empty('invalid_bundle');
  }

  async #save(bundle: TokenBundle): Promise<void> {
    const existing = await this.#store.get(this.#keyAccount);
    let key = existing === undefined ? undefined : decodeKey(existing);
    if (key === undefined) {
      key = generateKey();
      // Key first: a file is only ever written under a key that is already safely in the keychain.
      await this.#store.set(this.#keyAccount, encodeKey(key));
    }
    const plaintext = Buffer.from(JSON.stringify({ v: 1, bundle }), 'utf8');
    try {
      await writeFileAtomic(this.#path, Buffer.concat([MAGIC, encrypt(key, plaintext, MAGIC)]));
    } finally {
      plaintext.fill(0);
    }
  }
}

function empty(reason: VaultEmptyReason): VaultLoad {
  return { bundle: undefined, reason };
}
