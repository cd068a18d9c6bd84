/**
 * The dictation capability wired as the app wires it, under Node: hotkeys from a fake hook and fake
 * globalShortcut, the real controller and session against the local service, settings in a real settings
 * file, history, the box. Only the other application (FakeInserter) and the keys are fakes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { FakeSecureInput } from '../../../../native/secure-input.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { openNodeSettingsStore } from '../../../../main/core/config/node-settings-store.ts';
import { resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import {
  journaledDictation,
  SharedMicrophoneLock,
} from '../../../../main/features/dictation/dictation-kit.ts';
import { DictationHistory } from '../../../../main/features/dictation/dictation-history.ts';
import { DictationService } from '../../../../main/features/dictation/dictation-service.ts';
import { DictationSettingsStore } from '../../../../main/features/dictation/dictation-settings.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import { createDictationHandlers } from '../../../../main/features/dictation/handlers.ts';
import type { ShortcutRegistrar } from '../../../../main/features/dictation/hotkey-driver.ts';
import { WarmMicrophone } from '../../../../main/features/dictation/warm-microphone.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import { formatError } from '../../../../preload/words/index.ts';
import type { DictationStateDto } from '../../../../preload/contract/index.ts';
import { expectedSentences, quickSession, streamingPerFile } from '../../core/streaming/harness.ts';

const h = streamingPerFile();
let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

class Shortcuts implements ShortcutRegistrar {
  readonly registered = new Map<string, () => void>();
  register(accelerator: string, onPress: () => void): boolean {
    this.registered.set(accelerator, onPress);
    return true;
  }
  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }
}

async function build(policy: Record<string, unknown> = {}) {
  dir = await mkdtemp(path.join(tmpdir(), 'dictation-service-'));
  const store = openNodeSettingsStore(dir);
  const resolved = resolveConfig({ policy: { values: policy, origin: 'test policy' } });
  if (!resolved.ok) throw new Error('bad policy');
  const settings = new DictationSettingsStore(store, resolved, 'linux');
  const hook = new FakeKeyHook();
  const shortcuts = new Shortcuts();
  const inserter = new FakeInserter();
  const copied: string[] = [];
  const pushed: DictationStateDto[] = [];
  const service = new DictationService({
    hook,
    shortcuts,
    platform: 'linux',
    accessibility: () => 'not-needed',
    secureInput: new FakeSecureInput(),
    settings,
    history: new DictationHistory({
      secrets: null,
      dataDir: dir,
      retentionHours: () => settings.get().historyHours,
    }),
    clipboard: { writeText: async (text) => (copied.push(text), { transient: true }) },
    onState: (state) => void pushed.push(state),
    open: journaledDictation({
      connection: () => ({ baseUrl: h.baseUrl, tokens: h.server }),
      journals: null,
      locale: () => 'ENGLISH_US',
      asyncCorrections: false,
      session: quickSession(h),
    }),
    microphone: new WarmMicrophone({
      open: () => new FakeAudioSource({ samples: readFixtureSamples('dictation.wav'), pace: 'fast' }),
      allowed: () => false, // one dictation per test: no warm microphone in between
    }),
    lock: new SharedMicrophoneLock(() => false),
    inserter,
    overlay: { show: () => undefined },
    outcomeMs: 5,
  });
  service.applyHotkeys();
  const handlers = createDictationHandlers(service);
  return { service, hook, shortcuts, inserter, copied, handlers, pushed };
}

const written = () =>
  expectedSentences('dictation.wav')
    .map((s) => s.written)
    .join('');

describe('dictation service', () => {
  it('push-to-talk from the hook: nothing goes in while the chord is held, then the text, box and history', async () => {
    const { service, hook, inserter } = await build({ dictationMode: 'push-to-talk' });
    hook.press('Control');
    hook.press('Super');
    // The words come (the box shows them live) but wait while Ctrl+Super is down: typed under a held
    // Ctrl they would be the application's shortcuts.
    await vi.waitFor(() => expect(service.state().box?.text).toBe(written()), { timeout: 20_000 });
    expect(inserter.field).toBe('');
    hook.release('Super');
    hook.release('Control');
    await vi.waitFor(() => expect(inserter.field).toBe(written()), { timeout: 20_000 });
    await vi.waitFor(() => expect(service.state().history).toHaveLength(1));
    const state = service.state();
    expect(state.box).toEqual({ text: written(), note: { code: 'inserted', app: 'Test Editor' } });
    expect(state.history[0]).toMatchObject({ text: written(), where: 'Test Editor' });
    expect(state.active).toBe(false);
    service.dispose();
  });

  it('toggle through globalShortcut, and history copy goes to the clipboard', async () => {
    const { service, shortcuts, inserter, handlers, copied } = await build();
    shortcuts.registered.get('F9')!();
    await vi.waitFor(() => expect(inserter.field).toBe(written()), { timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 350)); // a person's second press, past the bounce window
    shortcuts.registered.get('F9')!();
    await vi.waitFor(() => expect(service.state().history).toHaveLength(1));
    const id = service.state().history[0]!.id;
    const answer = await handlers['dictation:historyCopy']({ id }, { channel: 'dictation:historyCopy' });
    expect(answer).toEqual({ ok: true, data: { accepted: true } });
    expect(copied).toEqual([written()]);
    service.dispose();
  });

  it('Settings refuses a reserved key with the reason and free alternatives; policy keys are locked', async () => {
    const { service, handlers, pushed } = await build({ dictationInsertMode: 'type' });
    const refused = await handlers['dictation:updateSettings']({ toggleKey: 'Control+V' }, { channel: 'x' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('dictation_setting_refused');
      expect(refused.error.params).toMatchObject({ reason: 'key_reserved', use: 'paste' });
      expect(formatError(refused.error)).toMatch(/kept for paste; choose another key\. Free keys: /);
    }
    const check = await handlers['dictation:checkKey']({ which: 'holdKey', key: 'd' }, { channel: 'x' });
    expect(check).toMatchObject({
      ok: true,
      data: {
        ok: false,
        refusal: { reason: 'key_types_text', chord: { modifiers: [], key: 'D' } },
        alternatives: expect.arrayContaining(['F10']),
      },
    });
    const changed = await handlers['dictation:updateSettings']({ toggleKey: 'ctrl+alt+d' }, { channel: 'x' });
    expect(changed).toEqual({ ok: true, data: { accepted: true } });
    expect(pushed.at(-1)?.settings.toggleKey).toBe('Control+Alt+D');
    expect(service.state().locked).toEqual(['insertMode']);
    const before = pushed.length;
    const locked = await handlers['dictation:updateSettings']({ insertMode: 'paste' }, { channel: 'x' });
    expect(locked.ok).toBe(false);
    // A refusal pushes the state as it is, so the window's copy is main's.
    expect(pushed).toHaveLength(before + 1);
    expect(pushed.at(-1)).toEqual(service.state());
    service.dispose();
  });
});

describe('macOS Accessibility granted while the app runs', () => {
  it('the hook starts when the screen next asks for the state', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dictation-service-'));
    const resolved = resolveConfig({});
    if (!resolved.ok) throw new Error('config');
    const hook = new FakeKeyHook();
    hook.block = 'accessibility';
    let granted = false;
    const service = new DictationService({
      hook,
      shortcuts: new Shortcuts(),
      platform: 'darwin',
      accessibility: () => (granted ? 'granted' : 'missing'),
      secureInput: new FakeSecureInput(),
      settings: new DictationSettingsStore(openNodeSettingsStore(dir), resolved, 'darwin'),
      history: new DictationHistory({ secrets: null, dataDir: dir, retentionHours: () => 0 }),
      clipboard: { writeText: async () => ({ transient: true }) },
      open: async () => {
        throw new Error('not used');
      },
      microphone: new WarmMicrophone({
        open: () => new FakeAudioSource({ samples: new Int16Array(0) }),
        allowed: () => false,
      }),
      lock: new SharedMicrophoneLock(() => false),
      inserter: new FakeInserter(),
      overlay: { show: () => undefined },
    });
    service.applyHotkeys();
    expect(service.state()).toMatchObject({
      accessibility: 'missing',
      hotkeys: { hook: 'accessibility', toggle: 'shortcut' },
    });
    granted = true;
    hook.block = null;
    const handlers = createDictationHandlers(service);
    const answer = await handlers['dictation:state']({}, { channel: 'dictation:state' });
    expect(answer).toMatchObject({
      ok: true,
      data: { accessibility: 'granted', hotkeys: { hook: 'running' } },
    });
    service.dispose();
  });
});
