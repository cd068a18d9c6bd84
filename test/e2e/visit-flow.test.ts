/**
 * The whole visit in real Chromium against the local service: connect with organization credentials →
 * start a visit with a fixture recording as the microphone → the transcript appears live → end → note →
 * codes → copy a section, and the copied text is what the note shows. Screenshots of every screen go to
 * test-artifacts/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';
import { emOrdersAndInstructions } from './bridge/codes-and-more.ts';

describe('a visit from connect to copy, in Chromium', () => {
  const { service, client } = servicePerFile();
  const h = appPerFile({ micSpeed: 1 }); // acts mid-conversation: a network drop, a line being spoken

  it('connects, records, writes the note, codes it and copies a section', async () => {
    const { page } = h;
    // Connect
    await expect.poll(() => page.getByTestId('connection-summary').textContent()).toContain('Not connected');
    await page.screenshot({ path: `${SHOTS}/01-connect.png`, fullPage: true });
    await connectWithServerCredentials(page, service.url, client, 'Connected to 127.0.0.1');
    expect(await page.getByText('Signed in with organization server credentials').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/02-connected.png`, fullPage: true });

    // Visit: consent, start, live transcript
    await nav(page, 'Visit').click();
    const start = page.getByRole('button', { name: 'Start recording' });
    expect(await start.isDisabled()).toBe(true); // consent first
    expect(h.microphones).toHaveLength(0); // no microphone before the patient agreed
    // The consent tick arms the microphone (its level shows as a check); unticking closes it again.
    const consent = page.getByLabel('The patient agreed to this visit being recorded and transcribed.');
    await consent.check();
    await expect.poll(() => page.getByTestId('mic-check').count()).toBe(1);
    expect(h.microphones.map((m) => m.stopped)).toEqual([false]);
    await consent.uncheck();
    await expect.poll(() => h.microphones.map((m) => m.stopped)).toEqual([true]);
    await expect.poll(() => page.getByTestId('mic-check').count()).toBe(0);
    await consent.check();
    await expect.poll(() => page.getByTestId('mic-check').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/03-visit-armed.png`, fullPage: true });
    // The window hidden (closed to the tray, minimised) closes it too; shown again, it opens again.
    const visibility = (state: 'hidden' | 'visible') =>
      page.evaluate(`(() => {
        Object.defineProperty(document, 'visibilityState', { value: '${state}', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      })()`);
    await visibility('hidden');
    await expect.poll(() => h.microphones.map((m) => m.stopped)).toEqual([true, true]);
    await visibility('visible');
    await expect.poll(() => h.microphones.map((m) => m.stopped)).toEqual([true, true, false]);
    await start.click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Recording');
    expect(h.microphones).toHaveLength(3); // Start recorded on the armed microphone, not a new one
    expect(h.microphones[2]?.stopped).toBe(false);
    const rows = page.locator('li[data-id]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // Live: lines arrive while the visit is still recording.
    expect(await page.getByTestId('visit-phase').textContent()).toBe('Recording');
    await expect.poll(() => page.locator('li[data-final="true"]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('connection-ok').textContent()).toContain('Connected');

    // The network drops (and the first reconnects are refused): the person is told plainly that nothing is
    // lost, and the visit goes on afterwards without a line missing or repeated (checked at the end).
    service.service.control.streaming.failNextUpgrade(503);
    service.service.control.streaming.failNextUpgrade(503);
    service.service.control.streaming.terminateAll();
    await expect
      .poll(() => page.getByTestId('reconnecting').textContent(), { interval: 20 })
      .toContain('Reconnecting — nothing is lost');
    expect(await page.getByTestId('connection-ok').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/03-visit-reconnecting.png` });
    await expect.poll(() => page.getByTestId('connection-ok').count()).toBe(1);
    expect(await page.getByTestId('reconnecting').count()).toBe(0);

    // Mid-sentence: the meter follows the voice (the fixture pauses between lines) and the line being
    // spoken shows as a provisional partial.
    const meter = page.getByRole('meter', { name: 'Input level' });
    const speaking = async () =>
      Number(await meter.getAttribute('aria-valuenow')) > 30 &&
      (await page.locator('li[data-final="false"]').count()) > 0;
    await expect.poll(speaking, { interval: 50 }).toBe(true);
    await page.screenshot({ path: `${SHOTS}/03-visit-live.png`, fullPage: true });
    // The README's picture (test/e2e/screenshots/visit.png is a copy of it): down to the provisional line.
    await page.screenshot({
      path: `${SHOTS}/03-visit-live-readme.png`,
      clip: { x: 0, y: 0, width: 1280, height: 720 },
    });
    const firstLine = await rows.first().textContent();
    expect(firstLine).toMatch(/Doctor|Patient|Speaker/);
    expect(firstLine).toMatch(/0:0\d/);

    // All five sentences of the fixture, then End.
    await expect.poll(() => page.locator('li[data-final="true"]').count()).toBe(5);
    await page.getByRole('button', { name: 'End visit' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
    expect(await page.locator('li[data-final="false"]').count()).toBe(0);
    expect(await page.locator('li[data-id]').last().textContent()).toContain('blood pressure');
    await page.screenshot({ path: `${SHOTS}/04-visit-ended.png`, fullPage: true });

    // Note
    // "Write the note" opens the Note screen writing it, with the defaults (issue 31 item 10).
    await page.getByRole('button', { name: 'Write the note' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Note');
    const sections = page.locator('article[data-section]');
    await expect.poll(() => sections.count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/05-note.png`, fullPage: true });

    // Copy one section: the clipboard gets exactly what the section shows.
    const section = sections.filter({ has: page.getByTestId('section-body') }).first();
    const shown = (await section.getByTestId('section-body').innerText()).trim();
    expect(shown.length).toBeGreaterThan(0);
    await section.getByRole('button', { name: /^Copy / }).click();
    await expect.poll(() => page.getByTestId('copy-status').textContent()).toContain('Section copied');
    expect(h.clipboard.writes.at(-1)).toBe(shown);
    // A section the visit did not cover says so and has nothing to copy.
    const empty = sections.filter({ has: page.getByTestId('section-empty') });
    expect(await empty.count()).toBeGreaterThan(0);
    expect(
      await empty
        .first()
        .getByRole('button', { name: /^Copy / })
        .isDisabled(),
    ).toBe(true);

    // Regenerate with extra context (limit shown before sending), then codes.
    await page
      .getByLabel('Extra context')
      .fill('History of type 2 diabetes. Plan: start metformin 500 mg twice daily and recheck in two weeks.');
    expect(await page.getByText('94 / 10,000 characters').count()).toBe(1);
    await page.getByRole('button', { name: 'Write again with context' }).click();
    await expect
      .poll(() =>
        page
          .locator('article[data-section]')
          .allInnerTexts()
          .then((t) => t.join(' ')),
      )
      .toMatch(/diabetes/i);

    // Codes
    await page.getByRole('button', { name: 'Continue to codes' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Codes & more');
    await expect
      .poll(() => page.getByTestId('conditions').count())
      .toBe(1)
      .catch(async (error: unknown) => {
        await page.screenshot({ path: `${SHOTS}/06-codes-failed.png`, fullPage: true });
        throw error;
      });
    const conditions = page.getByTestId('conditions');
    expect(await conditions.textContent()).toContain('E11.9');
    expect(await conditions.getByText('HCC').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('observations').textContent()).toContain('8480-6'); // systolic BP, from the visit

    // E/M (server credentials), suggested orders, patient instructions and their translation, copied.
    await emOrdersAndInstructions(page, h.clipboard);

    // The note is changed by hand: "Write again" asks before replacing the change, and what was made from
    // the earlier note says so on Codes & more; out-of-date instructions can be neither copied nor translated.
    await nav(page, 'Note').click();
    const key = await page
      .locator('article[data-section]')
      .filter({ has: page.getByTestId('section-body') })
      .first()
      .getAttribute('data-section');
    const edited = page.locator(`article[data-section="${key}"]`);
    await edited.getByRole('button', { name: /^Edit / }).click();
    await edited.locator('textarea').first().fill('Chest pain for three days, better with rest.');
    await edited.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Chest pain for three days, better with rest.').count()).toBe(1);
    await page.getByRole('button', { name: 'Write again', exact: true }).click();
    const confirm = page.getByTestId('confirm-rewrite');
    expect(await confirm.textContent()).toContain('replaces your changes');
    await page.screenshot({ path: `${SHOTS}/05-note-confirm-rewrite.png`, fullPage: true });
    await confirm.getByRole('button', { name: 'Keep my note' }).click();
    expect(await confirm.count()).toBe(0);
    expect(await page.getByText('Chest pain for three days, better with rest.').count()).toBe(1);

    const writesBefore = h.clipboard.writes.length;
    await nav(page, 'Codes & more').click();
    await expect.poll(() => page.getByTestId('stale').count()).toBe(3); // E/M, orders, instructions
    // Codes are looked up again by themselves, from the note as it is now.
    await expect.poll(() => page.getByTestId('conditions').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Copy instructions' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Translate' }).isDisabled()).toBe(true);
    expect(await page.getByText('Review these instructions before sharing them').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/06-codes-stale.png`, fullPage: true });
    // Main refuses them as well, whatever the screen shows.
    expect(await page.evaluate('window.scribe.copyInstructions({})')).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(h.clipboard.writes.length).toBe(writesBefore);
    await page.getByRole('button', { name: 'Write instructions' }).click();
    await expect.poll(() => page.getByTestId('stale').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Copy instructions' }).isDisabled()).toBe(false);

    // A new visit goes back to the setup and asks for consent again.
    await nav(page, 'Visit').click();
    await page.getByRole('button', { name: 'Start a new visit' }).click();
    expect(
      await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').isChecked(),
    ).toBe(false);
    expect(await page.getByRole('button', { name: 'Start recording' }).isDisabled()).toBe(true);

    // While it records, the connection cannot be changed.
    await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Recording');
    await nav(page, 'Connect').click();
    expect(await page.getByRole('button', { name: 'Disconnect' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Start the sample visit' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('connection-locked').textContent()).toContain('End it before');
    await page.screenshot({ path: `${SHOTS}/02-connect-during-visit.png`, fullPage: true });
    expect(await page.evaluate('window.scribe.connectDisconnect()')).toMatchObject({
      ok: false,
      error: { code: 'visit_in_progress' },
    });
    // Ended, and straight to Codes & more: nothing of the first visit's note, codes or instructions.
    await nav(page, 'Visit').click();
    await page.getByRole('button', { name: 'End visit' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
    await nav(page, 'Codes & more').click();
    await expect
      .poll(() =>
        page.getByText('Write the note first: codes, orders and instructions come from it.').count(),
      )
      .toBe(1);
    expect(await page.getByTestId('conditions').count()).toBe(0);
    expect(await page.getByTestId('instructions').count()).toBe(0);
    await nav(page, 'Note').click();
    await expect.poll(() => page.getByRole('button', { name: 'Write the note' }).count()).toBe(1);
    expect(await page.locator('article[data-section]').count()).toBe(0);

    await nav(page, 'Settings').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Settings');
    // Connected with the organization's credentials: what belongs to a clinician says so instead of
    // offering editors whose every save the service would refuse.
    await expect.poll(() => page.getByTestId('clinician-only').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Dot phrases' }).count()).toBe(0);
    // Section instructions stay: the app keeps them for server credentials and sends them with each note.
    expect(await page.getByRole('heading', { name: 'Note template and section instructions' }).count()).toBe(
      1,
    );
    expect(await page.getByRole('button', { name: 'Use as my default' }).count()).toBe(0);
    // Languages chosen here are where the next visit starts.
    await page.getByLabel('Second language (optional)').selectOption('SPANISH_MX');
    await expect.poll(() => page.getByTestId('settings-saved').textContent()).toBe('Settings saved.');
    expect((await h.app.visit.options()).preferred.speechLocales).toEqual(['ENGLISH_US', 'SPANISH_MX']);
    // Haitian Creole is only accepted alone: choosing it drops the second language.
    await page.getByLabel('Spoken language').selectOption('HAITIAN_HT');
    await expect
      .poll(async () => (await h.app.visit.options()).preferred.speechLocales)
      .toEqual(['HAITIAN_HT']);
    // The window shows what main saved once its answer arrives (main's state may come first).
    await expect.poll(() => page.getByLabel('Second language (optional)').isDisabled()).toBe(true);
    await page.getByLabel('Spoken language').selectOption('ENGLISH_US');
    await page.getByLabel('Second language (optional)').selectOption('SPANISH_MX');
    await expect
      .poll(async () => (await h.app.visit.options()).preferred.speechLocales)
      .toEqual(['ENGLISH_US', 'SPANISH_MX']);
    await page.screenshot({ path: `${SHOTS}/07-settings.png`, fullPage: true });
    await nav(page, 'Visit').click();
    await page.getByRole('button', { name: 'Start a new visit' }).click();
    expect(await page.getByLabel('Spoken language').inputValue()).toBe('ENGLISH_US');
    expect(await page.getByLabel('Second language (optional)').inputValue()).toBe('SPANISH_MX');

    expect(await h.cspViolations()).toEqual([]);
    expect(
      h.bridge.failures.filter((f) => f.reason === 'invalid_request' || f.reason === 'invalid_response'),
    ).toEqual([]);
  });
});
