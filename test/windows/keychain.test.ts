/**
 * The keychain through Windows Credential Manager for real: native/keychain.ts over @napi-rs/keyring's
 * Windows binary (loaded under Wine with the lane's ProcessPrng stand-in, test/windows/lane/processprng.c),
 * checked against Credential Manager read directly (support/credman.ts), and the token vault on top of it
 * in the account's %LOCALAPPDATA% (where the app keeps its vaults on Windows).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { KeychainSecretStore } from '../../native/keychain-secret-store.ts';
import { TokenVault } from '../../main/base/secrets/token-vault.ts';
import { findCredentials } from './support/credman.ts';

const service = `scribe-lane-${randomUUID().slice(0, 8)}`;
const store = new KeychainSecretStore(service);
/** Our entries as Credential Manager holds them (keyring-rs names the target `<account>.<service>`). */
const stored = (account: string) =>
  findCredentials().filter((c) => c.target === `${account}.${service}` && c.user === account);

describe('the keychain on Windows Credential Manager', () => {
  it('stores, replaces and deletes an entry that Credential Manager itself holds', async () => {
    const value = `v-${randomUUID()} µg Müller`;
    assert.equal(await store.get('plain'), undefined);
    await store.set('plain', value);
    assert.equal(await store.get('plain'), value);
    assert.deepEqual(
      stored('plain').map((c) => c.secret),
      [value],
    );
    await store.set('plain', `${value}-2`);
    assert.deepEqual(
      stored('plain').map((c) => c.secret),
      [`${value}-2`],
    );
    assert.equal(await store.delete('plain'), true);
    assert.deepEqual(stored('plain'), []);
    assert.equal(await store.get('plain'), undefined);
    assert.equal(await store.delete('plain'), false);
  });

  it('refuses a value over what a Windows credential holds, as keychain_rejected', async () => {
    await assert.rejects(store.set('big', 'x'.repeat(5000)), { code: 'keychain_rejected' });
    assert.deepEqual(stored('big'), []);
  });

  it('keeps the token vault key there; the file in %LOCALAPPDATA% holds no token in clear', async () => {
    const dir = await mkdtemp(join(process.env.LOCALAPPDATA!, 'vault-'));
    const canary = `CANARY-${randomUUID()}`;
    const vault = new TokenVault({ store, dataDir: dir });
    await vault.save({ refreshToken: canary });
    assert.match(stored('tokens-key')[0]?.secret ?? '', /^[A-Za-z0-9+/]{43}=$/);
    assert.equal((await readFile(vault.path)).includes(Buffer.from(canary)), false);
    const reopened = new TokenVault({ store: new KeychainSecretStore(service), dataDir: dir });
    assert.deepEqual((await reopened.load()).bundle, { refreshToken: canary });
    await vault.clear();
    assert.deepEqual(stored('tokens-key'), []);
    assert.equal((await vault.load()).reason, 'no_file');
  });
});
