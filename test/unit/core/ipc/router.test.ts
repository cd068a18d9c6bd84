import { describe, expect, it } from 'vitest';
import { isTrustedSenderFrame } from '../../../../main/core/window/security-policy.ts';
import { ConnectionError, apiErrorFromResponse, withNote } from '../../../../main/core/api/errors.ts';
import { AudioError } from '../../../../main/core/audio/audio-source.ts';
import type { ChannelHandlers } from '../../../../main/core/ipc/channel-map.ts';
import { Failure } from '../../../../main/base/failure.ts';
import { SignInError } from '../../../../main/core/api/auth/sign-in-error.ts';
import { SecretStoreError } from '../../../../main/base/secrets/secret-store.ts';
import { StreamingError } from '../../../../main/core/streaming/streaming-error.ts';
import { createIpcRouter, type InvokeEventLike } from '../../../../main/core/ipc/router.ts';
import {
  channels as contractChannels,
  fail,
  ok,
  type IpcResult,
} from '../../../../preload/contract/index.ts';
import { appFrame, CANARY, channels, FakeIpcMain, setup } from './router-rig.ts';

describe('IPC router', () => {
  it('registers one handler per channel and removes them on dispose', () => {
    const { ipcMain, router } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(['demo:echo', 'demo:empty']);
    router.dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('parses the request (defaults applied), calls the handler and returns its data', async () => {
    const { ipcMain, echo } = setup();
    expect(await ipcMain.invoke('demo:echo', appFrame, { text: 'hi', loud: true })).toEqual({
      ok: true,
      data: { text: 'HI' },
    });
    expect(await ipcMain.invoke('demo:echo', appFrame, { text: 'hi' })).toEqual({
      ok: true,
      data: { text: 'hi' },
    });
    expect(echo).toHaveBeenLastCalledWith({ text: 'hi', loud: false }, { channel: 'demo:echo' });
    // No argument means "no input", as the contract reads it.
    expect(await ipcMain.invoke('demo:empty', appFrame)).toEqual({ ok: true, data: { n: 1 } });
  });

  it.each([
    ['no sender frame (navigated away)', { senderFrame: null }],
    ['a subframe', { senderFrame: { url: 'app://scribe/index.html', parent: {} } }],
    ['another origin', { senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['a file:// page', { senderFrame: { url: 'file:///tmp/index.html', parent: null } }],
  ])('refuses %s without calling the handler', async (_name, event) => {
    const { ipcMain, echo, reports } = setup();
    const result = (await ipcMain.invoke('demo:echo', event as InvokeEventLike, {
      text: 'hi',
    })) as IpcResult<unknown>;
    expect(result).toMatchObject({ ok: false, error: { code: 'permission_denied', retryable: false } });
    expect(echo).not.toHaveBeenCalled();
    expect(reports).toEqual([
      { channel: 'demo:echo', reason: 'untrusted_sender', code: 'permission_denied' },
    ]);
  });

  it('refuses when reading the sender frame throws', async () => {
    const { ipcMain, echo } = setup();
    const event = {
      get senderFrame(): never {
        throw new Error('Render frame was disposed');
      },
    };
    expect(await ipcMain.invoke('demo:echo', event, { text: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'permission_denied' },
    });
    expect(echo).not.toHaveBeenCalled();
  });

  it.each([
    ['a wrong type', [{ text: 42 }]],
    ['a value over its limit', [{ text: `${CANARY} ${CANARY}` }]],
    ['extra arguments', [{ text: 'a' }, { text: 'b' }]],
    ['a non-object', [CANARY]],
  ])('answers invalid_request for %s, echoing no content', async (_name, args) => {
    const { ipcMain, echo, reports } = setup();
    const result = await ipcMain.invoke('demo:echo', appFrame, ...args);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(echo).not.toHaveBeenCalled();
    expect(JSON.stringify([result, reports])).not.toContain('Canary');
  });

  it('reports which fields were invalid, by name only', async () => {
    const { ipcMain, reports } = setup();
    await ipcMain.invoke('demo:empty', appFrame, { injected: CANARY });
    await ipcMain.invoke('demo:echo', appFrame, { text: 7 });
    expect(reports.map((r) => r.issuePaths)).toEqual([[''], ['text']]);
  });

  it('passes expected failures returned by the handler through unchanged', async () => {
    const { ipcMain } = setup({ 'demo:echo': () => fail('visit_in_progress') });
    expect(await ipcMain.invoke('demo:echo', appFrame, { text: 'x' })).toEqual(fail('visit_in_progress'));
  });

  it('maps unknown thrown errors to internal without leaking their message', async () => {
    const { ipcMain, reports } = setup({
      'demo:echo': () => {
        throw new TypeError(`Cannot read ${CANARY}`);
      },
    });
    const result = (await ipcMain.invoke('demo:echo', appFrame, { text: 'x' })) as IpcResult<unknown>;
    expect(result).toMatchObject({ ok: false, error: { code: 'internal', retryable: false } });
    expect(reports).toEqual([
      { channel: 'demo:echo', reason: 'handler_threw', code: 'internal', errorName: 'TypeError' },
    ]);
    expect(JSON.stringify([result, reports])).not.toContain('Canary');
  });

  it.each([
    [new ConnectionError('generate-note'), 'service_unreachable', true],
    [apiErrorFromResponse(401, { code: 1, name: 'X' }, 'op'), 'auth_failed', false],
    [
      withNote(
        apiErrorFromResponse(401, {}, 'oauth-token'),
        { kind: 'clock', hint: { kind: 'unknown' } },
        {
          clockSuspect: true,
        },
      ),
      'clock_wrong',
      false,
    ],
    [apiErrorFromResponse(403, {}, 'op'), 'permission_denied', false],
    [apiErrorFromResponse(429, {}, 'op'), 'service_busy', true],
    [apiErrorFromResponse(503, {}, 'op'), 'service_error', true],
    [apiErrorFromResponse(422, { code: 83005 }, 'op'), 'transcript_too_short', false],
    [
      apiErrorFromResponse(400, { message: CANARY }, 'op', { includeServerMessage: true }),
      'invalid_request',
      false,
    ],
    [new AudioError('mic_denied', CANARY), 'mic_denied', false],
    [new AudioError('file_unsupported', 'x'), 'file_unreadable', false],
    [new Failure('no_note'), 'no_note', false],
    [new Failure('service_busy', undefined, true), 'service_busy', true],
    [new SignInError('cancelled', { cause: new Error(CANARY) }), 'sign_in_failed', false],
    [new SecretStoreError('keychain_denied', CANARY), 'keychain_locked', false],
    [new SecretStoreError('keychain_unavailable', CANARY), 'keychain_unavailable', false],
    [new StreamingError('disk_full', CANARY), 'disk_full', false],
    [new StreamingError('connection_lost', CANARY, { retryable: true }), 'service_unreachable', true],
    [new StreamingError('service_error', CANARY, { serviceCode: 83005 }), 'transcript_too_short', false],
    [new StreamingError('ack_timeout', CANARY), 'stream_failed', false],
  ])('maps a thrown %s to its code', async (error, code, retryable) => {
    const { ipcMain } = setup({
      'demo:echo': () => {
        throw error;
      },
    });
    const result = (await ipcMain.invoke('demo:echo', appFrame, { text: 'x' })) as IpcResult<unknown>;
    expect(result).toMatchObject({ ok: false, error: { code, retryable } });
    expect(JSON.stringify(result)).not.toContain('Canary');
  });

  it('lets only closed params cross: free text in a param drops the params, never reaches the renderer', async () => {
    const leaks = {
      reason: fail('invalid_request', { params: { reason: CANARY } as never }),
      subject: fail('limit_exceeded', { params: { rule: 'too_long', subject: CANARY } as never }),
      extra: fail('limit_exceeded', { params: { rule: 'too_long', note: CANARY } as never }),
      keys: fail('dictation_setting_refused', { params: { reason: 'key_refused', keys: [CANARY] } as never }),
      wrongCode: fail('no_note', { params: { reason: 'same_inputs' } as never }),
      clockText: fail('clock_wrong', { params: { offsetMs: CANARY } as never }),
      clockExtra: fail('clock_wrong', { params: { offsetMs: 240_000, note: CANARY } as never }),
      clockOnOtherCode: fail('permission_denied', { params: { offsetMs: 240_000 } as never }),
      shapeReason: fail('service_error', { params: { reason: CANARY } as never }),
    };
    for (const [name, leak] of Object.entries(leaks)) {
      const { ipcMain, reports } = setup({ 'demo:echo': () => leak });
      const result = (await ipcMain.invoke('demo:echo', appFrame, { text: 'x' })) as IpcResult<unknown>;
      expect(result.ok, name).toBe(false);
      expect(result.ok ? null : result.error.params, name).toBeUndefined();
      expect(JSON.stringify([result, reports]), name).not.toContain('Canary');
    }
    const thrown = setup({
      'demo:echo': () => {
        throw new Failure('config_invalid', { reason: CANARY } as never);
      },
    });
    const result = await thrown.ipcMain.invoke('demo:echo', appFrame, { text: 'x' });
    expect(result).toEqual({ ok: false, error: { code: 'config_invalid', retryable: false } });
  });

  it('passes params from the closed lists unchanged', async () => {
    const allowed = [
      fail('limit_exceeded', {
        params: { rule: 'too_long', subject: 'extra_context', limit: 10, actual: 12 },
      }),
      fail('policy_locked', { params: { setting: 'noteLocale', source: 'organization' } }),
      fail('dictation_setting_refused', { params: { reason: 'key_refused', keys: ['F9', 'F10'] } }),
      fail('config_invalid', { params: { reason: 'private_key_file_unreadable', errno: 'ENOENT' } }),
      fail('clock_wrong', { params: { offsetMs: -240_000 } }),
      fail('service_error', { params: { reason: 'answer_not_understood' } }),
    ];
    for (const answer of allowed) {
      const { ipcMain } = setup({ 'demo:echo': () => answer });
      expect(await ipcMain.invoke('demo:echo', appFrame, { text: 'x' })).toEqual(answer);
    }
  });

  it('strips fields the contract does not name and refuses answers that break it', async () => {
    const leaky = setup({ 'demo:echo': () => ok({ text: 'a', token: 'secret' } as { text: string }) });
    expect(await leaky.ipcMain.invoke('demo:echo', appFrame, { text: 'x' })).toEqual({
      ok: true,
      data: { text: 'a' },
    });

    const broken = setup({ 'demo:echo': () => ok({ text: 5 } as unknown as { text: string }) });
    expect(await broken.ipcMain.invoke('demo:echo', appFrame, { text: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    expect(broken.reports[0]).toMatchObject({ reason: 'invalid_response', issuePaths: ['text'] });

    const notAResult = setup({ 'demo:echo': () => undefined as unknown as IpcResult<{ text: string }> });
    expect(await notAResult.ipcMain.invoke('demo:echo', appFrame, { text: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('never rejects, even when the error mapper and the logger throw', async () => {
    const ipcMain = new FakeIpcMain();
    createIpcRouter({
      ipcMain,
      channels,
      handlers: {
        'demo:echo': () => Promise.reject(new Error(CANARY)),
        'demo:empty': () => ok({ n: 1 }),
      },
      isTrustedSender: isTrustedSenderFrame,
      mapError: () => {
        throw new Error('mapper bug');
      },
      onDidFail: () => {
        throw new Error('logger bug');
      },
    });
    await expect(ipcMain.invoke('demo:echo', appFrame, { text: 'x' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('covers the real contract: every channel gets a handler', async () => {
    const ipcMain = new FakeIpcMain();
    createIpcRouter({
      ipcMain,
      channels: contractChannels,
      handlers: Object.fromEntries(
        Object.keys(contractChannels).map((name) => [name, () => fail('not_connected')]),
      ) as unknown as ChannelHandlers<typeof contractChannels>,
      isTrustedSender: isTrustedSenderFrame,
    });
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(contractChannels).sort());
    expect(await ipcMain.invoke('visit:end', appFrame)).toEqual(fail('not_connected'));
  });
});
