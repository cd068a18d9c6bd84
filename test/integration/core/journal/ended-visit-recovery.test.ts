/**
 * A visit that ended cleanly, then the app went away (a crash, or a quit) before the note was written: the
 * next run offers it and restores its whole transcript from the journal (nothing sent again), whose lines
 * play their recorded audio from it for the note's evidence. Never offered:
 * by the run that ended it, while another running instance shows it, a CLI session's (its transcript was
 * printed), or once a new visit has superseded it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import type { AudioInputs } from '../../../../main/core/audio/ports.ts';
import { composeFeatures } from '../../../../main/compose/composition-root.ts';
import { MemorySecretStore } from '../../../../main/base/secrets/memory-secret-store.ts';
import { MemoryPreferenceStore } from '../../../../main/features/settings/preferences.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { TranscribeSession } from '../../../../main/core/streaming/transcribe-session.ts';
import { transcribeJournalSettings } from '../../../../main/features/visit/live-transcriber.ts';
import { FakeTranscriber, fakeConnection } from '../../../unit/features/visit/fakes.ts';
import { fixtureChunks, startStreamingHarness, type StreamingHarness } from '../streaming/harness.ts';

let h: StreamingHarness;
let root: string;
beforeAll(async () => {
  h = await startStreamingHarness();
  root = await mkdtemp(join(tmpdir(), 'ended-visit-'));
});
afterAll(async () => {
  await h.close();
  await rm(root, { recursive: true, force: true });
});

/** A visit recorded to its end with the real session on `journals`; its final texts. */
async function endedVisit(journals: JournalStore): Promise<string[]> {
  const streams = [{ id: 'room', speakerType: 'UNSPECIFIED' as const }];
  const journal = await journals.create(
    'transcribe',
    ['room'],
    transcribeJournalSettings(['ENGLISH_US'], streams),
  );
  const session = new TranscribeSession({
    baseUrl: h.baseUrl,
    tokens: h.server,
    speechLocales: ['ENGLISH_US'],
    streams,
    journal,
  });
  await session.start();
  for (const chunk of fixtureChunks('visit.wav').slice(0, 40)) session.sendAudio('room', chunk);
  await session.end();
  return session.finalItems().map((i) => i.text);
}

/** The next run of the app on the same folder, signed in to the organization (a service that is never asked). */
async function nextRun(journals: JournalStore) {
  const transcriber = new FakeTranscriber();
  const connection = fakeConnection({
    transcriber,
    checks: async () => [{ id: 'sign-in', status: 'pass', reason: 'signed_in' }],
  });
  const audio: AudioInputs = {
    list: async () => [{ id: 'mic', label: 'Mic', isDefault: true }],
    open: () => new FakeAudioSource({ samples: new Int16Array(16_000) }),
  };
  const app = composeFeatures({
    connector: { connect: async () => connection, restore: async () => null, forget: async () => undefined },
    sample: null,
    audio,
    clipboard: { writeText: async () => ({ transient: true }) },
    preferences: new MemoryPreferenceStore(),
    emit: () => undefined,
    platform: 'linux',
    microphoneAccess: { request: async () => true },
    journals,
  });
  const connect = app.handlers['connect:configure'] as (r: unknown, c: unknown) => Promise<{ ok: boolean }>;
  const connected = await connect(
    { baseUrl: 'https://us.api.example.com', credentials: { kind: 'user-refresh-token', refreshToken: 'r' } },
    { channel: 'connect:configure' },
  );
  expect(connected.ok).toBe(true);
  return { app, transcriber };
}

