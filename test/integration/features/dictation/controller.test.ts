/**
 * The dictation controller end to end against the local service: the fixture dictation as the microphone,
 * a real DictateSession (journal, ack window, replay), a fake inserter standing for the other application.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { expectedSentences, quickSession, streamingPerFile } from '../../core/streaming/harness.ts';

const h = streamingPerFile();
const mics: WarmMicrophone[] = [];
afterEach(async () => {
  for (const mic of mics.splice(0)) await mic.close();
});

const written = () =>
  expectedSentences('dictation.wav')
    .map((s) => s.written)
    .join('');

function setup(
  options: {
    visit?: boolean;
    journals?: JournalStore;
    pace?: 'fast' | 'realtime';
    seconds?: number;
    quietAfter?: boolean;
  } = {},
) {
  const inserter = new FakeInserter();
  const overlay: (OverlayState | null)[] = [];
  const finished: { text: string; kind: string }[] = [];
  const sink: DictationSink = {
    live: () => undefined,
    finished: (text, outcome) => finished.push({ text, kind: outcome.kind }),
  };
  let opened = 0;
  const whole = readFixtureSamples('dictation.wav');
  const cut = options.seconds ? whole.subarray(0, options.seconds * 16_000) : whole;
  // Thirty seconds of quiet after the words, so the service sees audio go on.
  const samples = options.quietAfter ? Int16Array.from([...cut, ...new Int16Array(30 * 16_000)]) : cut;
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

  it('a service error that ends the session ends the dictation at once, even once the microphone has gone quiet', async () => {
    const { controller, finished, overlay } = setup({ seconds: 1 });
    const before = h.streaming.sockets.length;
    await controller.start();
    await vi.waitFor(() => expect(h.streaming.sockets.length).toBe(before + 1), { timeout: 20_000 });
    const socket = h.streaming.sockets.at(-1)!;
    // The second of audio has played out and been taken: the microphone gives no more chunks, so only the
    // session can say that it failed.
    await vi.waitFor(() => expect(socket.chunksByStream['']).toBe(10), { timeout: 20_000 });
    expect(h.streaming.sendError({ code: 83005 }, { closeCode: 1008, socketId: socket.id })).toBe(1);
    await vi.waitFor(() => expect(controller.active).toBe(false), { timeout: 5_000 });
    expect(finished.at(-1)).toMatchObject({ kind: 'failed' });
    expect(overlay.filter((s) => s !== null).at(-1)).toMatchObject({ phase: 'failed' });
  });

  /**
   * A dictation at the speaking pace, the microphone going on (quiet) after the first sentence, as a real
   * one does; resolves once that sentence is in the field, with the one socket open now (the service may
   * have closed an idle one and the session reconnected).
   */
  async function dictatedFirstSentence() {
    const [first] = expectedSentences('dictation.wav');
    const { controller, inserter, finished } = setup({
      seconds: Math.ceil(first!.endMs / 1000) + 1,
      pace: 'realtime',
      quietAfter: true,
    });
    const before = h.streaming.sockets.length;
    await controller.start();
    await vi.waitFor(() => expect(inserter.field).toBe(first!.written), { timeout: 20_000 });
    const firstId = h.streaming.sockets[before]!.id;
    const open = () => h.streaming.openSockets().filter((s) => s.id >= firstId);
    await vi.waitFor(() => expect(open()).toHaveLength(1), { timeout: 20_000 });
    return { controller, finished, written: first!.written, socket: open()[0]!.id };
  }

  it('a dictation the service ends keeps the words that came back (the box says they are there)', async () => {
    const { controller, finished, written, socket } = await dictatedFirstSentence();
    expect(h.streaming.sendError({ code: 83005 }, { closeCode: 1008, socketId: socket })).toBe(1);
    await vi.waitFor(() => expect(controller.active).toBe(false), { timeout: 5_000 });
    expect(finished.at(-1)).toEqual({ text: written, kind: 'failed' });
  });

  it('a dictation the service ends just after a reconnect, before the replay brought words, keeps them too', async () => {
    const { controller, finished, written, socket: dropped } = await dictatedFirstSentence();
    // The reconnect's socket is refused for good once its CONFIG arrived, before any replayed words.
    const onFrame = (record: { id: number }, type: string): void => {
      if (record.id <= dropped || type !== 'CONFIG') return;
      setImmediate(() => h.streaming.sendError({ code: 83005 }, { closeCode: 1008, socketId: record.id }));
    };
    h.streaming.on('frame', onFrame as (record: never, type: string) => void);
    try {
      h.streaming.terminateAll();
      await vi.waitFor(() => expect(controller.active).toBe(false), { timeout: 5_000 });
    } finally {
      h.streaming.off('frame', onFrame as (record: never, type: string) => void);
    }
    expect(h.streaming.sockets.filter((s) => s.id > dropped).flatMap((s) => s.errorsSent)).toEqual([83005]);
    expect(finished.at(-1)).toEqual({ text: written, kind: 'failed' });
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
