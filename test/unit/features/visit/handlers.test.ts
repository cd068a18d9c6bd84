/**
 * The handlers behind the app's own IPC router (fake ipcMain): parsing, expected failures as values, and
 * privacy — a canary patient phrase in the transcript and in a failing service never reaches an IPC
 * payload's error or the failure log.
 */
import { describe, expect, it } from 'vitest';
import { channels, type IpcResult } from '../../../../preload/contract/index.ts';
import { formatError } from '../../../../preload/words/index.ts';
import {
  createIpcRouter,
  type InvokeEventLike,
  type IpcFailureReport,
} from '../../../../main/core/ipc/router.ts';
import { MemoryPreferenceStore } from '../../../../main/features/settings/preferences.ts';
import { composeFeatures } from '../../../../main/compose/composition-root.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import type { AudioInputs } from '../../../../main/core/audio/ports.ts';
import { FakeTranscriber, fakeConnection, fakeCore } from './fakes.ts';

const CANARY = 'Zebulon Quartermaine has a CANARY-7731 rash';
const ORIGIN = 'app://scribe';

/** What the app asked the audio port to open. */
const opened: { deviceId: string; onLost: string }[] = [];

function harness(core = fakeCore('server'), microphoneAllowed = true) {
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  const failures: IpcFailureReport[] = [];
  const clipboard: string[] = [];
  const transcriber = new FakeTranscriber();
  const connection = fakeConnection({
    core,
    transcriber,
    checks: async () => [{ id: 'sign-in', status: 'pass', reason: 'signed_in' }],
  });
  const audio: AudioInputs = {
    list: async () => [
      { id: 'mic', label: 'Mic', isDefault: true },
      { id: 'speakerphone', label: 'Speakerphone', isDefault: false },
    ],
    open: (deviceId, options) => {
      opened.push({ deviceId, onLost: options?.onLost ?? 'default' });
      return new FakeAudioSource({ samples: new Int16Array(1_600) });
    },
  };
  const app = composeFeatures({
    connector: { connect: async () => connection, restore: async () => null, forget: async () => undefined },
    sample: null,
    audio,
    clipboard: { writeText: async (text) => (clipboard.push(text), { transient: true }) },
    preferences: new MemoryPreferenceStore(),
    emit: () => undefined,
    platform: 'linux',
    microphoneAccess: { request: async () => microphoneAllowed },
  });
  createIpcRouter({
    ipcMain: { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) },
    channels,
    handlers: app.handlers,
    isTrustedSender: (frame) => frame.url.startsWith(ORIGIN),
    onDidFail: (report) => failures.push(report),
  });
  const invoke = (channel: keyof typeof channels, request?: unknown, url = `${ORIGIN}/index.html`) =>
    handlers.get(channel)!({ senderFrame: { url, parent: null } }, request) as Promise<IpcResult<unknown>>;
  return { invoke, failures, clipboard, transcriber, app };
}

const start = {
  consentAcknowledged: true,
  locales: ['ENGLISH_US'],
  speakers: { mode: 'single', deviceId: 'mic' },
};
const connect = {
  baseUrl: 'https://us.api.example.com',
  credentials: { kind: 'user-refresh-token', refreshToken: 'r' },
};