describe('a visit that ended before the app went away', () => {
  it('is offered by the next run only, and restored whole without sending anything', async () => {
    const dir = join(root, 'restore');
    const secrets = new MemorySecretStore();
    const first = new JournalStore({ dir, secrets, offerEndedVisits: true });
    const said = await endedVisit(first);
    expect(said.length).toBeGreaterThan(0);
    expect(await first.listEnded()).toEqual([]); // this run shows it
    const other = new JournalStore({ dir, secrets, offerEndedVisits: true });
    expect(await other.listEnded()).toEqual([]); // another running instance: the first one holds it
    const cli = new JournalStore({ dir, secrets }); // `scribe transcribe` printed its transcript
    await endedVisit(cli);
    await cli.dispose();
    await first.dispose(); // the app goes away before the note is written

    const journals = new JournalStore({ dir, secrets, offerEndedVisits: true });
    const { app, transcriber } = await nextRun(journals);
    const offered = await app.visit.recoverable();
    expect(offered).toEqual([expect.objectContaining({ ended: true, stale: false })]); // not the CLI's
    await app.visit.recover(offered[0]!.id);
    expect(app.visit.state.phase).toBe('ended');
    expect(app.visit.transcript().map((i) => i.text)).toEqual(said);
    expect(transcriber.resent).toEqual([]); // nothing sent again
    // Its journal's locales, for the note's language check, and its audio for the note's evidence: a line
    // plays the samples recorded over its times, read back from the journal the visit was restored from.
    expect(app.visit.said()?.locales).toEqual(['ENGLISH_US']);
    const line = app.visit.transcript()[0]!;
    const [from, to] = [Math.floor(line.startMs / 100), Math.ceil(line.endMs / 100)];
    const recorded = fixtureChunks('visit.wav').slice(from, to);
    expect(recorded.length).toBeGreaterThan(0);
    const played = await app.visit.said()?.audio(line.speaker, line.startMs, line.endMs);
    expect(played).toEqual(Int16Array.from(recorded.flatMap((chunk) => [...chunk])));
    expect(await app.visit.recoverable()).toEqual([]); // shown now, no longer offered

    await app.visit.discard(); // shreds its journal
    expect(await new JournalStore({ dir, secrets, offerEndedVisits: true }).listEnded()).toEqual([]);
    await journals.dispose();
  });

  it('is superseded by a new visit: its journal is shredded, an interrupted one is kept', async () => {
    const dir = join(root, 'supersede');
    const secrets = new MemorySecretStore();
    const first = new JournalStore({ dir, secrets, offerEndedVisits: true });
    await endedVisit(first);
    const cut = await first.create('transcribe', ['room'], transcribeJournalSettings(['ENGLISH_US'], []));
    await cut.appendAudio(0, 0, new Int16Array(1600).fill(7)); // a visit the crash interrupted
    await first.dispose();

    const journals = new JournalStore({ dir, secrets, offerEndedVisits: true });
    const { app } = await nextRun(journals);
    expect((await app.visit.recoverable()).map((v) => v.ended).sort()).toEqual([false, true]);
    await app.visit.start({
      consentAcknowledged: true,
      locales: ['ENGLISH_US'],
      speakers: { mode: 'single', deviceId: 'mic' },
    });
    expect(await app.visit.recoverable()).toEqual([expect.objectContaining({ id: cut.id, ended: false })]);
    expect(await new JournalStore({ dir, secrets, offerEndedVisits: true }).listEnded()).toEqual([]);
    await app.visit.discard();
    await journals.dispose();
  });

  it('stays offered after a restore that failed (the keychain locked a moment), and restores on retry', async () => {
    const dir = join(root, 'retry');
    const secrets = new MemorySecretStore();
    const first = new JournalStore({ dir, secrets, offerEndedVisits: true });
    const said = await endedVisit(first);
    await first.dispose();

    const journals = new JournalStore({ dir, secrets, offerEndedVisits: true });
    const { app } = await nextRun(journals);
    const [offered] = await app.visit.recoverable();
    const get = secrets.get.bind(secrets);
    secrets.get = async () => {
      secrets.get = get; // locked once
      throw new Error('keychain locked');
    };
    await expect(app.visit.recover(offered!.id)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await app.visit.recoverable()).toEqual([offered]);
    await app.visit.recover(offered!.id);
    expect(app.visit.transcript().map((i) => i.text)).toEqual(said);
    await app.visit.discard();
    await journals.dispose();
  });
});
