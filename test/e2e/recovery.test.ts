/**
 * A visit the app did not finish (the process stopped mid-visit) is offered on the Visit screen, and
 * "Recover transcript" sends the journal's audio again and shows the whole transcript as an ended visit.
 * The crash is a real session on the same journal folder, aborted without END, from another JournalStore
 * (as another process would leave it).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServerTokenSource } from '../../main/core/api/auth/server-token-source.ts';
import { HttpClient } from '../../main/core/api/transport/http.ts';
import { MemorySecretStore } from '../../main/base/secrets/memory-secret-store.ts';
import { JournalStore } from '../../main/core/journal/journal-store.ts';
import { TranscribeSession } from '../../main/core/streaming/transcribe-session.ts';
import { transcribeJournalSettings } from '../../main/features/visit/live-transcriber.ts';
import { expectedSentences, fixtureChunks, until } from '../integration/core/streaming/harness.ts';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

/** Chunks the "crashed" visit captured: 6.5 s of the fixture. */
const CAPTURED = 65;

describe('recovering an interrupted visit, in Chromium', () => {
  const { service, client } = servicePerFile();

  const h = appPerFile(async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'scribe-e2e-journals-')), 'journals');
    const secrets = new MemorySecretStore();
    // The visit that was cut short: audio journaled and sent, then the session stops without END.
    const crashed = new JournalStore({ dir, secrets });
    const streams = [{ id: 'room', speakerType: 'UNSPECIFIED' as const }];
    const journal = await crashed.create(
      'transcribe',
      ['room'],
      transcribeJournalSettings(['ENGLISH_US'], streams),
    );
    const baseUrl = new URL(service.url);
    const tokens = new ServerTokenSource(new HttpClient({ baseUrl }), {
      clientId: client.id,
      privateKey: client.privateKeyPem,
    });
    const session = new TranscribeSession({
      baseUrl,
      tokens,
      speechLocales: ['ENGLISH_US'],
      streams,
      journal,
    });
    await session.start();
    for (const chunk of fixtureChunks('visit.wav').slice(0, CAPTURED)) session.sendAudio('room', chunk);
    const received = () =>
      Object.values(service.service.control.streaming.sockets.at(-1)?.chunksByStream ?? {}).reduce(
        (a, b) => a + b,
        0,
      );
    await until(() => received() >= CAPTURED, 'the service to receive the audio');
    session.abort();
    // The process "dies": its lock goes with it, so the restarted app may recover the visit at once.
    await until(() => journal.pendingRecords === 0, 'the journal writes');
    await crashed.dispose();
    return { journalDir: dir, secrets };
  });

  it('offers the interrupted visit once connected, and recovers its whole transcript', async () => {
    const { page } = h;
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Visit').click();
    const banner = page.getByTestId('recovery');
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.innerText()).toMatch(/kept, encrypted, on this computer/);
    await page.screenshot({ path: `${SHOTS}/08-recovery-offered.png`, fullPage: true });

    await banner.getByRole('button', { name: 'Recover transcript' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
    expect(await banner.count()).toBe(0);
    const expected = expectedSentences('visit.wav')
      .filter((s) => s.endMs <= CAPTURED * 100)
      .map((s) => s.text);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const texts = await page.locator('li[data-final="true"]').allInnerTexts();
    expect(texts).toHaveLength(expected.length);
    texts.forEach((text, i) => expect(text).toContain(expected[i]!));
    await page.screenshot({ path: `${SHOTS}/09-recovered.png`, fullPage: true });
    // The note can be written from the recovered transcript.
    expect(await page.getByRole('button', { name: 'Write the note' }).count()).toBe(1);
  });
});
