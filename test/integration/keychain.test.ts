// Runs against the real gnome-keyring through `bash test/run.sh test/integration/keychain.test.ts`.
// `secret-tool` reads the same Secret Service collection from outside our process: seeing the value there
// proves the entry went to the Secret Service and not to the in-memory kernel keyring fallback.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { KeychainSecretStore } from '../../native/keychain-secret-store.ts';
import { TokenVault } from '../../main/base/secrets/token-vault.ts';

const run = promisify(execFile);
const service = `scribe-test-${randomUUID()}`;

/** What `secret-tool lookup` finds for our entry, or undefined when it finds nothing (exit status 1). */
async function secretToolLookup(account: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('secret-tool', ['lookup', 'service', service, 'username', account]);
    return stdout;
  } catch (error) {
    if ((error as { code?: number }).code === 1) return undefined;
    throw error;
  }
}

describe.skipIf(!process.env.REAL_KEYCHAIN)('KeychainSecretStore on the real Secret Service', () => {
  const store = new KeychainSecretStore(service);
  const dirs: string[] = [];

  afterAll(async () => {
    for (const account of ['plain', 'vault-key', 'tokens-key'])
      await store.delete(account).catch(() => false);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('stores a value that secret-tool sees, replaces it, and deletes it', async () => {
    const value = `v-${randomUUID()}`;
    expect(await store.get('plain')).toBeUndefined();
    await store.set('plain', value);
    expect(await store.get('plain')).toBe(value);
    expect(await secretToolLookup('plain')).toBe(value);

    await store.set('plain', `${value}-2`);
    expect(await secretToolLookup('plain')).toBe(`${value}-2`);

    expect(await store.delete('plain')).toBe(true);
    expect(await secretToolLookup('plain')).toBeUndefined();
    expect(await store.get('plain')).toBeUndefined();
    expect(await store.delete('plain')).toBe(false);
  });

  it('reads a value another program stored (same entry, not a private copy)', async () => {
    const value = `ext-${randomUUID()}`;
    const child = execFile('secret-tool', [
      'store',
      '--label',
      'test',
      'service',
      service,
      'username',
      'plain',
    ]);
    child.stdin?.end(value);
    await new Promise((resolve, reject) =>
      child.on('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`exit ${code}`)))),
    );
    expect(await store.get('plain')).toBe(value);
    expect(await store.delete('plain')).toBe(true);
  });

  it('refuses an oversized value before it reaches the keychain', async () => {
    await expect(store.set('plain', 'x'.repeat(5000))).rejects.toMatchObject({ code: 'keychain_rejected' });
    expect(await secretToolLookup('plain')).toBeUndefined();
  });

  it('keeps the token vault key in the keychain; clear removes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vault-int-'));
    dirs.push(dir);
    const canary = `CANARY-${randomUUID()}`;
    const vault = new TokenVault({ store, dataDir: dir });
    await vault.save({ refreshToken: canary });
    const key = await secretToolLookup('tokens-key');
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect((await readFile(vault.path)).includes(Buffer.from(canary))).toBe(false);
    expect(
      (await new TokenVault({ store: new KeychainSecretStore(service), dataDir: dir }).load()).bundle,
    ).toEqual({ refreshToken: canary });
    await vault.clear();
    expect(await secretToolLookup('tokens-key')).toBeUndefined();
    expect((await vault.load()).reason).toBe('no_file');
  });
});

describe.skipIf(process.platform !== 'linux')('KeychainSecretStore without a Secret Service', () => {
  // A child process: the native library keeps its D-Bus connection for the life of the process.
  it('fails as keychain_unavailable instead of falling back to another store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nobus-'));
    const script = join(dir, 'probe.mts');
    const storeModule = new URL('../../native/keychain-secret-store.ts', import.meta.url).href;
    await writeFile(
      script,
      `import { KeychainSecretStore } from ${JSON.stringify(storeModule)};
const store = new KeychainSecretStore(${JSON.stringify(`${service}-nobus`)});
const codes = [];
for (const call of [() => store.set('plain', 'value'), () => store.get('plain'), () => store.delete('plain')]) {
  try { await call(); codes.push('ok'); } catch (e) { codes.push(e.name + ':' + e.code); }
}
console.log(JSON.stringify(codes));`,
    );
    try {
      const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}` };
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
        env,
        cwd: process.cwd(),
      });
      expect(JSON.parse(stdout.trim())).toEqual(Array(3).fill('SecretStoreError:keychain_unavailable'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
