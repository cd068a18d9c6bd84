/**
 * A broker process's memory as the broker bench reads it, independent of when its GC happens to run under
 * load: each broker runs with `--inspect=127.0.0.1:0` (bench only: nothing in the broker itself), and the
 * bench asks it over the inspector protocol for a full garbage collection, then for `process.memoryUsage()`.
 * The figures are then what the live streams hold (V8 heap, memory outside it, the whole process's RSS),
 * not whatever garbage the opening burst left behind.
 */
import WebSocket from 'ws';

/** The node flag that opens the inspector on a free loopback port. */
export const INSPECT_FLAG = '--inspect=127.0.0.1:0';

/** One reading, in KB. */
export interface MemoryReading {
  heapUsed: number;
  /** Memory outside the V8 heap that V8 knows of (buffers, array buffers). */
  external: number;
  rss: number;
}

/** The inspector's WebSocket URL, from the `Debugger listening on ws://…` line of the broker's stderr. */
export function inspectorUrl(stderr: string): string {
  const match = /Debugger listening on (ws:\/\/\S+)/.exec(stderr);
  if (!match) throw new Error('broker started without its inspector (no "Debugger listening" line)');
  return match[1]!;
}

/** Full GC (twice: weak references freed by the first go in the second), then the process's memory. */
export async function memoryAfterGc(url: string): Promise<MemoryReading> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: unknown };
        if (message.id !== mine) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const result = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    return { heapUsed: usage.heapUsed / 1024, external: usage.external / 1024, rss: usage.rss / 1024 };
  } finally {
    socket.close();
  }
}

/** The readings of several processes added up. */
export function total(readings: MemoryReading[]): MemoryReading {
  return readings.reduce(
    (a, b) => ({ heapUsed: a.heapUsed + b.heapUsed, external: a.external + b.external, rss: a.rss + b.rss }),
    { heapUsed: 0, external: 0, rss: 0 },
  );
}
