import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeKey, encrypt, generateKey } from '../../../../main/base/secrets/aes-gcm.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { TokenVault, type TokenBundle } from '../../../../main/base/secrets/token-vault.ts';

const CANARY = 'CANARY-TOKEN-eyJhbGciOi-9b1e77';
const bundle: TokenBundle = {
  userAccessToken: CANARY,
  refreshToken: `${CANARY}-refresh`,
  serverExpiresAt: 1_790_000_000_000,
};

let dir: string;
let store: MemorySecretStore;
let vault: TokenVault;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-'));
  store = new MemorySecretStore();
  vault = new TokenVault({ store, dataDir: join(dir, 'data') });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function flipByte(path: string, index: number): Promise<void> {
  const bytes = await readFile(path);
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = bytes[at]! ^ 0x40;
  await writeFile(path, bytes);
}

describe('TokenVault', () => {
  it('is empty before the first save', async () => {
    expect(await vault.load()).toEqual({ bundle: undefined, reason: 'no_file' });
  });

  it('round-trips a bundle, also through a new instance', async () => {
    await vault.save(bundle);
    expect((await vault.load()).bundle).toEqual(bundle);
    const again = new TokenVault({ store, dataDir: join(dir, 'data') });
    expect((await again.load()).bundle).toEqual(bundle);
  });

  it('keeps the key across saves and replaces the bundle', async () => {
    await vault.save(bundle);
    const key = await store.get('tokens-key');
    await vault.save({ userAccessToken: 'second' });
    expect(await store.get('tokens-key')).toBe(key);
    expect((await vault.load()).bundle).toEqual({ userAccessToken: 'second' });
  });

  it.skipIf(process.platform === 'win32')(
    'writes the file with mode 0600 and leaves no temp file',
    async () => {
      await vault.save(bundle);
      expect((await stat(vault.path)).mode & 0o777).toBe(0o600);
      expect(await readdir(join(dir, 'data'))).toEqual(['tokens.vault']);
    },
  );

  it('never writes the token in any readable form', async () => {
    await vault.save(bundle);
    const file = await readFile(vault.path);
    for (const form of [
      Buffer.from(CANARY, 'utf8'),
      Buffer.from(CANARY, 'utf16le'),
      Buffer.from(CANARY.slice(0, 12)),
    ]) {
      expect(file.includes(form)).toBe(false);
    }
    expect(file.toString('latin1')).not.toContain('userAccessToken');
  });

  it.each([
    ['the header', 0],
    ['the IV', 15],
    ['the tag', 30],
    ['the ciphertext', -1],
  ])('treats a change to %s as tampered', async (_part, index) => {
    await vault.save(bundle);
    await flipByte(vault.path, index);
    expect(await vault.load()).toEqual({ bundle: undefined, reason: 'tampered' });
  });

  it('treats a truncated or extended file as tampered', async () => {
    await vault.save(bundle);
    const bytes = await readFile(vault.path);
    await writeFile(vault.path, bytes.subarray(0, bytes.length - 3));
    expect((await vault.load()).reason).toBe('tampered');
    await writeFile(vault.path, Buffer.concat([bytes, Buffer.from('x')]));
    expect((await vault.load()).reason).toBe('tampered');
    await writeFile(vault.path, '');
    expect((await vault.load()).reason).toBe('tampered');
  });

  it('treats a missing key as empty, a replaced key as tampered, a garbled key as bad', async () => {
    await vault.save(bundle);
    await store.delete('tokens-key');
    expect(await vault.load()).toEqual({ bundle: undefined, reason: 'no_key' });
    await store.set('tokens-key', encodeKey(generateKey()));
    expect((await vault.load()).reason).toBe('tampered');
    await store.set('tokens-key', 'garbage');
    expect((await vault.load()).reason).toBe('bad_key');
  });

  it('refuses a correctly sealed file whose content is not a token bundle', async () => {
    await vault.save(bundle);
    const key = generateKey();
    await store.set('tokens-key', encodeKey(key));
    const magic = (await readFile(vault.path)).subarray(0, 14);
    const payload = Buffer.from(JSON.stringify({ v: 1, bundle: { nested: { no: 1 } } }));
    await writeFile(vault.path, Buffer.concat([magic, encrypt(key, payload, magic)]));
    expect(await vault.load()).toEqual({ bundle: undefined, reason: 'invalid_bundle' });
  });

  it('clear deletes the key and shreds the file, so an old copy is useless', async () => {
    await vault.save(bundle);
    const copy = join(dir, 'copy');
    await writeFile(copy, await readFile(vault.path));
    await vault.clear();
    expect(store.accounts()).toEqual([]);
    expect(await readdir(join(dir, 'data'))).toEqual([]);
    expect((await vault.load()).reason).toBe('no_file');
    await writeFile(vault.path, await readFile(copy));
    expect((await vault.load()).reason).toBe('no_key');
  });

  it('clear also removes temp files left by a crashed write, and works when nothing is saved', async () => {
    await vault.clear();
    await vault.save(bundle);
    await writeFile(`${vault.path}.abc123.tmp`, 'leftover');
    await vault.clear();
    expect(await readdir(join(dir, 'data'))).toEqual([]);
  });

  it('clear removes the file even when the keychain fails, then reports the failure', async () => {
    await vault.save(bundle);
    store.failWith('keychain_denied');
    await expect(vault.clear()).rejects.toMatchObject({ code: 'keychain_denied' });
    expect(await readdir(join(dir, 'data'))).toEqual([]);
  });

  it('a locked keychain is an error, not an empty vault, and never gets its key replaced', async () => {
    await vault.save(bundle);
    const key = await store.get('tokens-key');
    store.failWith('keychain_denied');
    await expect(vault.load()).rejects.toMatchObject({ code: 'keychain_denied' });
    await expect(vault.save({ a: 'b' })).rejects.toMatchObject({ code: 'keychain_denied' });
    store.failWith(undefined);
    expect(await store.get('tokens-key')).toBe(key);
    expect((await vault.load()).bundle).toEqual(bundle);
  });

  it('writes no file when the key cannot be stored', async () => {
    store.failWith('keychain_unavailable');
    await expect(vault.save(bundle)).rejects.toMatchObject({ code: 'keychain_unavailable' });
    await expect(stat(vault.path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects a bundle of the wrong shape without quoting it', async () => {
    const bad = { userAccessToken: { nested: CANARY } } as unknown as TokenBundle;
    const error = await vault.save(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(String((error as Error).message)).not.toContain(CANARY);
  });

  it('serializes concurrent saves: the last call wins', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => vault.save({ n: i })));
    expect((await vault.load()).bundle).toEqual({ n: 7 });
    expect(await readdir(join(dir, 'data'))).toEqual(['tokens.vault']);
  });

  it('keeps vaults of different names apart', async () => {
    const other = new TokenVault({ store, dataDir: join(dir, 'data'), name: 'journal' });
    await vault.save(bundle);
    await other.save({ x: 1 });
    await vault.clear();
    expect((await other.load()).bundle).toEqual({ x: 1 });
  });
});

