import { describe, expect, it } from 'vitest';
import { classifyKeychainFailure, toSecretStoreError } from '../../../../native/keychain.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { MAX_SECRET_BYTES, SecretStoreError } from '../../../../main/base/secrets/secret-store.ts';

describe('MemorySecretStore', () => {
  it('gets, sets, replaces and deletes', async () => {
    const store = new MemorySecretStore();
    expect(await store.get('a')).toBeUndefined();
    await store.set('a', 'one');
    await store.set('a', 'two');
    expect(await store.get('a')).toBe('two');
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeUndefined();
  });

  it('refuses what a real keychain would refuse', async () => {
    const store = new MemorySecretStore();
    await expect(store.set('a', 'x'.repeat(MAX_SECRET_BYTES + 1))).rejects.toMatchObject({
      code: 'keychain_rejected',
    });
    await expect(store.set('bad account/name', 'x')).rejects.toMatchObject({ code: 'keychain_rejected' });
    await store.set('a', 'x'.repeat(MAX_SECRET_BYTES));
  });

  it('fails on demand with the given code', async () => {
    const store = new MemorySecretStore();
    store.failWith('keychain_denied');
    await expect(store.get('a')).rejects.toBeInstanceOf(SecretStoreError);
    await expect(store.get('a')).rejects.toMatchObject({ code: 'keychain_denied' });
    store.failWith(undefined);
    expect(await store.get('a')).toBeUndefined();
  });
});

describe('keychain failure mapping', () => {
  it.each([
    ["Couldn't access platform storage: Secret Service: unlock prompt was dismissed", 'keychain_denied'],
    [
      'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled',
      'keychain_unavailable',
    ],
    [
      'Platform failure: DBus error: The name org.freedesktop.secrets was not provided',
      'keychain_unavailable',
    ],
    ["Attribute 'password' is longer than platform limit of 2560 chars", 'keychain_rejected'],
    ['Entry is matched by 2 credentials: [..]', 'keychain_rejected'],
  ] as const)('%s -> %s', (message, code) => {
    expect(classifyKeychainFailure(message)).toBe(code);
  });

  it('keeps the library text out of the message and in the cause', () => {
    const native = new Error("Couldn't access platform storage: something specific");
    const error = toSecretStoreError(native, 'set');
    expect(error).toBeInstanceOf(SecretStoreError);
    expect(error.code).toBe('keychain_denied');
    expect(error.message).not.toContain('something specific');
    expect(error.cause).toBe(native);
  });
});
