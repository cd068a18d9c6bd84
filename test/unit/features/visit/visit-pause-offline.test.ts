/**
 * Pause and Resume while the service cannot be reached, with the real session over a loopback peer: what
 * the clinician says after Resume is kept and reaches the service once the network is back (not silence),
 * and Pause answers at once instead of waiting for the network.
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { AudioFrame, AudioSource } from '../../../../main/core/audio/audio-source.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { createLiveTranscriber } from '../../../../main/features/visit/live-transcriber.ts';
import { VisitRecorder } from '../../../../main/features/visit/visit-recorder.ts';
import { FakePeer, FakeTokens } from '../../core/streaming/fake-peer.ts';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A paced source whose every 100 ms chunk carries its number (never 0, which is silence). */
class NumberedSource implements AudioSource {
  readonly #inner: FakeAudioSource;
  /** The number of the last chunk handed on. */
  last = 0;
  constructor(seconds: number) {
    const samples = new Int16Array(16_000 * seconds);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.floor(i / 1600) + 1;
    this.#inner = new FakeAudioSource({ samples, pace: 'realtime', frameSamples: 1600 });
  }
  get info() {
    return this.#inner.info;
  }
  async *frames(): AsyncGenerator<AudioFrame> {
    for await (const frame of this.#inner.frames()) {
      this.last = frame.samples[0]!;
      yield frame;
    }
  }
  stop = () => this.#inner.stop();
  onDidNotice = (l: Parameters<NonNullable<AudioSource['onDidNotice']>>[0]) => this.#inner.onDidNotice(l);
}

/** A visit recording 30 s of numbered speech through the real session to a loopback peer. */
async function recording(options: { autoAck?: boolean }) {
  const peer = new FakePeer({ acceptedTokens: ['t1'], ...options });
  const baseUrl = await peer.listen();
  cleanup.push(() => peer.close());
  const source = new NumberedSource(30);
  const rec = new VisitRecorder(() => undefined);
  cleanup.push(() => rec.discard().catch(() => undefined));
  const transcriber = createLiveTranscriber({ baseUrl, tokens: new FakeTokens(['t1']) });
  await rec.start(
    { locales: ['ENGLISH_US'] },
    { kind: 'devices', clinician: source, patient: null },
    transcriber,
  );
  return { peer, source, rec };
}

it('keeps what is said after Resume during an outage, and sends it once the network is back', async () => {
  const { peer, source, rec } = await recording({});
  const heard = () => peer.connections.flatMap((c) => c.chunks);
  await vi.waitFor(() => expect(heard().length).toBeGreaterThan(3));

  await rec.pause();
  expect(rec.state.phase).toBe('paused');
  await vi.waitFor(() => expect(peer.connections.at(-1)!.closed).toBe(true));
  peer.down = true; // the network goes while paused

  const resuming = rec.resume(); // the clinician presses Resume and goes on talking
  expect(rec.state.phase).toBe('recording'); // at once, not once the network is back
  const fromResume = source.last + 1;
  await vi.waitFor(() => expect(source.last).toBeGreaterThan(fromResume + 10));
  const lastOffline = source.last;
  peer.down = false; // the network is back
  await resuming;
  await vi.waitFor(() => expect(source.last).toBeGreaterThan(lastOffline + 3));
  await rec.end();

  const spoken = new Set(heard().map((c) => c.marker));
  const missing: number[] = [];
  for (let n = fromResume; n <= lastOffline; n++) if (!spoken.has(n)) missing.push(n);
  expect(missing).toEqual([]); // every chunk said while offline reached the service
});

it('answers Pause and Resume at once while the network is down', async () => {
  const { peer, rec } = await recording({ autoAck: false });
  await vi.waitFor(() => expect(peer.connections[0]?.chunks.length).toBeGreaterThan(3));
  peer.down = true;
  peer.connections[0]!.terminate(); // nothing acknowledged, and no way back for now

  let paused = false;
  void rec.pause().then(() => (paused = true));
  await vi.waitFor(() => expect(paused).toBe(true));
  expect(rec.state.phase).toBe('paused');
  await rec.resume(); // answered at once, not once a socket streams again
  expect(rec.state.phase).toBe('recording');
  await rec.pause(); // and Pause again, still offline
  expect(rec.state.phase).toBe('paused');
});
