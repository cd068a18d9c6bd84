/**
 * The real local streaming service in a process of its own, for the heap benchmark: its recogniser keeps
 * per-socket state for every chunk of a two-hour socket, which must not be counted as the client's heap.
 * Prints `{"port": N}` once listening; exits when its stdin closes (the parent ended, however it ended).
 */
import { startLocalService } from './harness.ts';

const service = await startLocalService();
process.stdout.write(`${JSON.stringify({ port: Number(service.baseUrl.port) })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void service.close().finally(() => process.exit(0));
});
