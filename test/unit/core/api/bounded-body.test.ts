import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidRequestError, ResponseShapeError } from '../../../../main/core/api/errors.ts';
import { HttpClient } from '../../../../main/core/api/transport/http.ts';
import { serviceNoteText } from '../../../../preload/words/index.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A loopback service answering every request with `status` and a body of `bytes` bytes, streamed. */
async function serviceSending(status: number, bytes: number, sent: { bytes: number }): Promise<URL> {
  server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    res.write('{"code":400,"name":"BAD_REQUEST","message":"');
    const pump = () => {
      while (sent.bytes < bytes) {
        sent.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end('"}');
    };
    res.on('error', () => undefined);
    pump();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

const request = (http: HttpClient) =>
  http.request({
    method: 'GET',
    caller: 'server',
    path: '/users',
    auth: null,
    schema: z.unknown(),
    operation: 'list-users',
  });

describe('answers are read up to a cap', () => {
  it('refuses an answer over the cap without reading it all', async () => {
    const sent = { bytes: 0 };
    const http = new HttpClient({ baseUrl: await serviceSending(200, 64 * 1024 * 1024, sent) });
    const error = await request(http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(serviceNoteText((error as ResponseShapeError).note)).toMatch(/larger than this app accepts/);
    expect(sent.bytes).toBeLessThan(64 * 1024 * 1024);
    expect(sent.bytes).toBeGreaterThan(16 * 1024 * 1024);
  });

  it('reads an error body only up to its cap: a huge one gives the status message, never its text', async () => {
    const sent = { bytes: 0 };
    const http = new HttpClient({
      baseUrl: await serviceSending(400, 8 * 1024 * 1024, sent),
      retry: { baseMs: 1, capMs: 1, maxRetries: 0 },
    });
    const error = await request(http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(serviceNoteText((error as InvalidRequestError).note)).toBe(
      'The service rejected the request as invalid.',
    );
    expect(sent.bytes).toBeLessThan(8 * 1024 * 1024);
  });
});
