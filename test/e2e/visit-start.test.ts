/**
 * Starting a visit when things go wrong, in Chromium: the service cannot be reached at Start (the visit
 * shows it is still trying, End stops it, and the audio recorded meanwhile is offered for recovery), and
 * a Start that main refuses leaves no microphone open once consent is unticked.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Failure } from '../../main/base/failure.ts';
import { connectWithServerCredentials, nav } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

describe('starting a visit when something is wrong, in Chromium', () => {
  const { service, client } = servicePerFile();
  const h = appPerFile(async () => ({
    journalDir: join(await mkdtemp(join(tmpdir(), 'scribe-e2e-start-')), 'journals'),
  }));

  let connected = false;
  /** Connects once, then opens the Visit screen. */
  async function visitScreen(): Promise<Page> {
    const { page } = h;
    if (connected) return page;
    connected = true;
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Visit').click();
    return page;
  }

  const consent = (page: Page) =>
    page.getByLabel('The patient agreed to this visit being recorded and transcribed.');

  it('closes the armed microphone on untick after main refused Start', async () => {
    const app = h.app.visit;
    const page = await visitScreen();
    await consent(page).check();
    await expect.poll(() => page.getByTestId('mic-check').count()).toBe(1);
    expect(h.microphones.map((m) => m.stopped)).toEqual([false]);
    // Refused before the armed inputs are taken (as for an unplugged patient input or a blocked mic).
    const start = app.start.bind(app);
    app.start = () => Promise.reject(new Failure('mic_unavailable'));
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect
      .poll(() => page.getByText('The microphone could not be opened. Check that it is plugged in.').count())
      .toBe(1);
    app.start = start;
    await consent(page).uncheck();
    await expect.poll(() => h.microphones.map((m) => m.stopped)).toEqual([true]);
  });

  it('shows it is still trying while the service cannot be reached, and End keeps the audio to recover', async () => {
    const page = await visitScreen();
    for (let i = 0; i < 200; i++) service.service.control.streaming.failNextUpgrade(503);
    await consent(page).check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect
      .poll(
        async () =>
          (await page.getByTestId('start-reconnecting').count()) === 1 ||
          `${await page.getByTestId('visit-phase').textContent()} ${(await page.locator('.failure, p.error').allInnerTexts()).join()}`,
      )
      .toBe(true);
    expect(await page.getByTestId('start-reconnecting').textContent()).toContain('cannot be reached yet');
    expect(await page.getByTestId('visit-phase').textContent()).toBe('Connecting to the service…');
    const end = page.getByRole('button', { name: 'End visit' });
    expect(await end.isDisabled()).toBe(false);
    await end.click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Stopped');
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([
      'The service could not be reached. The audio recorded so far is kept: recover it from the Visit screen when the network is back.',
    ]);
    const banner = page.getByTestId('recovery');
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.getByRole('button', { name: 'Recover transcript' }).count()).toBe(1);
  });
});