describe('TokenVault moving its file from a legacy folder (Windows: Roaming → Local)', () => {
  const legacyOf = () => join(dir, 'roaming');
  const localOf = () => join(dir, 'local');

  async function savedInLegacy(): Promise<void> {
    await new TokenVault({ store, dataDir: legacyOf(), name: 'connection' }).save(bundle);
  }

  it('moves the file on first use: the bundle loads from the new folder and the old file is gone', async () => {
    await savedInLegacy();
    const moved = new TokenVault({ store, dataDir: localOf(), legacyDir: legacyOf(), name: 'connection' });
    expect(await moved.load()).toEqual({ bundle });
    expect(moved.path).toBe(join(localOf(), 'connection.vault'));
    expect(await readdir(localOf())).toEqual(['connection.vault']);
    expect(await readdir(legacyOf())).toEqual([]);
  });

  it('moves it before a save too, so no stale copy stays behind in the old folder', async () => {
    await savedInLegacy();
    const moved = new TokenVault({ store, dataDir: localOf(), legacyDir: legacyOf(), name: 'connection' });
    await moved.save({ ...bundle, refreshToken: 'newer' });
    expect(await readdir(legacyOf())).toEqual([]);
    expect((await moved.load()).bundle?.refreshToken).toBe('newer');
  });

  it('keeps a file already in the new folder (it is newer) and shreds the old one', async () => {
    await savedInLegacy();
    await new TokenVault({ store, dataDir: localOf(), name: 'connection' }).save({
      ...bundle,
      refreshToken: 'local',
    });
    const moved = new TokenVault({ store, dataDir: localOf(), legacyDir: legacyOf(), name: 'connection' });
    expect((await moved.load()).bundle?.refreshToken).toBe('local');
    expect(await readdir(legacyOf())).toEqual([]);
  });

  it('loses nothing when the copy fails: the old file stays and stays in use', async () => {
    await savedInLegacy();
    await writeFile(localOf(), 'a file where the folder should be');
    const moved = new TokenVault({ store, dataDir: localOf(), legacyDir: legacyOf(), name: 'connection' });
    expect(await moved.load()).toEqual({ bundle });
    expect(moved.path).toBe(join(legacyOf(), 'connection.vault'));
    expect(await readdir(legacyOf())).toEqual(['connection.vault']);
  });

  it('clear() removes the old file as well', async () => {
    await savedInLegacy();
    const moved = new TokenVault({ store, dataDir: localOf(), legacyDir: legacyOf(), name: 'connection' });
    await moved.clear();
    expect(await readdir(legacyOf())).toEqual([]);
    expect((await moved.load()).reason).toBe('no_file');
  });
});
