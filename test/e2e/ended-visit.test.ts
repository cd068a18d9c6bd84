/**
 * A visit that ended cleanly, then the app went away before the note was written: the next start offers it
 * on the Visit screen as ended (transcript complete) and "Recover transcript" shows it whole without
 * sending anything again. The earlier run is a real session on the same journal folder, ended with END,
 * from another JournalStore (as another run of the app would leave it).
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
import { fixtureChunks } from '../integration/core/streaming/harness.ts';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

describe('a visit that ended before the app went away, in Chromium', () => {
  const { service, client } = servicePerFile();
  let said: string[];

  const h = appPerFile(async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'scribe-e2e-journals-')), 'journals');
    const secrets = new MemorySecretStore();
    const earlier = new JournalStore({ dir, secrets, offerEndedVisits: true }); // the app's, as platform-wiring builds it
    const streams = [{ id: 'room', speakerType: 'UNSPECIFIED' as const }];
    const journal = await earlier.create(
      'transcribe',
      ['room'],
      transcribeJournalSettings(['ENGLISH_US'], streams),
    );
    const tokens = new ServerTokenSource(new HttpClient({ baseUrl: new URL(service.url) }), {
      clientId: client.id,
      privateKey: client.privateKeyPem,
    });
    const session = new TranscribeSession({
      baseUrl: new URL(service.url),
      tokens,
      speechLocales: ['ENGLISH_US'],
      streams,
      journal,
    });
    await session.start();
    for (const chunk of fixtureChunks('visit.wav')) session.sendAudio('room', chunk);
    await session.end(); // every item final, the journal finished
    said = session.finalItems().map((i) => i.text);
    await earlier.dispose();
    return { journalDir: dir, secrets };
  });

  it('offers it as ended and shows its whole transcript, sending nothing', async () => {
    const { page } = h;
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Visit').click();
    const banner = page.getByTestId('recovery');
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.getByRole('heading').innerText()).toBe('A visit kept from before');
    expect(await banner.innerText()).toContain('ended, transcript complete');
    await page.screenshot({ path: `${SHOTS}/08b-ended-visit-offered.png`, fullPage: true });

    const sockets = service.service.control.streaming.sockets.length;
    await banner.getByRole('button', { name: 'Recover transcript' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
    expect(await banner.count()).toBe(0);
    const texts = await page.locator('li[data-final="true"]').allInnerTexts();
    expect(texts).toHaveLength(said.length);
    texts.forEach((text, i) => expect(text).toContain(said[i]!));
    expect(service.service.control.streaming.sockets.length).toBe(sockets); // nothing sent again
    expect(await page.getByRole('button', { name: 'Write the note' }).count()).toBe(1);
  });
});
