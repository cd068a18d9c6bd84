/**
 * The browser shell's bridge over a real loopback WebSocket: it takes one socket, once, from the page's own
 * origin carrying the one-time secret; calls go through the app's router; events reach the page.
 */
import { connect as connectTcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserShell, type BrowserShell } from '../../../../main/shells/preview/shell.ts';
import type { AppHandlers } from '../../../../main/core/ipc/handler-slice.ts';
import { channels, fail } from '../../../../preload/contract/index.ts';

const handlers = Object.fromEntries(
  Object.keys(channels).map((name) => [name, () => fail('not_connected')]),
) as unknown as AppHandlers;

let shell: BrowserShell;
beforeAll(async () => {
  shell = await startBrowserShell({
    buildServices: async () => ({ handlers, close: async () => undefined }),
  });
});
afterAll(() => shell.close());

const socketUrl = () => `${shell.origin.replace('http', 'ws')}/shell/bridge`;

/** Opens a socket; resolves with it once open, or with the refusal's HTTP status. */
function connect(options: { origin?: string; secret?: string }): Promise<WebSocket | number> {
  const ws = new WebSocket(socketUrl(), [`scribe-bridge.${options.secret ?? shell.bridge.secret}`], {
    origin: options.origin ?? shell.origin,
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('browser shell bridge', () => {
  it('listens on loopback and serves the page with its bridge script first', async () => {
    expect(shell.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(shell.url).toBe(`${shell.origin}/index.html#bridge=${shell.bridge.secret}`);
    const script = await (await fetch(`${shell.origin}/shell/bridge.js`)).text();
    expect(script).toContain('visitStart');
    expect(script).not.toContain(shell.bridge.secret);
  });

  it('refuses another origin and a wrong secret, before any WebSocket exists', async () => {
    expect(await connect({ origin: 'http://evil.example' })).toBe(403);
    expect(await connect({ origin: 'http://127.0.0.1:1' })).toBe(403);
    expect(await connect({ secret: 'f'.repeat(64) })).toBe(403);
    expect(await connect({ secret: '' })).toBe(403);
    expect(shell.bridge.refused).toEqual(['origin', 'origin', 'secret', 'secret']);
  });

  it('refuses a secret of the right length in characters but not in bytes, and lives on', async () => {
    // A header is read as latin1: one byte 0xFF is one character, two bytes once UTF-8 encoded.
    const token = Buffer.concat([
      Buffer.from(`scribe-bridge.${'a'.repeat(shell.bridge.secret.length - 1)}`),
      Buffer.from([0xff]),
    ]);
    const port = Number(new URL(shell.origin).port);
    const head = [
      'GET /shell/bridge HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Origin: ${shell.origin}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Protocol: ',
    ].join('\r\n');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connectTcp(port, '127.0.0.1', () =>
        socket.write(Buffer.concat([Buffer.from(head), token, Buffer.from('\r\n\r\n')])),
      );
      socket.once('data', (data) => {
        resolve(data.toString('latin1').split('\r\n')[0]!);
        socket.destroy();
      });
      socket.once('error', reject);
    });
    expect(answer).toBe('HTTP/1.1 403 Forbidden');
    expect(shell.bridge.refused.at(-1)).toBe('secret');
  });

  it('answers 400 to a malformed escape in a path, and serves on', async () => {
    expect((await fetch(`${shell.origin}/%`)).status).toBe(400);
    expect((await fetch(`${shell.origin}/%E0%A4%A`)).status).toBe(400);
    // Still serving (its own script: the page itself needs the renderer built, which this file does not).
    expect((await fetch(`${shell.origin}/shell/bridge.js`)).status).toBe(200);
  });

  it('takes the right page once: calls go through the router, events come back, a second socket is refused', async () => {
    const ws = (await connect({})) as WebSocket;
    const messages: unknown[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    ws.send(JSON.stringify({ id: 1, channel: 'visit:end', request: {} }));
    ws.send(JSON.stringify({ id: 2, channel: 'no:such', request: {} }));
    ws.send(JSON.stringify({ id: 3, channel: 'visit:start', request: { consentAcknowledged: 'yes' } }));
    shell.bridge.emit('app:command', { command: 'start-visit' });
    await expect.poll(() => messages.length).toBe(4);
    expect(messages).toContainEqual({ id: 1, result: fail('not_connected') });
    expect(messages).toContainEqual({ id: 2, result: fail('invalid_request') });
    expect(messages).toContainEqual({ id: 3, result: fail('invalid_request') });
    expect(messages).toContainEqual({ event: 'app:command', payload: { command: 'start-visit' } });
    expect(await connect({})).toBe(403);
    expect(shell.bridge.refused.at(-1)).toBe('secret_used');
    ws.close();
  });
});