describe('visit IPC handlers', () => {
  it('refuses to record when the OS denies the microphone, before any stream starts', async () => {
    const { invoke, transcriber } = harness(fakeCore('server'), false);
    await invoke('connect:configure', connect);
    const result = await invoke('visit:start', start);
    expect(result).toMatchObject({ ok: false, error: { code: 'mic_denied' } });
    expect(transcriber.sessions).toHaveLength(0);
  });

  it('starts two microphones only with a patient input, which never falls back to the default', async () => {
    const { invoke, transcriber } = harness();
    await invoke('connect:configure', connect);
    const dual = (patientDeviceId: string) => ({
      ...start,
      speakers: { mode: 'dual', clinicianDeviceId: 'mic', patientDeviceId },
    });
    opened.length = 0;
    // An empty id would have opened the OS default (likely the clinician's microphone) as PATIENT.
    expect(await invoke('visit:start', dual(''))).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await invoke('visit:start', dual('Unplugged speakerphone'))).toMatchObject({
      ok: false,
      error: { code: 'mic_unavailable', params: { reason: 'patient_input_missing' } },
    });
    expect(opened).toEqual([]);
    expect(transcriber.sessions).toHaveLength(0);
    expect(await invoke('visit:start', dual('speakerphone'))).toMatchObject({ ok: true });
    expect(opened).toEqual([
      { deviceId: 'mic', onLost: 'default' },
      { deviceId: 'speakerphone', onLost: 'silence' },
    ]);
    await invoke('visit:discard');
  });

  it('answers expected failures as values in the contract words', async () => {
    const { invoke } = harness();
    expect(await invoke('visit:start', start)).toMatchObject({ ok: false, error: { code: 'not_connected' } });
    expect(await invoke('connect:configure', { ...connect, baseUrl: 'http://example.com' })).toMatchObject({
      ok: false,
      error: { code: 'config_invalid', params: { reason: 'url_plain_http' } },
    });
    expect(await invoke('visit:start', { ...start, consentAcknowledged: false })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await invoke('connect:sample')).toMatchObject({
      ok: false,
      error: { code: 'sample_unavailable' },
    });
    expect(await invoke('connect:status', {}, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'permission_denied' },
    });
  });

  it('keeps the languages and inputs chosen in Settings for the next visit, by the same rules', async () => {
    const { invoke } = harness();
    await invoke('connect:configure', connect);
    expect(
      await invoke('settings:update', {
        speechLocales: ['ENGLISH_US', 'SPANISH_MX'],
        patientDeviceId: 'mic',
      }),
    ).toMatchObject({ ok: true });
    expect(await invoke('visit:options')).toMatchObject({
      ok: true,
      data: { preferred: { speechLocales: ['ENGLISH_US', 'SPANISH_MX'], patientDeviceId: 'mic' } },
    });
    const haitian = await invoke('settings:update', { speechLocales: ['HAITIAN_HT', 'ENGLISH_US'] });
    expect(haitian).toMatchObject({ ok: false, error: { code: 'limit_exceeded' } });
    if (!haitian.ok) expect(formatError(haitian.error)).toMatch(/Haitian/i);
    expect(await invoke('settings:update', { speechLocales: ['KLINGON_KL'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await invoke('visit:options')).toMatchObject({
      data: { preferred: { speechLocales: ['ENGLISH_US', 'SPANISH_MX'] } },
    });
  });

  it('runs connect → visit → note → copy and refuses Haitian Creole with a second language', async () => {
    const { invoke, clipboard, transcriber } = harness();
    expect(await invoke('connect:configure', connect)).toEqual({ ok: true, data: { accepted: true } });
    expect(await invoke('connect:status')).toMatchObject({
      ok: true,
      data: { mode: 'organization', healthy: true },
    });
    expect(await invoke('visit:start', { ...start, locales: ['HAITIAN_HT', 'FRENCH_FR'] })).toMatchObject({
      ok: false,
      error: { code: 'limit_exceeded', params: { rule: 'solo_speech_locale' } },
    });
    expect(await invoke('visit:start', start)).toEqual({ ok: true, data: { accepted: true } });
    expect(await invoke('visit:state')).toMatchObject({ ok: true, data: { phase: 'recording' } });
    transcriber.sessions[0]!.item({
      id: '1',
      text: 'I have had chest pain for three days.',
      speaker: 'PATIENT',
      startMs: 0,
      endMs: 900,
      final: true,
    });
    expect(
      await invoke('note:generate', { templateKey: null, locale: null, mode: 'sync', extraContext: null }),
    ).toMatchObject({
      ok: false,
      error: { code: 'visit_in_progress' },
    });
    // The connection does not change under a visit being recorded.
    expect(await invoke('connect:disconnect')).toMatchObject({
      ok: false,
      error: { code: 'visit_in_progress' },
    });
    await invoke('visit:end');
    expect(
      await invoke('note:generate', { templateKey: null, locale: null, mode: 'sync', extraContext: null }),
    ).toMatchObject({ ok: true });
    const copied = await invoke('copy:note', { sectionKey: 'CHIEF_COMPLAINT' });
    expect(copied).toEqual({
      ok: true,
      data: { chars: 'Chest pain for three days.'.length, transient: true },
    });
    expect(clipboard).toEqual(['Chest pain for three days.']);
  });

  it('never lets patient content reach an IPC error or the failure log', async () => {
    const note = await fakeCore('server').generateNote({} as never);
    let generations = 0;
    const core = fakeCore('server', {
      // The first note fails, the second is written (so an edit reaches the service and fails in turn).
      generateNote: async () => {
        if (generations++ === 0) throw new Error(`model failed on: ${CANARY}`);
        return note;
      },
      editNote: async () => {
        throw new Error(`edit failed on: ${CANARY}`);
      },
    });
    const { invoke, failures, transcriber } = harness(core);
    await invoke('connect:configure', connect);
    await invoke('visit:start', start);
    transcriber.sessions[0]!.item({
      id: '1',
      text: CANARY,
      speaker: 'PATIENT',
      startMs: 0,
      endMs: 900,
      final: true,
    });
    await invoke('visit:end');
    const results = [
      await invoke('note:generate', {
        templateKey: null,
        locale: null,
        mode: 'sync',
        extraContext: CANARY.repeat(400),
      }),
      await invoke('note:generate', { templateKey: null, locale: null, mode: 'sync', extraContext: null }),
      await invoke('note:generate', { templateKey: null, locale: null, mode: 'sync', extraContext: null }),
      await invoke('note:editByInstruction', { instructions: CANARY }),
      await invoke('visit:start', { ...start, locales: [CANARY] }),
    ];
    // Each call failed where it should (so the canary had every chance to leak), the third aside.
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual([
      'limit_exceeded',
      'internal',
      'ok',
      'internal',
      'invalid_request',
    ]);
    expect(failures.map((f) => [f.channel, f.code])).toEqual([
      ['note:generate', 'limit_exceeded'],
      ['note:generate', 'internal'],
      ['note:editByInstruction', 'internal'],
      ['visit:start', 'invalid_request'],
    ]);
    expect(JSON.stringify(results)).not.toContain('CANARY');
    expect(JSON.stringify(failures)).not.toContain('CANARY');
  });
});
