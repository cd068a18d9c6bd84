/**
 * The pre-roll: the consent tick arms the chosen microphone, main keeps only its last second, and Start
 * makes that second the visit's first audio, followed by the live audio with no gap or duplicate. Before
 * Start nothing reaches the session (socket and journal), and the renderer gets levels only. Arming ends
 * on untick, a new choice and a 2-minute timeout; the sample visit never arms.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_SAMPLES, SAMPLE_RATE } from '../../../../main/core/audio/audio-source.ts';
import { AudioCapture } from '../../../../main/core/audio/capture.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { concatInt16 } from '../../../../main/core/audio/pcm.ts';
import { createIpcRouter, type InvokeEventLike } from '../../../../main/core/ipc/router.ts';
import type { AudioInputs } from '../../../../main/core/audio/ports.ts';
import { MemoryPreferenceStore } from '../../../../main/features/settings/preferences.ts';
import { composeFeatures } from '../../../../main/compose/composition-root.ts';
import { ARM_TIMEOUT_MS } from '../../../../main/features/visit/armed-inputs.ts';
import { channels, type EventName, type IpcResult } from '../../../../preload/contract/index.ts';
import { FakeTranscriber, fakeConnection } from './fakes.ts';
import {
  collect,
  expectUnbroken,
  HandFedMicrophone,
  PRE_ROLL_SAMPLES,
  RAMP,
  rampFrom,
} from './pre-roll-rig.ts';

afterEach(() => vi.useRealTimers());

describe('AudioCapture armed', () => {
  it('keeps only the last second, hands nothing on before keepAll, then the pre-roll and live audio unbroken', async () => {
    const mic = new HandFedMicrophone();
    const capture = new AudioCapture(mic);
    const taken: Int16Array[] = [];
    const reader = (async () => {
      for await (const chunk of capture.start({ preRoll: true })) taken.push(chunk);
    })();
    const ramp = rampFrom();
    const armedSamples = 3 * SAMPLE_RATE + 700; // not on the chunk grid: a part-filled chunk is kept too
    mic.feed(ramp(armedSamples));
    await mic.drained();
    expect(taken).toEqual([]); // someone iterating while armed gets nothing

    capture.keepAll();
    const live = ramp(SAMPLE_RATE / 2);
    mic.feed(live);
    await vi.waitFor(() => expect(mic.pending).toBe(0));
    await capture.stop();
    await reader;

    const audio = concatInt16(taken);
    const end = expectUnbroken(audio, live.at(-1)!);
    const preRoll = end - live.length;
    expect(preRoll).toBeGreaterThanOrEqual(PRE_ROLL_SAMPLES);
    expect(preRoll).toBeLessThan(PRE_ROLL_SAMPLES + CHUNK_SAMPLES);
    // The first sample is the start of the kept second: the armed audio's last `preRoll` samples.
    expect(audio[0]).toBe(((armedSamples - preRoll) % RAMP) + 1);
  });

  it('close() while armed stops the device and ends the chunk stream with nothing in it', async () => {
    const mic = new HandFedMicrophone();
    const capture = new AudioCapture(mic);
    const chunks = capture.start({ preRoll: true });
    mic.feed(rampFrom()(SAMPLE_RATE));
    await vi.waitFor(() => expect(mic.pending).toBe(0));
    await capture.close();
    expect(mic.stopped).toBe(true);
    expect(await collect(chunks)).toEqual([]);
  });
});

/** The app connected to a fake organization, with hand-fed microphones and every event recorded. */
function visitApp() {
  const transcriber = new FakeTranscriber();
  const events: { event: EventName; payload: unknown }[] = [];
  const opened: { id: string; mic: HandFedMicrophone }[] = [];
  /** How each input was asked for: its fallback when lost, and the input it must not be. */
  const openOptions: string[] = [];
  const connection = fakeConnection({ transcriber });
  const audio: AudioInputs = {
    list: async () => [
      { id: 'mic', label: 'Mic', isDefault: true },
      { id: 'headset', label: 'Headset', isDefault: false },
    ],
    open: (id, options) => {
      openOptions.push(`${options?.onLost ?? 'default'} avoid:${options?.avoid ?? '-'}`);
      const mic = new HandFedMicrophone();
      opened.push({ id, mic });
      return mic;
    },
  };
  const app = composeFeatures({
    connector: { connect: async () => connection, restore: async () => null, forget: async () => undefined },
    sample: {
      connect: async () => connection,
      openRecording: () => new FakeAudioSource({ samples: new Int16Array(SAMPLE_RATE) }),
      openDictation: () => new FakeAudioSource({ samples: new Int16Array(SAMPLE_RATE) }),
    },
    audio,
    clipboard: { writeText: async () => ({ transient: true }) },
    preferences: new MemoryPreferenceStore(),
    emit: (event, payload) => void events.push({ event, payload }),
    platform: 'linux',
  });
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  createIpcRouter({
    ipcMain: { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) },
    channels,
    handlers: app.handlers,
    isTrustedSender: () => true,
  });
  const invoke = (channel: keyof typeof channels, request?: unknown) =>
    handlers.get(channel)!({ senderFrame: { url: 'app://scribe/', parent: null } }, request) as Promise<
      IpcResult<Record<string, unknown>>
    >;
  return { app, invoke, transcriber, events, opened, openOptions };
}

