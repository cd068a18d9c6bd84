/**
 * The connection manager's side of "Sign in with your organization": offered only where configured, one
 * sign-in at a time, cancellable, its failures said in our words; server credentials refused where the
 * installation does not offer them.
 */
import { describe, expect, it } from 'vitest';
import { formatError } from '../../../../preload/words/index.ts';
import {
  ConnectionManager,
  type SignInOptions,
} from '../../../../main/features/connection/connection-manager.ts';
import type { Connection, Connector } from '../../../../main/features/connection/ports.ts';
import { SignInError } from '../../../../main/core/api/auth/sign-in-error.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { fakeConnection } from '../visit/fakes.ts';

const connection = fakeConnection({ caller: 'user' });

const MANAGED: SignInOptions = {
  methods: {
    organization: { issuerHost: 'login.example.org' },
    serverCredentials: false,
    clinicianToken: true,
    sample: false,
  },
  organizationServiceUrl: 'https://us.api.example.com',
};

/** A connector whose browser sign-in waits until aborted, or finishes when `finish` is called. */
function rig(options: SignInOptions = MANAGED) {
  let finish: (() => void) | undefined;
  const connector: Connector = {
    connect: async () => connection,
    restore: async () => null,
    forget: async () => undefined,
    signInWithOrganization: (_url, signal) =>
      new Promise<Connection>((resolve, reject) => {
        finish = () => resolve(connection);
        signal?.addEventListener('abort', () => reject(new SignInError('cancelled')));
      }),
  };
  const manager = new ConnectionManager(connector, null, () => false, options);
  return { manager, finish: () => finish?.() };
}

async function failure(call: () => Promise<unknown>): Promise<Failure> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('sign in with the organization (connection manager)', () => {
  it('says which ways in are offered, and that it waits for the browser', async () => {
    const { manager, finish } = rig();
    expect(manager.status().methods).toEqual(MANAGED.methods);
    const pending = manager.signInWithOrganization();
    expect(manager.status().signingIn).toBe(true);
    finish();
    await expect(pending).resolves.toMatchObject({ mode: 'organization', signingIn: false, healthy: true });
  });

  it('runs one sign-in at a time, and a cancel ends it as cancelled in our words', async () => {
    const { manager } = rig();
    const pending = failure(() => manager.signInWithOrganization());
    expect((await failure(() => manager.signInWithOrganization())).code).toBe('sign_in_failed');
    manager.cancelSignIn();
    const cancelled = await pending;
    expect(cancelled.code).toBe('sign_in_failed');
    expect(cancelled.params).toEqual({ reason: 'cancelled' });
    expect(formatError(cancelled)).toMatch(/cancelled/);
    expect(manager.status()).toMatchObject({ mode: 'none', signingIn: false });
  });

  it('is not offered where the policy names no identity provider', async () => {
    const { manager } = rig({
      methods: { organization: null, serverCredentials: true, clinicianToken: true, sample: false },
    });
    expect((await failure(() => manager.signInWithOrganization())).code).toBe('sign_in_not_offered');
  });

  it('refuses server credentials where the installation does not offer them', async () => {
    const { manager } = rig();
    const refused = await failure(() =>
      manager.configure('https://us.api.example.com', {
        kind: 'server',
        clientId: '0b8f6f57-4a8e-4a39-9d55-1b2b0f3c5f00',
        privateKeyPem: 'pem',
      }),
    );
    expect(refused.code).toBe('sign_in_not_offered');
    await expect(
      manager.configure('https://us.api.example.com', { kind: 'user-refresh-token', refreshToken: 'r' }),
    ).resolves.toMatchObject({ mode: 'organization' });
  });
});
