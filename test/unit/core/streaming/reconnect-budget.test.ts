/**
 * The reconnect budgets: a bounded start (a service that was never reached makes start() fail instead of
 * hanging, with the audio kept in the journal), backoff on every attempt, unlimited retries while
 * recording, and a fresh budget for ending after a long outage.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { ReconnectBudget, START_MAX_ATTEMPTS } from '../../../../main/core/streaming/reconnect-budget.ts';
import { StreamingError } from '../../../../main/core/streaming/streaming-error.ts';
import { TranscribeSession } from '../../../../main/core/streaming/transcribe-session.ts';
import { FakePeer, FakeTokens, markerChunk, until } from './fake-peer.ts';
import { freePort } from '../../../harness/free-port.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const lost = () => new StreamingError('connection_lost', 'lost', { retryable: true });

/** A loopback URL nothing listens on (the port was free a moment ago). */
async function closedPort(): Promise<URL> {
  return new URL(`http://127.0.0.1:${await freePort()}`);
}

function session(baseUrl: URL, extra: Partial<ConstructorParameters<typeof TranscribeSession>[0]> = {}) {
  const s = new TranscribeSession({
    baseUrl,
    tokens: new FakeTokens(['t1']),
    speechLocales: ['ENGLISH_US'],
    streams: [{ id: 'doctor', speakerType: 'DOCTOR' }],
    reconnect: { baseMs: 4, capMs: 8 },
    pingIntervalMs: 0,
    ...extra,
  });
  cleanups.push(() => s.abort());
  const warnings: StreamingError[] = [];
  s.on('warning', (w) => warnings.push(w));
  return { session: s, warnings };
}

describe('ReconnectBudget', () => {
  it('waits before every attempt, at least half the backoff ceiling whatever the random draw', () => {
    const delays = (random: () => number) => {
      const budget = new ReconnectBudget({}, random);
      return Array.from({ length: 8 }, () => (budget.dropped(lost(), false, false), budget.delayMs()));
    };
    expect(delays(() => 0)).toEqual([250, 500, 1000, 2000, 4000, 8000, 15000, 15000]);
    expect(delays(() => 1)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('allows a few attempts before any socket opened, none of the limit after, and 12 fresh ones to end', () => {
    const budget = new ReconnectBudget();
    for (let i = 0; i < START_MAX_ATTEMPTS; i++) expect(budget.dropped(lost(), false, false)).toBe(true);
    expect(budget.dropped(lost(), false, false)).toBe(false);

    const opened = new ReconnectBudget();
    opened.opened();
    for (let i = 0; i < 100; i++) expect(opened.dropped(lost(), false, false)).toBe(true);
    opened.ending();
    for (let i = 0; i < 12; i++) expect(opened.dropped(lost(), false, true)).toBe(true);
    expect(opened.dropped(lost(), false, true)).toBe(false);
  });
});

describe('starting while the service cannot be reached', () => {
  it('rejects start() with a retryable connection_lost after the start budget, audio kept in the journal', async () => {
    const root = await mkdtemp(join(tmpdir(), 'start-budget-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const store = new JournalStore({ dir: join(root, 'j'), secrets: new MemorySecretStore(), retryMs: 20 });
    const journal = await store.create('transcribe', ['doctor'], { speechLocales: ['ENGLISH_US'] });
    const { session: s, warnings } = session(await closedPort(), { journal });
    const started = s.start().catch((e: unknown) => e);
    // The recording runs while the app tries to connect.
    for (let i = 0; i < 5; i++) expect(s.sendAudio('doctor', markerChunk(i + 1))).toBe(true);
    const error = (await started) as StreamingError;
    expect(error).toBeInstanceOf(StreamingError);
    expect(error.code).toBe('connection_lost');
    expect(error.retryable).toBe(true);
    expect(s.state).toBe('failed');
    // The first attempt plus START_MAX_ATTEMPTS retries, each after its backoff.
    expect(warnings).toHaveLength(START_MAX_ATTEMPTS + 1);
    await until(() => s.audio.allJournaled);
    const recovered = await store.recover(journal.id);
    expect(recovered.finished).toBe(false);
    expect(recovered.uncovered.map((c) => c.samples[0])).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('ending after a long outage', () => {
  it('gets the full ending budget, however many attempts the outage used while recording', async () => {
    const peer = new FakePeer({ acceptedTokens: ['t1'], partials: false });
    cleanups.push(() => peer.close());
    const { session: s, warnings } = session(await peer.listen(), { coverageGuardMs: 0 });
    await s.start();
    for (let i = 0; i < 20; i++) s.sendAudio('doctor', markerChunk(i + 1));
    await until(() => s.finalItems().length === 2);
    peer.down = true;
    peer.connections[0]!.terminate();
    for (let i = 20; i < 30; i++) s.sendAudio('doctor', markerChunk(i + 1));
    await until(() => warnings.length >= 20);
    const ended = s.end();
    const before = warnings.length;
    await until(() => warnings.length >= before + 3);
    peer.down = false;
    await ended;
    expect(s.state).toBe('closed');
    expect(s.finalItems().map((i) => i.text)).toEqual(['s0', 's1', 's2']);
  });

  it('tries again at once when End comes during a long backoff wait', async () => {
    const peer = new FakePeer({ acceptedTokens: ['t1'] });
    cleanups.push(() => peer.close());
    // A first wait of 15-30 s: far longer than this test may take.
    const { session: s } = session(await peer.listen(), { reconnect: { baseMs: 30_000, capMs: 60_000 } });
    await s.start();
    for (let i = 0; i < 10; i++) s.sendAudio('doctor', markerChunk(i + 1));
    peer.down = true;
    peer.connections[0]!.terminate();
    await until(() => s.state === 'reconnecting');
    peer.down = false;
    await s.end();
    expect(s.finalItems().map((i) => i.text)).toEqual(['s0']);
  }, 8_000); // the backoff alone would take 15 s
});
