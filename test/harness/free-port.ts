/**
 * A loopback port nothing listens on: asked of the OS, then released. For a server a test starts next
 * (rsyslogd, a container, Redis) or for a connection that must be refused, as during an outage.
 */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
