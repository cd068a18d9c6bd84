/**
 * The first words after Start against the local service over loopback, with a connection that takes a
 * while: the microphone must open when the visit starts, not once the socket streams, or what the
 * clinician says while it connects is never captured (the service then cannot recognise the sentence).
 */
import { describe, expect, it } from 'vitest';
import type { AccessTokenSource } from '../../../../main/core/api/auth/token-source.ts';
import type { AudioFrame, AudioSource } from '../../../../main/core/audio/audio-source.ts';
import { createLiveTranscriber } from '../../../../main/features/visit/live-transcriber.ts';
import { VisitRecorder } from '../../../../main/features/visit/visit-recorder.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import { delay, expectedSentences, streamingPerFile, until } from '../streaming/harness.ts';

const CONNECT_DELAY_MS = 1_000;
/** The clinician starts talking this long after pressing Start. */
const LEAD_SAMPLES = 4 * 1_600;
const FRAME = 512;

/**
 * The room, as a microphone created when Start is pressed hears it: silence for LEAD_SAMPLES, then the
 * clinician's first sentence, then quiet. Like a real device it only hears what is said after it was
 * opened (frames() first iterated), in real time. It starts on the next 100 ms boundary of the room's
 * timeline so that the local service, which matches chunks on that grid, can recognise the speech.
 */
class RoomMicrophone implements AudioSource {
  readonly info = { kind: 'fake', label: 'room' } as const;
  readonly #room: Int16Array;
  readonly #startedAt = performance.now();
  readonly #stop = new AbortController();
  /** The room sample the device's first frame starts at (-1 until opened). */
  firstSample = -1;

  constructor(speech: Int16Array) {
    this.#room = new Int16Array(LEAD_SAMPLES + speech.length);
    this.#room.set(speech, LEAD_SAMPLES);
  }

  async *frames(): AsyncIterable<AudioFrame> {
    const openedAt = ((performance.now() - this.#startedAt) * 16_000) / 1000;
    // What was said before the device opened is gone.
    let at = Math.ceil(openedAt / 1_600) * 1_600;
    this.firstSample = at;
    while (!this.#stop.signal.aborted) {
      await delay(this.#startedAt + ((at + FRAME) * 1000) / 16_000 - performance.now(), this.#stop.signal);
      if (this.#stop.signal.aborted) return;
      const frame = new Int16Array(FRAME);
      if (at < this.#room.length) frame.set(this.#room.subarray(at, at + FRAME));
      at += FRAME;
      yield { samples: frame };
    }
  }

  async stop(): Promise<void> {
    this.#stop.abort();
  }
}

const h = streamingPerFile();

describe('starting a visit', () => {
  it('keeps the first sentence whole when the connection is slow', async () => {
    // A sign-in that takes CONNECT_DELAY_MS: the socket cannot open before then.
    const slow: AccessTokenSource = {
      caller: h.server.caller,
      token: async () => (await delay(CONNECT_DELAY_MS), h.server.token()),
      renew: (rejected) => h.server.renew(rejected),
    };
    const before = h.streaming.sockets.length;
    const recorder = new VisitRecorder(() => undefined);
    const mic = new RoomMicrophone(readFixtureSamples('visit-s1.wav'));
    await recorder.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: mic, patient: null },
      createLiveTranscriber({ baseUrl: h.baseUrl, tokens: slow }),
    );
    // The device was open before the first word (the socket could not be, for another CONNECT_DELAY_MS).
    expect(mic.firstSample).toBeGreaterThanOrEqual(0);
    expect(mic.firstSample).toBeLessThanOrEqual(LEAD_SAMPLES);
    const [sentence] = expectedSentences('visit-s1.wav', (LEAD_SAMPLES - mic.firstSample) / 16);
    await until(() => recorder.transcript.finalCount > 0, 'the first sentence');
    await recorder.end();

    const items = recorder.transcript.finalInputs();
    expect(items.map((i) => i.text)).toEqual([sentence?.text]);
    const startMs = items[0]?.start_offset_ms ?? NaN;
    expect(Math.abs(startMs - (sentence?.startMs ?? NaN))).toBeLessThanOrEqual(200);
    expect(h.streaming.sockets.slice(before)).toHaveLength(1);
  });
});
