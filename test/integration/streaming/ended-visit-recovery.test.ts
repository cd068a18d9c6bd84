/**
 * A visit that ended cleanly, then the app went away (a crash, or a quit) before the note was written: the
 * next run offers it, and restores its whole transcript from the journal without the service (nothing is
 * sent again, no connection needed). The run that ended it does not offer its own visit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAudioSource } from '../../../main/audio/fake-source.ts';
import type { AudioInputs } from '../../../main/audio/ports.ts';
import { composeApp } from '../../../main/composition-root.ts';
import { MemorySecretStore } from '../../../main/secrets/memory-secret-store.ts';
import { MemoryPreferenceStore } from '../../../main/settings/preferences.ts';
import { JournalStore } from '../../../main/streaming/journal-store.ts';
import { createLiveTranscriber } from '../../../main/visit/live-adapter.ts';
import { VisitRecorder } from '../../../main/visit/visit-recorder.ts';
import { readFixtureSamples } from '../../fixtures/audio/manifest.ts';
import { startStreamingHarness, type StreamingHarness } from './harness.ts';

let h: StreamingHarness;
let dir: string;
beforeAll(async () => {
  h = await startStreamingHarness();
  dir = join(await mkdtemp(join(tmpdir(), 'ended-visit-')), 'journals');
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

/** The next run of the app: the same journal folder and keychain, never connected to a service. */
function nextRun(journals: JournalStore) {
  const audio: AudioInputs = {
    list: async () => [],
    open: () => new FakeAudioSource({ samples: new Int16Array(0) }),
  };
  return composeApp({
    connector: {
      connect: async () => {
        throw new Error('no service in this test');
      },
      restore: async () => null,
      forget: async () => undefined,
    },
    sample: null,
    audio,
    clipboard: { writeText: async () => ({ transient: true }) },
    preferences: new MemoryPreferenceStore(),
    emit: () => undefined,
    platform: 'linux',
    journals,
  });
}

describe('a visit that ended before the app went away', () => {
  it('is offered by the next run and restored whole, with no service', async () => {
    const secrets = new MemorySecretStore();
    const first = new JournalStore({ dir, secrets });
    const recorder = new VisitRecorder(() => undefined);
    const transcriber = createLiveTranscriber({ baseUrl: h.baseUrl, tokens: h.server, journals: first });
    const samples = readFixtureSamples('visit.wav');
    await recorder.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: new FakeAudioSource({ samples, pace: 'fast' }), patient: null },
      transcriber,
    );
    // The recording runs out: the visit ends by itself, every item final.
    await vi.waitFor(() => expect(recorder.state.phase).toBe('ended'), { timeout: 30_000 });
    const said = recorder.transcript.finalInputs().map((i) => i.text);
    expect(said.length).toBeGreaterThan(0);
    expect(await first.listEnded()).toEqual([]); // this run holds it: not offered to itself
    await first.dispose(); // the app goes away before the note is written

    const journals = new JournalStore({ dir, secrets });
    const app = nextRun(journals);
    const offered = await app.visit.recoverable();
    expect(offered).toEqual([expect.objectContaining({ ended: true, stale: false })]);
    const requestsBefore = h.service.control.requests.length;
    await app.visit.recover(offered[0]!.id);
    expect(app.visit.state.phase).toBe('ended');
    expect(app.visit.transcript().map((i) => i.text)).toEqual(said);
    expect(h.service.control.requests.length).toBe(requestsBefore); // nothing sent again
    expect(await app.visit.recoverable()).toEqual([]); // shown now, no longer offered

    // Discarding the restored visit shreds its journal: nothing is offered after that.
    await app.visit.discard();
    expect(await new JournalStore({ dir, secrets }).listEnded()).toEqual([]);
    await journals.dispose();
  });
});
