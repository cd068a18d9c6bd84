import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  dictateConfig,
  payloads,
  startService,
  syntheticRecording,
  TOKENS,
  type ConnectOptions,
  type Harness,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startService([syntheticRecording()]);
});
afterAll(() => h.close());

async function refusal(o: ConnectOptions): Promise<{ status: number; body: string }> {
  try {
    const c = await connect(h, o);
    c.ws.close();
  } catch (e) {
    return e as { status: number; body: string };
  }
  throw new Error('upgrade was accepted');
}

describe('streaming upgrade authentication', () => {
  it('accepts a bearer header with the subprotocol and records the pinned version', async () => {
    const c = await connect(h, { kind: 'dictate', caller: 'user' });
    expect(c.ws.protocol).toBe('dictate-protocol');
    const record = h.control.sockets.at(-1)!;
    expect(record).toMatchObject({
      kind: 'dictate',
      caller: 'user',
      authVia: 'header',
      apiVersion: '2026-10-05',
    });
    c.ws.close();
  });

  it('accepts the browser form [protocol, jwt-<token>] and never echoes the token protocol', async () => {
    const c = await connect(h, { via: 'subprotocol' });
    expect(c.ws.protocol).toBe('transcribe-protocol');
    expect(h.control.sockets.at(-1)).toMatchObject({ kind: 'transcribe', authVia: 'subprotocol' });
    c.ws.close();
  });

  it.each<[string, ConnectOptions]>([
    ['no token', { token: null }],
    ['an unknown token', { token: 'nope' }],
    ['an unknown token in the subprotocol', { token: 'nope', via: 'subprotocol' }],
    ['a server token on a user path', { caller: 'user', token: TOKENS.server }],
  ])('refuses %s with 401 before upgrading', async (_label, o) => {
    const r = await refusal(o);
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({ name: 'UNAUTHORIZED', code: expect.any(Number) });
  });

  it('refuses an expired token with 401', async () => {
    const r = await refusal({ token: TOKENS.expired });
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body).name).toBe('TOKEN_EXPIRED');
  });

  it.each<[string, ConnectOptions]>([
    ['no subprotocol', { protocols: [] }],
    ['the other family’s subprotocol', { protocols: ['dictate-protocol'] }],
    ['an impossible date', { version: '2026-13-01' }],
    ['a date that is no version', { version: '2026-01-01' }],
  ])('refuses %s with 400', async (_label, o) => {
    expect((await refusal(o)).status).toBe(400);
  });

  it('records each refusal without a token in it', async () => {
    await refusal({ token: 'secret-canary' });
    const last = h.control.rejected.at(-1)!;
    expect(last.status).toBe(401);
    expect(JSON.stringify(last)).not.toContain('secret-canary');
  });

  it('answers 404 for another path', async () => {
    const { WebSocket } = await import('ws');
    const status = await new Promise<number | undefined>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${h.port}/v1/core/server/other-ws`, ['transcribe-protocol']);
      ws.on('unexpected-response', (_q, res) => resolve(res.statusCode));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(404);
  });
});

describe('api version without the parameter', () => {
  it('accepts the socket under the organization’s pinned version (public facts), recording none sent', async () => {
    // Pinned before 2025-07-24, a CONFIG with text_field_context is refused: the pinned version is applied.
    const old = await startService([syntheticRecording()], { pinnedVersion: '2025-05-21' });
    try {
      const c = await connect(old, { version: null, kind: 'dictate' });
      expect(old.control.sockets.at(-1)!.apiVersion).toBeNull();
      c.send(dictateConfig({ text_field_context: { text: 'a', selection_start: 1, selection_length: 0 } }));
      expect((await c.next((f) => f.type === 'ERROR_MESSAGE')).code).toBe(83400);
      const fresh = await connect(old, { version: null, kind: 'dictate' });
      fresh.send(dictateConfig());
      fresh.send({ type: 'AUDIO_CHUNK', seq_id: 0, payload: payloads(syntheticRecording().samples)[0] });
      expect(await fresh.next((f) => f.type === 'AUDIO_CHUNK_ACK')).toMatchObject({ ack_id: 0 });
      fresh.ws.close();
    } finally {
      await old.close();
    }
  });
});
