/**
 * Settings → Dictation's clipboard clear delay in Chromium, through the browser preview over the production
 * composition root: a value out of range is refused in words before anything is sent; a good one is saved
 * (the app's dictation settings and the settings file have it); an app under IT's policy for the key shows
 * it disabled, at the policy's value, "Set by your organization" (and the microphone's button set for the
 * dictation box locked, the other one the clinician's). A per-application rule is added with its line break.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKeyHook } from '../../native/key-hook.fake.ts';
import { FakeSecureInput } from '../../native/secure-input.ts';
import { FakeInserter } from '../../main/features/dictation/inserter.fake.ts';
import type { SampleService } from '../service/sample-service.ts';
import { connectWithServerCredentials, nav, SHOTS, startServiceWithClient } from './bridge/fixtures.ts';
import { startApp, type AppHarness } from './bridge/harness.ts';

/** Dictation's platform parts as fakes: Settings → Dictation needs a dictation feature, not a desktop. */
const parts = () => ({
  hook: new FakeKeyHook(),
  shortcuts: { register: () => true, unregister: () => undefined },
  inserter: new FakeInserter(),
  overlay: { show: () => undefined },
  accessibility: () => 'not-needed' as const,
  secureInput: new FakeSecureInput(),
});

describe('Settings → Dictation: when copied dictation leaves the clipboard', () => {
  let h: AppHarness;
  let service: SampleService;
  let client: Parameters<typeof connectWithServerCredentials>[2];

  beforeAll(async () => {
    const started = await startServiceWithClient();
    service = started.service;
    h = await startApp({
      viewport: { width: 1280, height: 1000 },
      policy: {},
      dictation: parts,
    });
    client = started.client;
  });
  afterAll(async () => {
    h?.app.dictation?.dispose();
    await h?.close();
    await service?.close();
  });

  it('connects on the Connect screen', async () => {
    await connectWithServerCredentials(h.page, service.url, client);
  });

  it('refuses a value out of range in words, saves a good one', async () => {
    const { page } = h;
    await nav(page, 'Settings').click();
    const field = page.getByLabel('Clear copied dictation text after (seconds)');
    await expect.poll(() => field.inputValue()).toBe('60');
    await page.screenshot({ path: `${SHOTS}/settings-dictation-clipboard-clear-start.png`, fullPage: true });
    const hint = page.getByTestId('clipboard-clear-hint');
    expect(await hint.textContent()).toBe(
      'Dictated text left on the clipboard is cleared after 1 minute if it is still there (0: never).',
    );
    await field.fill('5000');
    await field.press('Tab');
    expect(await hint.textContent()).toBe(
      'Enter a whole number of seconds from 0 (never) to 3,600 (one hour).',
    );
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(h.app.dictation!.state().settings.clipboardClearSeconds).toBe(60);
    await field.fill('90');
    await field.press('Tab');
    await expect.poll(() => h.app.dictation!.state().settings.clipboardClearSeconds).toBe(90);
    await expect
      .poll(() => hint.textContent())
      .toBe(
        'Dictated text left on the clipboard is cleared after 90 seconds if it is still there (0: never).',
      );
    expect(JSON.parse(await readFile(join(h.dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      dictationClipboardClearSeconds: 90,
    });
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-dictation-clipboard-clear.png`, fullPage: true });
  });

  it('a per-application rule with its line break: Shift+Return chosen, saved, shown', async () => {
    const { page } = h;
    await page.getByLabel('Application', { exact: true }).fill('chat.exe');
    const lineBreak = page.getByLabel('line break', { exact: true });
    expect(await lineBreak.inputValue()).toBe('field');
    await lineBreak.selectOption('shift-return');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect
      .poll(() => h.app.dictation!.state().settings.appRules)
      .toContainEqual({ app: 'chat.exe', insert: 'type', lineBreak: 'shift-return' });
    await expect.poll(() => page.getByText('chat.exe: typing, line break Shift+Return').count()).toBe(1);
    expect(await lineBreak.inputValue()).toBe('field');
    await lineBreak.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-dictation-app-rule-line-break.png` });
  });

  it('the microphone buttons’ settings, looked at in English and French', async () => {
    const { page } = h;
    const buttons = page.locator('details', { has: page.getByText('What the buttons do') });
    await buttons.locator('summary').click();
    await buttons.scrollIntoViewIfNeeded();
    await buttons.screenshot({ path: `${SHOTS}/settings-mic-buttons-en.png` });
    await page.getByLabel('Language of the app').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    const boutons = page.locator('details', { has: page.getByText('Rôle des boutons') });
    if ((await boutons.getAttribute('open')) === null) await boutons.locator('summary').click();
    await boutons.scrollIntoViewIfNeeded();
    await boutons.screenshot({ path: `${SHOTS}/settings-mic-buttons-fr.png` });
    await page.getByLabel('Langue de l’application').selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('IT fixes it: disabled at the policy value, "Set by your organization"', async () => {
    // An app started under a policy that sets the key (a second window, its own data folder).
    const locked = await startApp({
      viewport: { width: 1280, height: 1000 },
      policy: { dictationClipboardClearSeconds: 30, dictationMicButtonsInBox: { play: 'none' } },
      dictation: parts,
    });
    try {
      const { page } = locked;
      await nav(page, 'Settings').click();
      const field = page.getByLabel('Clear copied dictation text after (seconds)');
      await expect.poll(() => field.inputValue()).toBe('30');
      expect(await field.isDisabled()).toBe(true);
      expect(await page.locator('#dictation-clipboard-clear-locked').textContent()).toBe(
        'Set by your organization',
      );
      expect(await field.getAttribute('aria-describedby')).toContain('dictation-clipboard-clear-locked');
      await field.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/settings-dictation-clipboard-clear-locked.png` });
      // The dictation box's button set is IT's, the other stays the clinician's: each shows which.
      const buttons = page.locator('details', { has: page.getByText('What the buttons do') });
      expect(await buttons.locator('summary').textContent()).toBe(
        'What the buttons do — Your organization sets these.',
      );
      await buttons.locator('summary').click();
      expect(await buttons.getByLabel('Play').first().isDisabled()).toBe(false);
      expect(await page.getByTestId('mic-buttons-locked').count()).toBe(0);
      await page.getByRole('radio', { name: 'The dictation box' }).check();
      const play = page.getByTestId('mic-buttons-box').getByLabel('Play').first();
      expect(await play.isDisabled()).toBe(true);
      expect(await play.inputValue()).toBe('none');
      expect(await play.getAttribute('aria-describedby')).toBe('mic-buttons-locked');
      expect(await page.getByTestId('mic-buttons-locked').textContent()).toBe(
        'Your organization sets these.',
      );
    } finally {
      locked.app.dictation?.dispose();
      await locked.close();
    }
  });
});
