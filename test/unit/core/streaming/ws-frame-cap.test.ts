import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import {
  MAX_FRAME_BYTES,
  openStreamSocket,
  type SocketClosed,
} from '../../../../main/core/streaming/ws-transport.ts';

let server: WebSocketServer | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      for (const client of server?.clients ?? []) client.terminate();
      if (server) server.close(() => resolve());
      else resolve();
    }),
);

/** A peer that sends one text frame of `bytes` bytes once the socket is open. */
async function peerSending(bytes: number): Promise<URL> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'dictate-protocol' });
  await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
  server.on('connection', (ws) =>
    ws.send(JSON.stringify({ type: 'DICTATED_TEXT', text: 'x'.repeat(bytes) })),
  );
  return new URL(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/core/user/dictate-ws`);
}

function open(url: URL) {
  const frames: number[] = [];
  let onClosed: (c: SocketClosed) => void = () => undefined;
  const closed = new Promise<SocketClosed>((resolve) => (onClosed = resolve));
  const socket = openStreamSocket({
    url,
    token: 't',
    subprotocol: 'dictate-protocol',
    onFrame: (text) => frames.push(text.length),
    onClose: (c) => onClosed(c),
  });
  return { socket, frames, closed };
}

describe('frames from the service are capped', () => {
  it('cuts the socket on a frame over 1 MiB without handing it up (the session sees a drop)', async () => {
    const { socket, frames, closed } = open(await peerSending(MAX_FRAME_BYTES + 1));
    await socket;
    expect((await closed).reason).toBe('terminated');
    expect(frames).toEqual([]);
  });

  it('hands up a large frame under the cap', async () => {
    const { socket, frames } = open(await peerSending(512 * 1024));
    const opened = await socket;
    await expect.poll(() => frames.length).toBe(1);
    opened.terminate();
  });
});
