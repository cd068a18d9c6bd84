/**
 * Disconnect signs a clinician out on the service (the refresh token would otherwise stay valid for about
 * 30 days) before the saved credentials are forgotten, against the local service; a sign-out the service
 * refuses never keeps the person connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../service/index.ts';
import { ConnectionManager } from '../../../../main/features/connection/connection-manager.ts';
import { createConnector, type CredentialVault } from '../../../../main/features/connection/connector.ts';
import { liveTranscribers } from '../../../../main/features/visit/live-transcriber.ts';
import type { Credentials } from '../../../../preload/contract/index.ts';

/** A vault in memory that remembers the last refresh token saved (they rotate on every refresh). */
class MemoryVault implements CredentialVault {
  saved: { baseUrl: string; credentials: Credentials } | null = null;
  lastRefreshToken: string | null = null;
  async save(baseUrl: string, credentials: Credentials): Promise<void> {
    this.saved = { baseUrl, credentials };
    if (credentials.kind === 'user-refresh-token') this.lastRefreshToken = credentials.refreshToken;
  }
  async load() {
    return this.saved;
  }
  async clear(): Promise<void> {
    this.saved = null;
  }
}

const AUDIO = { list: async () => [], open: () => Promise.reject(new Error('no audio')) as never };

async function refresh(service: LocalService, refreshToken: string): Promise<number> {
  const response = await fetch(`${service.url}/v1/core/user/jwt/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return response.status;
}

describe('Disconnect with a clinician sign-in', () => {
  let service: LocalService;
  beforeAll(async () => {
    service = await startLocalService();
  });
  afterAll(async () => {
    await service?.close();
  });

  async function connected(externalId: string) {
    const user = service.control.createUser({ external_id: externalId });
    const tokens = await service.control.mintUserTokens(user.id);
    const vault = new MemoryVault();
    const manager = new ConnectionManager(
      createConnector({ audio: AUDIO, transcriber: liveTranscribers(), vault }),
      null,
    );
    const status = await manager.configure(service.url, {
      kind: 'user-refresh-token',
      refreshToken: tokens.refresh_token,
    });
    expect(status.healthy).toBe(true); // the checks signed in, so the refresh token has rotated
    expect(vault.lastRefreshToken).not.toBe(tokens.refresh_token);
    return { manager, vault };
  }

  it('revokes the refresh token on the service, then forgets it', async () => {
    const { manager, vault } = await connected('ext-disconnect');
    const current = vault.lastRefreshToken!;
    const status = await manager.disconnect('user');
    expect(status.mode).toBe('none');
    expect(vault.saved).toBeNull();
    expect(service.control.requests.some((r) => r.path.endsWith('/jwt/logout'))).toBe(true);
    expect(await refresh(service, current)).toBe(401);
  });

  it('disconnects even when the service refuses the sign-out', async () => {
    const { manager, vault } = await connected('ext-refused');
    // Revoked elsewhere already: the service answers the sign-out with 401.
    const response = await fetch(`${service.url}/v1/core/user/jwt/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: vault.lastRefreshToken }),
    });
    expect(response.status).toBe(204);
    const status = await manager.disconnect('user');
    expect(status.mode).toBe('none');
    expect(vault.saved).toBeNull();
  });
});
