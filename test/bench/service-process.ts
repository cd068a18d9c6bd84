/**
 * The real local streaming service in a process of its own, for the heap and latency benchmarks: its
 * recogniser keeps per-socket state for every chunk of a two-hour socket (which must not be counted as the
 * client's heap), and its work must not share the client's event loop (the real service is remote).
 * Prints `{"port": N}` once listening; with `--stamp-arrivals`, then one `{"arrived": ms}` line per
 * AUDIO_CHUNK frame received (epoch milliseconds with sub-millisecond precision, comparable across
 * processes). Exits when its stdin closes (the parent ended, however it ended).
 */
import { performance } from 'node:perf_hooks';
import { startLocalService } from './harness.ts';

const service = await startLocalService();
if (process.argv.includes('--stamp-arrivals')) {
  service.control.on('frame', (_record, type: string) => {
    if (type === 'AUDIO_CHUNK')
      process.stdout.write(`{"arrived":${performance.timeOrigin + performance.now()}}\n`);
  });
}
process.stdout.write(`${JSON.stringify({ port: Number(service.baseUrl.port) })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void service.close().finally(() => process.exit(0));
});
