/**
 * A dictation microphone driving dictation as the app composes it (composeDictation): recorded PowerMic
 * III reports from the fake HID backend start and stop a real dictation against the local service, the LED
 * follows it, Transcribe transfers the box's text, Tab asks the field navigator, the dictation box has its
 * own map, and Settings shows the device. Only the device, the keys and the other application are fakes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeHid } from '../../../../native/hid.fake.ts';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { openNodeSettingsStore } from '../../../../main/core/config/node-settings-store.ts';
import { resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import { composeDictation } from '../../../../main/features/dictation/compose-dictation.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import type { FieldNavigator } from '../../../../main/features/dictation/ports.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import { expectedSentences, streamingPerFile } from '../../core/streaming/harness.ts';
import { POWERMIC_3 } from '../../../fixtures/hid/devices.ts';

const h = streamingPerFile();
let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

const RECORD = [0x00, 0x04, 0x00];
const TRANSCRIBE = [0x00, 0x01, 0x00];
const TAB_FORWARD = [0x00, 0x08, 0x00];
const UP = [0x00, 0x00, 0x00];

async function build(policy: Record<string, unknown> = {}, focus = { own: false }) {
  dir = await mkdtemp(path.join(tmpdir(), 'mic-dictation-'));
  const resolved = resolveConfig({ policy: { values: policy, origin: 'test policy' } });
  if (!resolved.ok) throw new Error('bad policy');
  const hid = new FakeHid();
  hid.plug(POWERMIC_3); // plugged in before the app starts; mic-watcher.test.ts covers plugging in later
  const inserter = new FakeInserter();
  const moves: string[] = [];
  const fields: FieldNavigator = { move: async (d) => (moves.push(d), { kind: 'selected' }) };
  const inBox: string[] = [];
  const service = composeDictation(
    () => ({
      hook: new FakeKeyHook(),
      shortcuts: null,
      inserter,
      overlay: { show: () => undefined },
      accessibility: () => 'not-needed',
      hid,
      fields,
      ownWindowFocused: () => focus.own,
    }),
    {
      store: openNodeSettingsStore(dir),
      resolved: () => ({ config: resolved.config, locked: resolved.locked }),
      secrets: null,
      dataDir: dir,
      journals: null,
      connection: () => ({ baseUrl: h.baseUrl, tokens: h.server }),
      visitUsesMicrophone: () => false,
      microphone: () => new FakeAudioSource({ samples: readFixtureSamples('dictation.wav'), pace: 'fast' }),
      clipboard: { writeText: async () => ({ transient: true }) },
      platform: 'linux',
      onState: () => undefined,
      onBoxField: (button) => void inBox.push(button),
    },
  );
  return { service, hid, inserter, moves, inBox };
}

const press = async (hid: FakeHid, report: number[]) => {
  hid.replay('pm3', [report]);
  await new Promise((resolve) => setTimeout(resolve, 80)); // held past the phantom-press filter
  hid.replay('pm3', [UP]);
};

const written = () =>
  expectedSentences('dictation.wav')
    .map((s) => s.written)
    .join('');

describe('dictation microphone', () => {
  it('Record starts and stops a dictation, the LED follows, Tab and Transcribe act', async () => {
    const { service, hid, inserter, moves } = await build();
    await vi.waitFor(() =>
      expect(service.state().mic).toEqual({ kind: 'connected', models: ['powermic-3'] }),
    );
    await press(hid, RECORD);
    await vi.waitFor(() => expect(service.state().active).toBe(true));
    expect(hid.written.at(-1)).toEqual({ path: 'pm3', reportId: 0, data: [1] });
    await vi.waitFor(() => expect(service.state().box.text).toBe(written()), { timeout: 20_000 });
    await press(hid, RECORD);
    await vi.waitFor(() => expect(service.state().history).toHaveLength(1), { timeout: 20_000 });
    expect(inserter.field).toBe(written());
    await vi.waitFor(() => expect(hid.written.at(-1)).toEqual({ path: 'pm3', reportId: 0, data: [0] }));

    await press(hid, TRANSCRIBE); // transfer: the box's text goes in again, into what has focus now
    await vi.waitFor(() => expect(inserter.field).toBe(written() + written()));
    await press(hid, TAB_FORWARD);
    await vi.waitFor(() => expect(moves).toEqual(['next']));
    service.dispose();
  });

  it('IT’s policy sets the buttons: Record set to none does nothing, and Settings cannot change it', async () => {
    const { service, hid } = await build({ dictationMicButtons: '{"record":"none"}' });
    await vi.waitFor(() => expect(service.state().mic.kind).toBe('connected'));
    await press(hid, RECORD);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.state().active).toBe(false);
    expect(service.state().locked).toContain('micButtons');
    expect(service.state().settings.micButtons).toMatchObject({ record: 'none', tabForward: 'next-field' });
    expect(() => service.updateSettings({ micButtons: { record: 'record' } })).toThrow();
    service.dispose();
  });

  it('the dictation box has its own map, which IT can lock while the other stays the clinician’s', async () => {
    const focus = { own: false };
    const policy = { dictationMicButtonsInBox: '{"tabForward":"accept-defaults"}' };
    const { service, hid, moves, inBox } = await build(policy, focus);
    await vi.waitFor(() => expect(service.state().mic.kind).toBe('connected'));
    service.fieldKeys.setBoxShown(true); // the window shows the box, but another application has the keyboard
    await press(hid, TAB_FORWARD);
    await vi.waitFor(() => expect(moves).toEqual(['next']));
    focus.own = true; // our window, showing the box: the box's map, and the box acts
    await press(hid, TAB_FORWARD);
    await vi.waitFor(() => expect(inBox).toEqual(['accept_defaults']));
    expect(moves).toEqual(['next']);
    const { locked, settings } = service.state();
    expect(locked).toContain('micButtonsInBox');
    expect(locked).not.toContain('micButtons');
    expect(settings.micButtonsInBox).toMatchObject({
      tabForward: 'accept-defaults',
      play: 'accept-defaults',
    });
    expect(() => service.updateSettings({ micButtonsInBox: { tabForward: 'none' } })).toThrow();
    service.updateSettings({ micButtons: { ...settings.micButtons, tabForward: 'none' } });
    focus.own = false;
    await press(hid, TAB_FORWARD); // the clinician's change to the other map: nothing now
    focus.own = true; // a press in the box after it, handled after it: when it acted, the first had done nothing
    await press(hid, TAB_FORWARD);
    await vi.waitFor(() => expect(inBox).toEqual(['accept_defaults', 'accept_defaults']));
    expect(moves).toEqual(['next']);
    service.dispose();
  });
});