const single = (deviceId = 'mic') => ({ mode: 'single', deviceId });
const arm = (deviceId = 'mic') => ({ consentAcknowledged: true, speakers: single(deviceId) });
const start = { consentAcknowledged: true, locales: ['ENGLISH_US'], speakers: single() };
const connect = {
  baseUrl: 'https://us.api.example.com',
  credentials: { kind: 'user-refresh-token', refreshToken: 'r' },
};

describe('arming a visit', () => {
  it('Start streams the armed second first, then the live audio, on the microphone the tick opened', async () => {
    const { invoke, transcriber, opened } = visitApp();
    await invoke('connect:configure', connect);
    expect(await invoke('visit:arm', arm())).toEqual({ ok: true, data: { accepted: true } });
    expect(await invoke('visit:state')).toMatchObject({ ok: true, data: { phase: 'idle', armed: true } });
    expect(opened.map((o) => o.id)).toEqual(['mic']);
    const mic = opened[0]!.mic;
    const ramp = rampFrom();
    mic.feed(ramp(2 * SAMPLE_RATE + 300));
    await vi.waitFor(() => expect(mic.pending).toBe(0));
    // Privacy: before Start no session exists, so nothing was sent or journaled (the session does both).
    expect(transcriber.sessions).toHaveLength(0);

    expect(await invoke('visit:start', start)).toMatchObject({ ok: true, data: { accepted: true } });
    expect(await invoke('visit:state')).toMatchObject({ ok: true, data: { phase: 'recording' } });
    expect(opened).toHaveLength(1); // the armed microphone, not a second one
    const session = transcriber.sessions[0]!;
    const chunks = collect(session.streams[0]!.chunks);
    const live = ramp(SAMPLE_RATE);
    mic.feed(live);
    await vi.waitFor(() => expect(mic.pending).toBe(0));
    await invoke('visit:end');

    const audio = concatInt16(await chunks);
    expect(audio.length % CHUNK_SAMPLES).toBe(0);
    const end = expectUnbroken(audio, live.at(-1)!);
    const preRoll = end - live.length;
    expect(preRoll).toBeGreaterThanOrEqual(PRE_ROLL_SAMPLES);
    expect(preRoll).toBeLessThan(PRE_ROLL_SAMPLES + CHUNK_SAMPLES);
  });

  it('arms both inputs of a two-microphone visit, the patient one never replaced by the default', async () => {
    const { invoke, transcriber, opened, openOptions } = visitApp();
    await invoke('connect:configure', connect);
    const speakers = { mode: 'dual', clinicianDeviceId: 'mic', patientDeviceId: 'headset' };
    expect(await invoke('visit:arm', { consentAcknowledged: true, speakers })).toMatchObject({ ok: true });
    expect(opened.map((o) => o.id)).toEqual(['mic', 'headset']);
    // The clinician's microphone may fall back to the default only if it is not the patient's input.
    expect(openOptions).toEqual(['default avoid:headset', 'silence avoid:-']);
    expect(await invoke('visit:start', { ...start, speakers })).toMatchObject({ ok: true });
    expect(opened).toHaveLength(2);
    expect(transcriber.sessions[0]!.streams.map((s) => s.speakerType)).toEqual(['DOCTOR', 'PATIENT']);
    await invoke('visit:discard');
    expect(opened.every((o) => o.mic.stopped)).toBe(true);
  });

  it('warns of a muted microphone while armed (the mic check), before the visit starts', async () => {
    const { app, invoke, opened } = visitApp();
    await invoke('connect:configure', connect);
    await invoke('visit:arm', arm());
    opened[0]!.mic.feed(new Int16Array(11 * SAMPLE_RATE));
    await vi.waitFor(() =>
      expect(app.visit.state).toMatchObject({
        phase: 'idle',
        armed: true,
        inputWarnings: [{ stream: 'clinician', code: 'no_sound' }],
      }),
    );
    expect(await invoke('visit:disarm')).toEqual({ ok: true, data: { accepted: true } });
    expect(await invoke('visit:state')).toMatchObject({ ok: true, data: { inputWarnings: [] } });
  });

  it('closes the microphone on untick, on another choice and after 2 minutes without Start', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { invoke, opened, events } = visitApp();
    await invoke('connect:configure', connect);
    await invoke('visit:arm', arm());
    expect(await invoke('visit:disarm')).toEqual({ ok: true, data: { accepted: true } });
    expect(await invoke('visit:state')).toMatchObject({
      ok: true,
      data: { armed: false, armExpired: false },
    });
    expect(opened[0]!.mic.stopped).toBe(true);

    await invoke('visit:arm', arm());
    await invoke('visit:arm', arm('headset')); // another microphone chosen
    expect(opened.map((o) => [o.id, o.mic.stopped])).toEqual([
      ['mic', true],
      ['mic', true],
      ['headset', false],
    ]);

    vi.advanceTimersByTime(ARM_TIMEOUT_MS - 1);
    expect(opened[2]!.mic.stopped).toBe(false);
    vi.advanceTimersByTime(1);
    expect(opened[2]!.mic.stopped).toBe(true);
    // Main closed them by itself and says so (the screen offers to turn the microphone on again).
    await vi.waitFor(() =>
      expect(events.at(-1)).toMatchObject({ payload: { armed: false, armExpired: true } }),
    );
    // Start after the timeout opens the microphone afresh (no pre-roll, nothing lost to a closed one).
    await invoke('visit:start', { ...start, speakers: single('headset') });
    expect(opened.map((o) => o.id)).toEqual(['mic', 'mic', 'headset', 'headset']);
    expect(opened[3]!.mic.stopped).toBe(false);
    await invoke('visit:discard');
  });

  it.each(['input_lost', 'device_fallback'] as const)(
    'Start opens the chosen inputs afresh when an armed one was lost (%s), never recording the replacement',
    async (code) => {
      const { invoke, opened, transcriber } = visitApp();
      await invoke('connect:configure', connect);
      await invoke('visit:arm', arm());
      opened[0]!.mic.notice({ code, reason: 'device_lost', device: 'mic' });
      expect(await invoke('visit:start', start)).toMatchObject({ ok: true, data: { accepted: true } });
      expect(await invoke('visit:state')).toMatchObject({ ok: true, data: { inputWarnings: [] } });
      expect(opened.map((o) => o.id)).toEqual(['mic', 'mic']);
      expect(opened[0]!.mic.stopped).toBe(true);
      expect(transcriber.sessions).toHaveLength(1);
      await invoke('visit:discard');
    },
  );

  it('never arms for the sample visit, or without the consent tick', async () => {
    const { invoke, opened } = visitApp();
    expect(await invoke('visit:arm', { speakers: single() })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    await invoke('connect:sample');
    expect(await invoke('visit:arm', arm())).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await invoke('visit:start', start)).toMatchObject({ ok: true });
    await invoke('visit:discard');
    expect(opened).toEqual([]);
  });

  it('lets nothing of the armed audio reach the renderer but levels (canary)', async () => {
    const CANARY = 4_242;
    const { invoke, opened, events } = visitApp();
    await invoke('connect:configure', connect);
    events.splice(0); // the connection's own status push, before anything is armed
    const answers = [await invoke('visit:arm', arm())];
    const canary = Int16Array.from({ length: 2 * SAMPLE_RATE }, (_, i) => (i % 2 ? CANARY : -CANARY));
    opened[0]!.mic.feed(canary);
    await vi.waitFor(() => expect(opened[0]!.mic.pending).toBe(0));
    answers.push(await invoke('visit:state'), await invoke('visit:disarm'));

    const levels = events.filter((e) => e.event === 'visit:level');
    expect(levels.length).toBeGreaterThanOrEqual(2 * 20); // the meter moves (mic check)
    expect(events.every((e) => e.event === 'visit:level' || e.event === 'visit:state')).toBe(true);
    for (const { payload } of levels)
      expect(Object.keys(payload as object).sort()).toEqual(['peak', 'rms', 'stream']);
    expect(JSON.stringify([events, answers])).not.toContain(String(CANARY));
  });
});
