/**
 * Helpers of the streaming privacy tests: output capture around a body, a session's warnings and failure,
 * faults fired right after a socket delivered canary text, pacing, and the journal folder checks.
 */
import { expect } from 'vitest';
import type { StreamingSession, SessionEvents } from '../../../main/core/streaming/streaming-session.ts';
import type { StreamingError } from '../../../main/core/streaming/streaming-error.ts';
import { delay, fixtureChunks, type StreamingHarness } from '../core/streaming/harness.ts';
import { bytesHaveCanary, describeError, OutputCapture, readTree, type CanaryHooks } from './canary-kit.ts';

/** Runs `body` with every console / stdout / stderr write and process warning captured. */
export async function captured<T>(
  body: (capture: OutputCapture) => Promise<T>,
): Promise<{ value: T; output: string }> {
  const capture = new OutputCapture().start();
  try {
    const value = await body(capture);
    await capture.settle(); // asynchronous warnings land inside the capture
    return { value, output: capture.text };
  } finally {
    capture.stop();
  }
}

/** Collects every warning a session emits, and its failure. */
export function watch<E extends SessionEvents>(session: StreamingSession<E>) {
  const warnings: StreamingError[] = [];
  session.on('warning', (w) => void warnings.push(w));
  return {
    warnings,
    /** Everything the session said outside its own items: warnings and the failure, fully described. */
    said: () =>
      [...warnings, session.failure]
        .filter((e) => e !== undefined)
        .map((e) => describeError(e))
        .join('\n'),
  };
}

/**
 * Faults fired one per socket, each right after that socket delivered a final item with the canary (so the
 * canary is in the session when the fault hits). A fault only fires while a socket is open, so nothing
 * queued (an injected 401) can leak into the next test.
 */
export function faultPlan(
  h: StreamingHarness,
  hooks: CanaryHooks,
  faults: Array<() => void>,
): { readonly fired: number; stop(): void } {
  const used = new Set<number>();
  let fired = 0;
  hooks.onFinal = () => {
    const socket = h.streaming.openSockets()[0];
    if (!socket || used.has(socket.id) || fired >= faults.length) return;
    used.add(socket.id);
    // The hook runs in the service's recognizer before the canary item is sent, and the fault must find it
    // read by the client: an error or close frame would queue behind it, but a cut (terminateAll) destroys
    // the service's socket, and a TCP reset can discard what the client had not read yet. The client's own
    // signal is not reachable from here (the plan is made before the session and serves both kinds), so
    // 30 ms, many loopback round trips (well under 1 ms each), stands for "the client has read it"; the
    // tests check afterwards that the canary did arrive (every final item carries it).
    setTimeout(() => {
      if (!h.streaming.openSockets().some((s) => s.id === socket.id)) return used.delete(socket.id);
      faults[fired++]!();
    }, 30);
  };
  return {
    get fired() {
      return fired;
    },
    stop: () => void (hooks.onFinal = undefined),
  };
}

/**
 * A session through a fault plan, its output captured: started, fed `file` at a microphone's pace
 * (`everyMs` a chunk), ended; the plan stops whatever happens. `value` is what the end failed with
 * (undefined when it did not fail).
 */
export function runThroughFaults(
  session: { start(): Promise<unknown>; end(): Promise<unknown> },
  plan: { stop(): void },
  file: string,
  send: (chunk: Int16Array) => void,
  everyMs: number,
): Promise<{ value: unknown; output: string }> {
  return captured(async () => {
    try {
      await session.start();
      await feed(fixtureChunks(file), send, everyMs);
      return await session.end().then(
        () => undefined,
        (e: unknown) => e,
      );
    } finally {
      plan.stop();
    }
  });
}

/** Sends chunks at a microphone's pace (hardware timing, not a wait for a result). */
async function feed(chunks: Int16Array[], send: (chunk: Int16Array) => void, everyMs = 20): Promise<void> {
  for (const chunk of chunks) {
    send(chunk);
    await delay(everyMs);
  }
}

/** A loud stretch of a fixture's audio, as bytes: if a journal held audio in clear, it would hold these. */
export function audioNeedles(file: string): Buffer[] {
  const loud = fixtureChunks(file).filter((c) => c.reduce((sum, s) => sum + Math.abs(s), 0) / c.length > 500);
  expect(loud.length).toBeGreaterThan(5);
  return [loud[2]!, loud[Math.floor(loud.length / 2)]!].flatMap((c) => {
    const bytes = Buffer.from(c.buffer, c.byteOffset, c.byteLength);
    return [bytes, bytes.subarray(640, 672)]; // a whole chunk and a 32-byte window of it
  });
}

/** The journal folder holds no canary, no audio and no transcript in clear; modes 0700/0600; bare sidecars. */
export async function expectJournalsPrivate(
  dir: string,
  audioFile: string,
  texts: readonly string[],
): Promise<void> {
  const entries = await readTree(dir);
  const files = entries.filter((e) => e.kind === 'file');
  expect(files.some((f) => f.path.endsWith('.journal'))).toBe(true);
  for (const e of entries) expect(e.mode, `mode of ${e.path}`).toBe(e.kind === 'dir' ? 0o700 : 0o600);
  const needles = audioNeedles(audioFile);
  // Only texts long enough not to occur in random (encrypted) bytes by chance ("\n\n" would).
  const words = texts.filter((t) => t.length >= 8);
  expect(words.length).toBeGreaterThan(0);
  for (const f of files) {
    expect(bytesHaveCanary(f.bytes), `canary in ${f.path}`).toBe(false);
    for (const needle of needles) expect(f.bytes.includes(needle), `audio in ${f.path}`).toBe(false);
    for (const text of words)
      expect(f.bytes.includes(Buffer.from(text)), `transcript in ${f.path}`).toBe(false);
    if (f.path.endsWith('.meta.json')) {
      const meta = JSON.parse(f.bytes.toString('utf8')) as Record<string, unknown>;
      expect(Object.keys(meta).sort()).toEqual(['createdAt', 'id', 'session', 'status', 'updatedAt', 'v']);
      expect(typeof meta.id === 'string' && /^[0-9a-f-]{36}$/.test(meta.id)).toBe(true);
    } else if (f.path.endsWith('.lock')) {
      // The owner's lock: its pid and a heartbeat counter, nothing else.
      expect(f.bytes.toString('utf8')).toMatch(/^\d{10} \d{12}\n$/);
    } else {
      expect(f.path, 'only journals, their sidecars and locks').toMatch(/^[0-9a-f-]{36}\.journal$/);
    }
  }
}
