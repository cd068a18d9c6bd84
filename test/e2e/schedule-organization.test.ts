/**
 * Today's appointments for a clinician signed in with the organization, end to end on loopback: a real
 * OpenID provider (its page driven in a second Chromium), the broker as a child process holding the
 * organization's Server API key, and the local service's Server API with an invented day for this
 * clinician. The desktop presents the sign-in's identity-provider token to the broker's schedule routes.
 */
import { describe, expect, it } from 'vitest';
import { nav, SHOTS } from './bridge/fixtures.ts';
import { organizationPerFile } from './bridge/per-file.ts';

const API_KEY = 'e2e-server-api-key-5b1c';

describe("today's appointments, signed in with the organization", () => {
  const { broker, browser, h } = organizationPerFile({
    service: { serverApiKeys: [API_KEY], sampleDayFor: 'oid-dr-lee-e2e' },
    serverApiKey: API_KEY,
  });

  it("lists the clinician's day through the broker", async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Sign in with your organization' }).click();
    await expect
      .poll(() => page.getByTestId('connection-summary').textContent())
      .toContain('Connected to 127.0.0.1');
    await browser.settle();
    await nav(page, 'Visit').click();
    const rows = page.getByTestId('appointment');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().innerText()).toMatch(/Ada Moreau\s+In person\s+Scheduled/);
    await page.screenshot({ path: `${SHOTS}/schedule-organization-today.png` });
    // The broker's log names the clinician and the route, never a patient.
    const logs = JSON.stringify(broker.logs());
    expect(logs).toContain('list-appointments');
    expect(logs).not.toContain('Moreau');
  });

  it("starts a visit from an appointment and sends the reviewed instructions to that patient's conversation", async () => {
    const { page } = h;
    await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').check();
    await page.getByRole('button', { name: /^Start the visit with Ada Moreau/ }).click();
    await expect.poll(() => page.locator('li[data-final="true"]').count()).toBe(5);
    await page.getByRole('button', { name: 'End visit' }).click();
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
    // The Visit screen's "Write the note" opens the Note screen writing it (issue 31 item 10).
    await page.getByRole('button', { name: 'Write the note' }).click();
    await expect.poll(() => page.locator('article[data-section]').count()).toBeGreaterThan(0);
    await page
      .getByLabel('Extra context')
      .fill('Plan: start metformin 500 mg twice daily and recheck in two weeks.');
    await page.getByRole('button', { name: 'Write again with context' }).click();
    await expect
      .poll(() =>
        page
          .locator('article[data-section]')
          .allInnerTexts()
          .then((t) => t.join(' ')),
      )
      .toMatch(/metformin/i);
    await page.getByRole('button', { name: 'Continue to codes' }).click();
    await page.getByRole('button', { name: 'Write instructions' }).click();
    await expect.poll(() => page.getByTestId('instructions').count()).toBe(1);
    const instructions = (await page.getByTestId('instructions').innerText()).trim();

    const send = page.getByTestId('send-instructions');
    expect(await send.innerText()).toContain('This visit is with Ada Moreau.');
    await send.getByRole('button', { name: 'Send to the patient…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send these instructions?' });
    expect(await confirm.innerText()).toContain("To Ada Moreau, in the patient's conversation");
    expect((await confirm.getByTestId('send-preview').innerText()).trim()).toBe(instructions);
    await confirm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/schedule-send-confirm.png`, fullPage: true });
    expect(JSON.stringify(broker.logs())).not.toContain('"instructions"'); // nothing sent before Send

    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('sent-status').textContent()).toContain('Sent.');
    expect(await page.getByTestId('sent-status').innerText()).toContain('A new conversation was opened');
    expect(await page.getByTestId('sent-messages').innerText()).toContain(
      `You: ${instructions.split('\n')[0]}`,
    );
    await page.getByTestId('sent-status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/schedule-sent.png`, fullPage: true });
    const logs = JSON.stringify(broker.logs());
    expect(logs).toContain('"route":"instructions"');
    expect(logs).not.toContain(instructions.slice(0, 20));
    expect(logs).not.toContain('Moreau');
  });
});
