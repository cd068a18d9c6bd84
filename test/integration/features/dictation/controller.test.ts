/**
 * The dictation controller end to end against the local service: the fixture dictation as the microphone,
 * a real DictateSession (journal, ack window, replay), a fake inserter standing for the other application.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { dictationMessageText } from '../../../../preload/words/index.ts';
import {
  DictationController,
  type DictationSink,
} from '../../../../main/features/dictation/dictation-controller.ts';
import {
  journaledDictation,
  SharedMicrophoneLock,
} from '../../../../main/features/dictation/dictation-kit.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import type { OverlayState } from '../../../../main/features/dictation/ports.ts';
import { WarmMicrophone } from '../../../../main/features/dictation/warm-microphone.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  quickSession,
  startStreamingHarness,
  type StreamingHarness,
} from '../../core/streaming/harness.ts';

let h: StreamingHarness;
const mics: WarmMicrophone[] = [];
afterEach(async () => {
  for (const mic of mics.splice(0)) await mic.close();
});
beforeAll(async () => {
  h = await startStreamingHarness();
});
afterAll(() => h.close());

const written = () =>
  expectedSentences('dictation.wav')
    .map((s) => s.written)
    .join('');

function setup(options: { visit?: boolean; journals?: JournalStore; pace?: 'fast' | 'realtime' } = {}) {
  const inserter = new FakeInserter();
  const overlay: (OverlayState | null)[] = [];
  const finished: { text: string; kind: string }[] = [];
  const sink: DictationSink = {
    live: () => undefined,
    finished: (text, outcome) => finished.push({ text, kind: outcome.kind }),
  };
  let opened = 0;
  const samples = readFixtureSamples('dictation.wav');
  const warm = new WarmMicrophone({
    open: () => {
      opened += 1;
      return new FakeAudioSource({ samples, pace: options.pace ?? 'fast' });
    },
    allowed: () => options.visit !== true,
  });
  mics.push(warm);
  const controller = new DictationController({
    open: journaledDictation({
      connection: () => ({ baseUrl: h.baseUrl, tokens: h.server }),
      journals: options.journals ?? null,
      locale: () => 'ENGLISH_US',
      asyncCorrections: false,
      session: quickSession(h),
    }),
    microphone: warm,
    lock: new SharedMicrophoneLock(() => options.visit === true),
    inserter,
    overlay: { show: (state) => overlay.push(state) },
    sink,
    outcomeMs: 10,
  });
  return { controller, inserter, overlay, finished, opened: () => opened };
}

describe('dictation controller against the local service', () => {
  it('inserts exactly the dictated text into the focused application and says where it went', async () => {
    const { controller, inserter, overlay, finished } = setup();
    expect(await controller.start()).toBe(true);
    await vi.waitFor(() => expect(inserter.field).toBe(written()), { timeout: 20_000 });
    await controller.stop();
    expect(inserter.field).toBe(written());
    expect(finished).toEqual([{ text: written(), kind: 'inserted' }]);
    const phases = overlay.filter((s) => s !== null).map((s) => s!.phase);
    expect(phases[0]).toBe('starting');
    expect(phases).toContain('listening');
    expect(phases.at(-1)).toBe('inserted');
    expect(overlay.filter((s) => s?.phase === 'inserted')[0]!.appName).toBe('Test Editor');
    expect(controller.active).toBe(false);
  });

  it('a hotkey during a visit says so on the overlay and never opens the microphone', async () => {
    const { controller, overlay, opened } = setup({ visit: true });
    expect(await controller.start()).toBe(false);
    expect(opened()).toBe(0);
    expect(overlay[0]).toMatchObject({ phase: 'busy' });
    expect(overlay[0]!.message).toEqual({ code: 'busy' });
    expect(dictationMessageText(overlay[0]!.message)).toMatch(/visit is using the microphone/);
  });

  it('a second start while one runs is refused (one microphone user)', async () => {
    const { controller, opened } = setup({ pace: 'realtime' });
    expect(await controller.start()).toBe(true);
    expect(await controller.start()).toBe(false);
    expect(opened()).toBe(1);
    await controller.cancel();
  });

  it('a network drop mid-dictation: every word lands exactly once', async () => {
    const { controller, inserter, finished } = setup({ pace: 'realtime' });
    const before = h.streaming.sockets.length;
    h.streaming.dropOnSeq(15, { on: 'any' });
    await controller.start();
    await vi.waitFor(() => expect(inserter.field).toBe(written()), { timeout: 30_000 });
    await controller.stop();
    expect(h.streaming.sockets.slice(before).filter((s) => s.closedBy === 'terminated')).toHaveLength(1);
    expect(inserter.field).toBe(written());
    expect(finished.at(-1)).toEqual({ text: written(), kind: 'inserted' });
  });

  it('cancel inserts nothing more, and its journal is shredded', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dictation-journal-'));
    try {
      const journals = new JournalStore({ dir, secrets: new MemorySecretStore() });
      const { controller, inserter, finished, overlay } = setup({ journals, pace: 'realtime' });
      await controller.start();
      await vi.waitFor(() => expect((async () => (await readdir(dir)).length)()).resolves.toBeGreaterThan(0));
      await controller.cancel();
      expect(inserter.discarded).toBe(1);
      expect(finished).toEqual([]);
      expect(overlay.at(-1)).toMatchObject({ phase: 'cancelled' });
      expect(await journals.listRecoverable()).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('text that cannot be inserted is copied instead, and the overlay says why', async () => {
    const { controller, inserter, finished, overlay } = setup();
    inserter.refuse = { kind: 'copied', reason: { code: 'password_field', app: 'Test Editor' } };
    await controller.start();
    await controller.stop();
    await vi.waitFor(() => expect(finished).toHaveLength(1));
    expect(finished[0]!.kind).toBe('copied');
    expect(overlay.at(-1)).toMatchObject({ phase: 'copied', message: { code: 'password_field' } });
    expect(dictationMessageText(overlay.at(-1)!.message)).toMatch(/password field \(Test Editor\)/);
  });
});
