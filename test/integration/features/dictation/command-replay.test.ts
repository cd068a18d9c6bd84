/**
 * A voice command and a network drop, against the local service: the dictation recording is "recognised" as
 * a sentence, "next field" alone, then another sentence (the same audio, the words of the script below).
 * The socket is cut right after "next field" has moved the field; the replay socket's service joins its
 * DICTATED_TEXT units two by two (the contract does not fix where units are cut), so the command comes
 * back at the end of the first unit instead of as the second. The field moves exactly once, and the text
 * is whole.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { DictationController } from '../../../../main/features/dictation/dictation-controller.ts';
import {
  journaledDictation,
  SharedMicrophoneLock,
} from '../../../../main/features/dictation/dictation-kit.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import type { FieldMove, FieldNavigator } from '../../../../main/features/dictation/ports.ts';
import { WarmMicrophone } from '../../../../main/features/dictation/warm-microphone.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import { quickSession, startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';
import { writeDictationFixture } from './dictation-fixture.ts';

const SPOKEN = ['wound is clean period', 'next field', 'dressing applied period'];

let h: StreamingHarness;
let dir: string;

beforeAll(async () => {
  ({ dir } = await writeDictationFixture(SPOKEN));
  h = await startStreamingHarness({ streaming: { fixturesDir: dir } });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The focused field's template blanks, as far as this test needs: it counts the moves. */
class CountingNavigator implements FieldNavigator {
  moves = 0;
  constructor(private readonly onMove: () => void) {}
  async move(): Promise<FieldMove> {
    this.moves += 1;
    this.onMove();
    return { kind: 'selected' };
  }
}

it('a drop right after "next field", and a replay cut into other units: the field moves once', async () => {
  const inserter = new FakeInserter();
  const before = h.streaming.sockets.length;
  // Right after the field moved: the next socket cuts its units differently, and this one is cut.
  const navigator = new CountingNavigator(() => {
    if (navigator.moves !== 1) return;
    h.streaming.joinDictatedText();
    h.streaming.terminateAll();
  });
  const microphone = new WarmMicrophone({
    open: () => new FakeAudioSource({ samples: readFixtureSamples('dictation.wav', dir), pace: 'realtime' }),
    allowed: () => true,
  });
  const controller = new DictationController({
    open: journaledDictation({
      connection: () => ({ baseUrl: h.baseUrl, tokens: h.server }),
      journals: null,
      locale: () => 'ENGLISH_US',
      asyncCorrections: false,
      session: quickSession(h),
    }),
    microphone,
    lock: new SharedMicrophoneLock(() => false),
    inserter,
    overlay: { show: () => undefined },
    sink: { live: () => undefined, finished: () => undefined },
    commands: () => ({ enabled: true, locale: 'ENGLISH_US' }),
    navigator,
    outcomeMs: 5,
  });
  try {
    expect(await controller.start()).toBe(true);
    await vi.waitFor(() => expect(inserter.field).toBe('Wound is clean. dressing applied.'), {
      timeout: 40_000,
    });
    await controller.stop();
  } finally {
    await microphone.close();
  }
  const sockets = h.streaming.sockets.slice(before);
  expect(sockets[0]?.closedBy).toBe('terminated'); // the drop happened, after the move
  expect(sockets.length).toBeGreaterThan(1);
  expect(navigator.moves).toBe(1);
  expect(inserter.field).toBe('Wound is clean. dressing applied.');
}, 60_000);
