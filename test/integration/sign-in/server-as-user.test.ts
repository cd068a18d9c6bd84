/**
 * With the organization's server credentials and a configured user (`userExternalId`), the app acts AS
 * that user: user tokens minted through /jwt/authenticate, user endpoints, per-clinician features.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../../main/features/connection/connection-manager.ts';
import { createConnector } from '../../../main/features/connection/connector.ts';
import { liveTranscribers } from '../../../main/features/visit/live-transcriber.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';

const AUDIO = { list: async () => [], open: () => Promise.reject(new Error('no audio')) as never };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('server credentials with a configured user', () => {
  it('connects as that user, so the service tells clinicians apart', async () => {
    const manager = new ConnectionManager(
      createConnector({ audio: AUDIO, transcriber: liveTranscribers(), userExternalId: 'dr-configured' }),
      null,
    );
    const status = await manager.configure(h.service.url, {
      kind: 'server',
      clientId: h.fixtures.staticClient.id,
      privateKeyPem: h.staticPem,
    });
    expect(status).toMatchObject({ caller: 'user', healthy: true });
    const user = await h.serverCore.findUserByExternalId('dr-configured');
    expect(user).toBeDefined();
    h.service.control.clearRequests();
    await manager.require().core.dotPhrases().list();
    const calls = h.service.control.requests.filter((r) => r.caller !== null);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.caller).toEqual({ kind: 'user', userId: user!.id });
  });

  it('stays the organization (server caller) without a configured user', async () => {
    const manager = new ConnectionManager(
      createConnector({ audio: AUDIO, transcriber: liveTranscribers() }),
      null,
    );
    const status = await manager.configure(h.service.url, {
      kind: 'server',
      clientId: h.fixtures.staticClient.id,
      privateKeyPem: h.staticPem,
    });
    expect(status.caller).toBe('server');
  });
});
