/**
 * What the connection reports (the audit trail records it): each sign-in, entered or restored, refused when
 * the service did not accept its address or its sign-in, and each sign-out with why — whatever started it.
 * A command that was refused reports nothing.
 */
import { describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../../../main/features/connection/connection-manager.ts';
import type { Connection, Connector, SignInEvent } from '../../../../main/features/connection/ports.ts';
import type { Check } from '../../../../preload/contract/index.ts';
import { FakeTranscriber, fakeCore } from '../visit/fakes.ts';

function rig(checks: Check[] = []) {
  const connection: Connection = {
    baseUrl: new URL('https://eu.api.example.com'),
    region: 'eu',
    caller: 'user',
    core: fakeCore('user'),
    transcriber: new FakeTranscriber(),
    checks: async () => checks,
    close: async () => undefined,
  };
  const connector: Connector = {
    connect: async () => connection,
    restore: async () => connection,
    forget: async () => undefined,
    signInWithOrganization: async () => connection,
  };
  let recording = false;
  const manager = new ConnectionManager(connector, null, () => recording, {
    methods: {
      organization: { issuerHost: 'id.example.com' },
      serverCredentials: true,
      clinicianToken: true,
      sample: false,
    },
    organizationServiceUrl: 'https://eu.api.example.com',
  });
  const reported: SignInEvent[] = [];
  manager.onDidReport((event) => void reported.push(event));
  return { manager, reported, setRecording: (on: boolean) => (recording = on) };
}

const CREDENTIALS = { kind: 'user-refresh-token', refreshToken: 'r' } as const;
const check = (id: string, status: 'pass' | 'fail'): Check => ({ id, status, reason: 'unknown' }) as Check;

describe('what the connection reports', () => {
  it('a sign-in entered, a sign-in restored at start, and a sign-out with its reason', async () => {
    const { manager, reported } = rig();
    await manager.restore();
    await manager.disconnect('policy');
    await manager.configure('https://eu.api.example.com', CREDENTIALS);
    await manager.disconnect('user');
    const signedIn = { kind: 'signed_in', mode: 'organization', caller: 'user', region: 'eu' };
    expect(reported).toEqual([
      { ...signedIn, how: 'restored' },
      { kind: 'signed_out', why: 'policy' },
      { ...signedIn, how: 'entered' },
      { kind: 'signed_out', why: 'user' },
    ]);
  });

  it("a sign-in with the organization's browser sign-in (no IPC hook ever recorded it)", async () => {
    const { manager, reported } = rig();
    await manager.signInWithOrganization();
    expect(reported).toEqual([
      { kind: 'signed_in', mode: 'organization', caller: 'user', region: 'eu', how: 'entered' },
    ]);
  });

  it('a sign-in the service refused names the failed check, and is not reported as signed in', async () => {
    const { manager, reported } = rig([check('address', 'pass'), check('sign-in', 'fail')]);
    await manager.configure('https://eu.api.example.com', CREDENTIALS);
    expect(reported).toEqual([
      { kind: 'sign_in_refused', mode: 'organization', check: 'sign-in', how: 'entered' },
    ]);
  });

  it('a failing microphone check still counts as signed in', async () => {
    const { manager, reported } = rig([check('sign-in', 'pass'), check('microphone', 'fail')]);
    await manager.configure('https://eu.api.example.com', CREDENTIALS);
    expect(reported.map((e) => e.kind)).toEqual(['signed_in']);
  });

  it('reports nothing for a command that was refused, or a sign-out with nothing signed in', async () => {
    const { manager, reported, setRecording } = rig();
    await manager.disconnect('user');
    expect(reported).toEqual([]);
    await manager.configure('https://eu.api.example.com', CREDENTIALS);
    reported.length = 0;
    setRecording(true);
    await expect(manager.disconnect('user')).rejects.toThrow();
    await expect(manager.configure('https://eu.api.example.com', CREDENTIALS)).rejects.toThrow();
    expect(reported).toEqual([]);
  });
});
