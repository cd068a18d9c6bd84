/**
 * The pre-roll against the local service over loopback, with a microphone that takes 1.5 s to deliver its
 * first frame after it is opened (PulseAudio took ~2 s for a new source here). The clinician speaks the
 * instant Start is pressed, and main hears of the press only CLICK_TO_MAIN_MS later. Armed at the consent
 * tick, the device is already running and its pre-roll holds what was said since the press: the first
 * sentence arrives whole. Opened at Start (the control), the same device loses it.
 */
import { describe, expect, it } from 'vitest';
import type { AudioFrame, AudioSource } from '../../../../main/core/audio/audio-source.ts';
import { PRE_ROLL_MS } from '../../../../main/core/audio/capture.ts';
import { createLiveTranscriber } from '../../../../main/features/visit/live-transcriber.ts';
import { VisitRecorder } from '../../../../main/features/visit/visit-recorder.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import {
  delay,
  expectedSentences,
  OFFSET_TOLERANCE_MS,
  streamingPerFile,
  until,
} from '../streaming/harness.ts';

const STARTUP_MS = 1_500;
/** Renderer → IPC → main on a busy machine; longer than the quiet before the recording's first word. */
const CLICK_TO_MAIN_MS = 500;
const FRAME = 512;
const GRID = 1_600;
/** The first two sentences of the visit recording (0.25–1.6 s and 2.0–4.2 s), cut on the 100 ms grid. */
const SPEECH = readFixtureSamples('visit.wav').slice(0, 44 * GRID);
const [FIRST, SECOND] = expectedSentences('visit.wav');

/**
 * The room on one timeline (samples since the room was made): quiet until speak(), then SPEECH, starting
 * on the next 100 ms boundary (the grid the local service recognises fixtures on).
 */
class Room {
  readonly #epoch = performance.now();
  #speechAt = Infinity;

  now(): number {
    return ((performance.now() - this.#epoch) * 16_000) / 1000;
  }

  speak(): void {
    this.#speechAt = Math.ceil(this.now() / GRID) * GRID;
  }

  sample(at: number): number {
    return at >= this.#speechAt ? (SPEECH[at - this.#speechAt] ?? 0) : 0;
  }
}

/** A microphone in `room` whose first frame comes STARTUP_MS after it is opened. */
function slowMicrophone(room: Room): AudioSource {
  const stop = new AbortController();
  return {
    info: { kind: 'fake', label: 'slow device' },
    async *frames(): AsyncIterable<AudioFrame> {
      // What is said while the device starts up is never heard.
      let at = Math.ceil((room.now() + (STARTUP_MS * 16_000) / 1000) / GRID) * GRID;
      while (!stop.signal.aborted) {
        await delay(((at + FRAME - room.now()) * 1000) / 16_000, stop.signal);
        if (stop.signal.aborted) return;
        yield { samples: Int16Array.from({ length: FRAME }, (_, i) => room.sample(at + i)) };
        at += FRAME;
      }
    },
    stop: async () => stop.abort(),
  };
}

const h = streamingPerFile();

/** Speaks the instant Start is pressed, waits until the speech is over, ends and returns the finals. */
async function visit(armFirst: boolean) {
  const room = new Room();
  let levels = 0;
  const recorder = new VisitRecorder((event) => void (event === 'visit:level' && levels++));
  const mic = slowMicrophone(room);
  const audio = { kind: 'devices', clinician: mic, patient: null } as const;
  if (armFirst) {
    await recorder.arm(audio, 'mic');
    await until(() => levels > 0, 'the device to deliver');
  }
  room.speak();
  const spokenAt = room.now();
  await delay(CLICK_TO_MAIN_MS);
  await recorder.start(
    { locales: ['ENGLISH_US'] },
    armFirst ? 'armed' : audio,
    createLiveTranscriber({ baseUrl: h.baseUrl, tokens: h.server }),
  );
  const speechEnd = spokenAt + SPEECH.length + (STARTUP_MS * 16_000) / 1000;
  await until(() => room.now() > speechEnd + GRID, 'the speech to be over');
  await recorder.end();
  return recorder.transcript.finalInputs();
}

describe('a device that starts slowly', () => {
  it('armed at the consent tick: speech from the instant Start is pressed is transcribed complete', async () => {
    const items = await visit(true);
    expect(items.map((i) => i.text)).toEqual([FIRST?.text, SECOND?.text]);
    // The stream starts with the pre-roll: the first word lies within its first second (+ the grid step).
    const lead = (items[0]?.start_offset_ms ?? NaN) - (FIRST?.startMs ?? NaN);
    expect(lead).toBeGreaterThanOrEqual(-OFFSET_TOLERANCE_MS);
    expect(lead).toBeLessThanOrEqual(PRE_ROLL_MS + 100 + OFFSET_TOLERANCE_MS);
  }, 30_000);

  it('opened at Start (the control): the device start-up clips the first sentence', async () => {
    const items = await visit(false);
    const texts = items.map((i) => i.text);
    expect(texts).not.toContain(FIRST?.text);
    expect(texts).toContain(SECOND?.text);
  }, 30_000);
});
