/**
 * The local service's transcription socket as its tests drive it: the synthetic recording (sentences A and B)
 * served for the file, timings reset before each test, and the small readers every test uses.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import {
  connect,
  payloads,
  startService,
  syntheticRecording,
  transcribeConfig,
  type Frame,
  type Harness,
  type RawClient,
} from './helpers.ts';

/** The recording the service knows; its 40 chunks (A lies in chunks 2..12, B in 17..32) and its two sentences. */
export const rec = syntheticRecording();
export const chunks = payloads(rec.samples);
export const [A, B] = rec.sentences as [(typeof rec.sentences)[0], (typeof rec.sentences)[0]];

/** Serves `rec` for the file (handing the service to `use`) with fast timings reset before each test. */
export function transcribeServicePerFile(use: (h: Harness) => void): {
  open(config?: Record<string, unknown>): Promise<RawClient>;
} {
  let h: Harness;
  beforeAll(async () => use((h = await startService([rec]))));
  beforeEach(() => {
    Object.assign(h.control.timings, {
      recognitionLatencyMs: 20,
      ackDelayMs: 0,
      silenceTimeoutMs: 10_000,
      maxUnackedChunks: 100,
    });
    h.control.withholdAcks(false);
  });
  afterEach(() => void vi.useRealTimers());
  afterAll(() => h.close());
  return {
    /** A socket that has sent its transcription CONFIG (with `config` over the defaults). */
    async open(config = {}) {
      const c = await connect(h);
      c.send(transcribeConfig(config));
      return c;
    },
  };
}

/** The final transcript items a socket received. */
export const finals = (c: RawClient): Frame[] => c.of('TRANSCRIPT_ITEM').filter((f) => f.is_final === true);
/** Milliseconds of audio in `samples` at 16 kHz. */
export const ms = (samples: number): number => Math.round(samples / 16);

/** Sends END and waits for the normal close. */
export async function end(c: RawClient): Promise<number> {
  c.send({ type: 'END' });
  return (await c.closed).code;
}
