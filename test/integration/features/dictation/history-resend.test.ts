/**
 * History that helps, as the app composes dictation (composeDictation with a real journal): a dictation
 * the service cut short is kept in history with what was received and its audio; "Send again" sends the
 * kept audio and the entry gets the whole text of that audio, once. Copy stays out of clipboard history (transient).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { openNodeSettingsStore } from '../../../../main/core/config/node-settings-store.ts';
import { resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { composeDictation } from '../../../../main/features/dictation/compose-dictation.ts';
import { createDictationHandlers } from '../../../../main/features/dictation/handlers.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import { readFixtureSamples } from '../../../fixtures/audio/manifest.ts';
import { expectedSentences, streamingPerFile } from '../../core/streaming/harness.ts';

const h = streamingPerFile();
let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

const written = () =>
  expectedSentences('dictation.wav')
    .map((s) => s.written)
    .join('');

async function build() {
  dir = await mkdtemp(path.join(tmpdir(), 'history-resend-'));
  const resolved = resolveConfig({ policy: { values: {}, origin: 'test policy' } });
  if (!resolved.ok) throw new Error('bad policy');
  const journals = new JournalStore({ dir: path.join(dir, 'journals'), secrets: new MemorySecretStore() });
  const copied: { text: string }[] = [];
  const service = composeDictation(
    () => ({
      hook: new FakeKeyHook(),
      shortcuts: null,
      inserter: new FakeInserter(),
      overlay: { show: () => undefined },
      accessibility: () => 'not-needed',
    }),
    {
      store: openNodeSettingsStore(dir),
      resolved: () => ({ config: resolved.config, locked: resolved.locked }),
      secrets: null,
      dataDir: dir,
      journals,
      connection: () => ({ baseUrl: h.baseUrl, tokens: h.server }),
      visitUsesMicrophone: () => false,
      microphone: () =>
        new FakeAudioSource({ samples: readFixtureSamples('dictation.wav'), pace: 'realtime' }),
      clipboard: { writeText: async (text) => (copied.push({ text }), { transient: true }) },
      platform: 'linux',
      onState: () => undefined,
    },
  );
  return { service, handlers: createDictationHandlers(service), journals, copied };
}

describe('dictation history', () => {
  it('a dictation cut short keeps its audio; Send again puts the whole text in the entry', async () => {
    const { service, handlers, journals } = await build();
    await service.start();
    // Cut short: the service ends the stream with an error the session cannot recover from.
    await vi.waitFor(() => expect(h.streaming.openSockets().length).toBe(1), { timeout: 10_000 });
    // Cut after 4 s of the fixture (at 1.5 s it failed here: nothing recognisable kept), so there are words to send again.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    h.streaming.sendError({ code: 83005 }, { closeCode: 1008 });
    await vi.waitFor(
      () => expect(service.state().history[0]).toMatchObject({ where: 'failed', resendable: true }),
      { timeout: 20_000 },
    );
    const [cut] = service.state().history;
    const ask = (id: string) =>
      handlers['dictation:historyResend']({ id }, { channel: 'dictation:historyResend' });
    expect(await ask(cut!.id)).toEqual({ ok: true, data: { accepted: true } });
    const [done] = service.state().history;
    // The whole text of the audio kept until the cut (the microphone stopped there): the fixture's start.
    expect(done).toMatchObject({ id: cut!.id, where: 'recovered', resendable: false });
    expect(done!.text).not.toBe('');
    expect(written().startsWith(done!.text)).toBe(true);
    expect(done!.text.startsWith(cut!.text)).toBe(true);
    expect(service.state().box.text).toBe(done!.text);
    expect(service.state().recoverable).toEqual([]);
    // Sent once: the journal is gone, a second ask is refused and changes nothing.
    expect((await ask(cut!.id)).ok).toBe(false);
    expect(service.state().history).toHaveLength(1);
    expect(await journals.listRecoverable()).toEqual([]);
    service.dispose();
  });

  it('an entry that finished is not offered to send again, and Copy is transient', async () => {
    const { service, handlers, copied } = await build();
    await service.history.add('finished words', 'Test Editor');
    const [entry] = service.state().history;
    expect(entry!.resendable).toBe(false);
    const resend = await handlers['dictation:historyResend'](
      { id: entry!.id },
      { channel: 'dictation:historyResend' },
    );
    expect(resend.ok).toBe(false);
    await handlers['dictation:historyCopy']({ id: entry!.id }, { channel: 'dictation:historyCopy' });
    expect(copied).toEqual([{ text: 'finished words' }]);
    expect(service.state().box.note).toEqual({ code: 'copied' });
    service.dispose();
  });
});
