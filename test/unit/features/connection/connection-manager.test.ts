/**
 * The connection does not change under a visit being recorded, and Disconnect signs out first but never
 * waits on the network for long.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectionManager,
  SIGN_OUT_WAIT_MS,
} from '../../../../main/features/connection/connection-manager.ts';
import type { Connector } from '../../../../main/features/connection/ports.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { checkDetailText, formatError, LOCALES } from '../../../../preload/words/index.ts';
import type { ConnectionStatus } from '../../../../preload/contract/index.ts';
import { fakeConnection } from '../visit/fakes.ts';

function rig(signOut?: () => Promise<void>) {
  const log: string[] = [];
  const connection = fakeConnection({
    caller: 'user',
    ...(signOut ? { signOut: () => (log.push('signOut'), signOut()) } : {}),
    close: async () => void log.push('close'),
  });
  const connector: Connector = {
    connect: async () => (log.push('connect'), connection),
    restore: async () => null,
    forget: async () => void log.push('forget'),
  };
  const sample = {
    connect: async () => (log.push('sample'), connection),
    openRecording: () => null as never,
    openDictation: () => null as never,
  };
  let recording = false;
  const manager = new ConnectionManager(connector, sample, () => recording);
  return { manager, log, connection, setRecording: (on: boolean) => (recording = on) };
}

const CREDENTIALS = { kind: 'user-refresh-token', refreshToken: 'r' } as const;

async function refusal(call: () => Promise<unknown>): Promise<Failure> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectionManager', () => {
  it('refuses to connect, switch to the sample or disconnect while a visit is recorded', async () => {
    const { manager, log, setRecording } = rig(async () => undefined);
    await manager.configure('https://us.api.example.com', CREDENTIALS);
    setRecording(true);
    log.length = 0;
    for (const call of [
      () => manager.configure('https://eu.api.example.com', CREDENTIALS),
      () => manager.useSample(),
      () => manager.disconnect('user'),
    ]) {
      const failure = await refusal(call);
      expect(failure.code).toBe('visit_in_progress');
      expect(formatError(failure)).toMatch(/End it before changing the connection/);
    }
    expect(log).toEqual([]); // nothing was closed, signed out or forgotten
    expect(manager.status().mode).toBe('organization');
    setRecording(false);
    expect((await manager.disconnect('user')).mode).toBe('none');
  });

  it('signs out before forgetting the saved sign-in, and disconnects when the sign-out fails', async () => {
    const ok = rig(async () => undefined);
    await ok.manager.configure('https://us.api.example.com', CREDENTIALS);
    ok.log.length = 0;
    await ok.manager.disconnect('user');
    expect(ok.log).toEqual(['signOut', 'close', 'forget']);

    const refused = rig(() => Promise.reject(new Error('401')));
    await refused.manager.configure('https://us.api.example.com', CREDENTIALS);
    expect((await refused.manager.disconnect('user')).mode).toBe('none');
    expect(refused.log.at(-1)).toBe('forget');
  });

  it('does not wait on a sign-out that never answers', async () => {
    const { manager, log } = rig(() => new Promise<void>(() => undefined));
    await manager.configure('https://us.api.example.com', CREDENTIALS);
    vi.useFakeTimers();
    const done = manager.disconnect('user');
    await vi.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS);
    expect((await done).mode).toBe('none');
    expect(log.slice(-2)).toEqual(['close', 'forget']);
  });

  it('never signs out of the sample service', async () => {
    const { manager, log } = rig(async () => undefined);
    await manager.useSample();
    await manager.disconnect('user');
    expect(log).not.toContain('signOut');
    expect(log).not.toContain('forget');
  });

  it('tells its listeners the status after every change, a refused one included (the connect:status push)', async () => {
    const { manager, setRecording } = rig(async () => undefined);
    const pushed: string[] = [];
    manager.onStatus((status) => pushed.push(status.mode));
    await manager.configure('https://us.api.example.com', CREDENTIALS);
    await manager.check();
    setRecording(true);
    await refusal(() => manager.disconnect('user'));
    setRecording(false);
    await manager.useSample();
    await manager.disconnect('user');
    expect(manager.publish().mode).toBe('none');
    expect(pushed).toEqual(['organization', 'organization', 'organization', 'sample', 'none', 'none']);
  });
});

describe('the sample sign-in check (issue 19)', () => {
  it("says the sample service, not the organization's credentials, in every language", async () => {
    const { manager, connection } = rig(async () => undefined);
    connection.checks = async () => [
      { id: 'sign-in', status: 'pass', reason: 'signed_in', params: { caller: 'server' } },
    ];
    const signIn = (status: ConnectionStatus) => status.checks.find((c) => c.id === 'sign-in')!;
    const sample = signIn(await manager.useSample());
    expect(sample.reason).toBe('signed_in_sample');
    expect(signIn(await manager.check()).reason).toBe('signed_in_sample');
    expect(checkDetailText(sample)).toMatch(/built-in sample service/);
    expect(LOCALES.fr.checkDetailText(sample)).toMatch(/service d’exemple intégré/);
    expect(LOCALES.fr.checkDetailText(sample)).not.toMatch(/identifiants serveur/);
    await manager.disconnect('user');
    await manager.configure('https://us.api.example.com', CREDENTIALS);
    expect(signIn(manager.status()).reason).toBe('signed_in');
  });
});
