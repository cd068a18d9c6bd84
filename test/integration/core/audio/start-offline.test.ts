/**
 * Starting a visit while the service cannot be reached: the microphone records from Start, the session
 * journals the audio while it keeps trying, and End stops the visit without waiting for the service. What
 * was said stays in the journal, offered for recovery in this same app session (not only after a restart).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { createLiveTranscriber } from '../../../../main/features/visit/live-transcriber.ts';
import { VisitRecorder } from '../../../../main/features/visit/visit-recorder.ts';
import { freePort } from '../../../harness/free-port.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'start-offline-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('starting a visit during a network outage', () => {
  it('shows it is connecting, lets End stop it, and keeps the recorded audio recoverable', async () => {
    const journals = new JournalStore({ dir, secrets: new MemorySecretStore() });
    const transcriber = createLiveTranscriber({
      baseUrl: new URL(`http://127.0.0.1:${await freePort()}`),
      tokens: { caller: 'server', token: async () => 'token', renew: async () => 'token' },
      journals,
    });
    const recorder = new VisitRecorder(() => undefined);
    const speech = Int16Array.from({ length: 16_000 }, (_, i) => Math.round(6_000 * Math.sin(i / 7)));
    const starting = recorder.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: new FakeAudioSource({ samples: speech, pace: 'fast' }), patient: null },
      transcriber,
    );
    starting.catch(() => undefined);
    // Trying again after the refused connection: the Visit screen says so while still starting.
    await vi.waitFor(() => expect(recorder.state.connection).toBe('reconnecting'));
    expect(recorder.state.phase).toBe('starting');
    expect(await journals.listRecoverable()).toEqual([]); // still this visit's, not an interrupted one

    await recorder.end();
    expect(recorder.state).toMatchObject({ phase: 'failed', error: { code: 'service_unreachable_kept' } });
    await expect(starting).resolves.toBeUndefined(); // accepted: the state above says how it ended
    const [kept] = await journals.listRecoverable();
    expect(kept).toBeDefined();
    const recovered = await journals.recover(kept!.id);
    const samples = recovered.uncovered.reduce((n, c) => n + c.samples.length, 0);
    expect(samples).toBeGreaterThan(0); // the audio recorded while the service could not be reached

    // A discarded failed visit still leaves it to the clinician to recover or forget.
    await recorder.discard();
    expect((await journals.listRecoverable()).map((j) => j.id)).toEqual([kept!.id]);
  });
});
