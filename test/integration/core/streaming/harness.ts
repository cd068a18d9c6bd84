/**
 * Streaming integration harness: the local service (HTTP + streaming WebSockets on one loopback port),
 * the real token source, fixture audio cut into 100 ms chunks, and the checks every test shares ("every
 * manifest sentence exactly once, in order, right speaker, right offset on one timeline").
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { Chunker } from '../../../../main/core/audio/chunker.ts';
import {
  TranscribeSession,
  type TranscribeSessionOptions,
} from '../../../../main/core/streaming/transcribe-session.ts';
import {
  DictateSession,
  type DictateSessionOptions,
} from '../../../../main/core/streaming/dictate-session.ts';
import type { FinalTranscriptItem } from '../../../../main/core/streaming/transcript.ts';
import { fixtureByFile, loadFixtureManifest, readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import type { LocalServiceOptions } from '../../../../main/programs/local-service/options.ts';
import type { StreamingControl } from '../../../service/streaming-faults.ts';
import { startHarness, type Harness } from '../api/harness.ts';
import { delay } from '../../../../main/base/async/delay.ts';
import { later } from '../../../harness/later.ts';

export { delay };

/** Offsets may differ from the manifest by this much (chunk rounding, as the brief allows ~200 ms). */
export const OFFSET_TOLERANCE_MS = 200;

/** A sentence as a test expects it on the session timeline. */
export interface ExpectedSentence {
  text: string;
  written?: string;
  speaker: 'DOCTOR' | 'PATIENT';
  startMs: number;
  endMs: number;
}

/** The harness plus the streaming control. */
export interface StreamingHarness extends Harness {
  streaming: StreamingControl;
  baseUrl: URL;
}

/** Fast service timings for tests: short silence timeout, recognition that lags acks. */
export const FAST_TIMINGS = { silenceTimeoutMs: 800, recognitionLatencyMs: 150, correctionDelayMs: 50 };

/** Starts the local service with the streaming WebSockets attached. */
export async function startStreamingHarness(options: LocalServiceOptions = {}): Promise<StreamingHarness> {
  const h = await startHarness({
    ...options,
    streaming: { ...options.streaming, timings: { ...FAST_TIMINGS, ...options.streaming?.timings } },
  });
  return { ...h, streaming: h.service.control.streaming, baseUrl: new URL(h.service.url) };
}

/**
 * The streaming harness for this file: started before its first test, closed after its last. Read it inside
 * tests and hooks only (test/harness/later.ts).
 */
export function streamingPerFile(options: LocalServiceOptions = {}): StreamingHarness {
  let h: StreamingHarness | undefined;
  beforeAll(async () => {
    h = await startStreamingHarness(options);
  });
  afterAll(() => h?.close());
  return later('the streaming harness', () => h);
}

/** A fixture's samples cut into 100 ms chunks, the last one zero-padded (as the chunker does). */
export function fixtureChunks(file: string): Int16Array[] {
  const chunker = new Chunker();
  const chunks = chunker.push(readFixtureSamples(file));
  const last = chunker.flush();
  return last ? [...chunks, last] : chunks;
}

/** The manifest's sentences of a fixture, on a timeline where the fixture starts at `atMs`. */
export function expectedSentences(file: string, atMs = 0): ExpectedSentence[] {
  return fixtureByFile(loadFixtureManifest(), file).sentences.map((s) => ({
    text: s.text,
    ...(s.written === undefined ? {} : { written: s.written }),
    speaker: s.speaker,
    startMs: atMs + s.startSample / 16,
    endMs: atMs + s.endSample / 16,
  }));
}

/** Every expected sentence exactly once, in order, with its speaker and offsets (within tolerance). */
export function expectTranscript(
  items: readonly FinalTranscriptItem[],
  expected: readonly ExpectedSentence[],
  context = '',
): void {
  const label = context ? ` (${context})` : '';
  expect(
    items.map((i) => i.text),
    `texts${label}`,
  ).toEqual(expected.map((e) => e.text));
  expect(
    items.map((i) => i.speaker_type),
    `speakers${label}`,
  ).toEqual(expected.map((e) => e.speaker));
  items.forEach((item, n) => {
    const e = expected[n]!;
    expect(Math.abs(item.start_offset_ms - e.startMs), `start of #${n}${label}`).toBeLessThanOrEqual(
      OFFSET_TOLERANCE_MS,
    );
    expect(Math.abs(item.end_offset_ms - e.endMs), `end of #${n}${label}`).toBeLessThanOrEqual(
      OFFSET_TOLERANCE_MS,
    );
  });
}

/** Session options tests share: quick reconnects, no pings, short ack/END timeouts. */
export function quickSession(h: StreamingHarness) {
  return {
    baseUrl: h.baseUrl,
    tokens: h.server,
    reconnect: { baseMs: 5, capMs: 40, maxAttempts: 20 },
    pingIntervalMs: 0,
    ackTimeoutMs: 3_000,
    endTimeoutMs: 5_000,
  };
}

/** A transcription session against the harness. */
export function transcribeSession(
  h: StreamingHarness,
  options: Partial<TranscribeSessionOptions> = {},
): TranscribeSession {
  return new TranscribeSession({
    ...quickSession(h),
    speechLocales: ['ENGLISH_US'],
    streams: [{ id: 'room', speakerType: 'UNSPECIFIED' }],
    ...options,
  });
}

/** A dictation session against the harness. */
export function dictateSession(
  h: StreamingHarness,
  options: Partial<DictateSessionOptions> = {},
): DictateSession {
  return new DictateSession({
    ...quickSession(h),
    locale: 'ENGLISH_US',
    asyncCorrections: false,
    ...options,
  });
}

export { until } from '../../../harness/until.ts';
export { seededRandom } from '../../../harness/seeded-random.ts';
