/**
 * Dictation in Chromium, wired by the app's composition root: connected on the Connect screen to the local
 * service with server credentials, the Dictation screen (on-screen start/stop, the box filling as the
 * words come, history), Settings → Dictation (key capture refusing copy with the reason and free keys,
 * then saving a new key) and the overlay page. The other application is a FakeInserter; the microphone
 * plays the dictation fixture.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictationService } from '../../main/features/dictation/dictation-service.ts';
import type { OverlayState } from '../../main/features/dictation/ports.ts';
import type { SampleService } from '../service/sample-service.ts';
import { expectedSentences } from '../integration/core/streaming/harness.ts';
import { unnamedFocusables } from './a11y.ts';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import type { AppHarness } from './bridge/harness.ts';
import { startDictationApp } from './bridge/dictation-app.ts';

/** The part of a textarea the box tests read (the e2e tests type-check without the DOM library). */
interface TextArea {
  value: string;
  selectionStart: number;
  selectionEnd: number;
  setSelectionRange(start: number, end: number): void;
}

/** A correction's flag as main sends it (its range is not read here). */
const correctionFlag = (code: 'dose_changed' | 'side_changed', facts: Record<string, string>) =>
  ({ id: `c:${code}`, code, start: 0, end: 1, facts, correction: true }) as const;

const written = expectedSentences('dictation.wav')
  .map((s) => s.written)
  .join('');

describe('dictation screens', () => {
  let service: SampleService;
  let h: AppHarness;
  let dictation: DictationService;
  let overlayContext: BrowserContext | null = null;
  const overlayStates: (OverlayState | null)[] = [];
  let client: Parameters<typeof connectWithServerCredentials>[2];
  /** The hotkeys registered with the "OS" (globalShortcut's stand-in): pressing one calls its callback. */
  const registered = new Map<string, () => void>();

  beforeAll(async () => {
    ({ service, h, dictation, client } = await startDictationApp(registered, overlayStates));
  });
  afterAll(async () => {
    dictation?.dispose();
    await overlayContext?.close();
    await h?.close();
    await service?.close();
  });

  it('connects to the organization on the Connect screen', async () => {
    await connectWithServerCredentials(h.page, service.url, client);
  });

  it('the on-screen button dictates; the box fills as the words come; history keeps it', async () => {
    const { page } = h;
    await nav(page, 'Dictation').click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dictation', level: 1 }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Start dictation' }).click();
    const box = page.getByLabel('Dictated text');
    await expect.poll(() => box.inputValue()).not.toBe('');
    await page.screenshot({ path: `${SHOTS}/dictation-live.png` });
    await expect.poll(() => box.inputValue()).toBe(written);
    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await expect.poll(() => page.locator('#box-note').textContent()).toBe('Inserted into Epic Hyperspace.');
    await expect.poll(() => page.getByRole('button', { name: /^Insert again/ }).count()).toBe(1);
    // The audit trail says where the dictation went (the application, never the words).
    const auditText = async () => {
      const dir = path.dirname(h.policyFile);
      const files = (await readdir(dir)).filter((f) => f.startsWith('audit') && f.endsWith('.jsonl'));
      return (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))).join('');
    };
    await expect.poll(auditText).toContain('"kind":"dictation_inserted"');
    expect(await auditText()).toContain('"into":"Epic Hyperspace"');
    expect(await auditText()).not.toContain(written.split(' ').slice(0, 4).join(' '));
    expect(await unnamedFocusables(page, 'Dictation')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/dictation-box.png`, fullPage: true });
  });

  it('a refused command leaves the window showing the state main pushed after the refusal', async () => {
    const { page } = h;
    const [entry] = dictation.state().history;
    // The entry goes behind the window's back (no push), as another window or the retention sweep would.
    await dictation.history.remove(entry!.id);
    await page.getByRole('button', { name: /^Insert again/ }).click();
    await expect.poll(() => page.getByText('That dictation is no longer in the history.').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: /^Insert again/ }).count()).toBe(0);
    expect(dictation.state().history).toEqual([]);
    expect(await page.locator('#box-note').textContent()).toBe('Inserted into Epic Hyperspace.');
    expect(await page.getByLabel('Dictated text').inputValue()).toBe(dictation.state().box.text);
  });

  it('the overlay shows where the text went, with the last words', async () => {
    const browser = h.page.context().browser()!;
    overlayContext = await browser.newContext({ viewport: { width: 380, height: 104 } });
    const page = await overlayContext.newPage();
    // The overlay window only listens: a stand-in for its preload delivers the controller's real states.
    await page.addInitScript({
      content: `Object.defineProperty(window, 'scribe', { configurable: false, writable: false, value: {
        onDictationOverlay: (listener) => { window.__overlay = listener; return () => {}; },
        dictationUndo: async () => { window.__undone = (window.__undone ?? 0) + 1; return { ok: true, data: { accepted: true } }; },
      } });`,
    });
    await page.goto(`${h.server.origin}/index.html?view=overlay`);
    const show = (state: OverlayState) =>
      page.evaluate(
        (s) => (globalThis as unknown as { __overlay: (p: unknown) => void }).__overlay({ state: s }),
        state,
      );
    const last = overlayStates.filter((s): s is OverlayState => s !== null).at(-1)!;
    await page.waitForFunction(() => '__overlay' in globalThis);
    await show(last);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Inserted into Epic Hyperspace');
    await page.screenshot({ path: `${SHOTS}/dictation-overlay-inserted.png` });
    const listening = overlayStates.filter((s): s is OverlayState => s?.phase === 'listening').at(-1)!;
    await show({ ...listening, level: Math.max(listening.level, 0.6) });
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Listening — into Epic Hyperspace');
    await page.screenshot({ path: `${SHOTS}/dictation-overlay.png` });
    // Why text was copied instead: main sends a code and the application's name; the words are made here.
    // Inserted and still ours: Undo is offered (clicked, never focused); a changed dose is highlighted.
    expect(last.undoable).toBe(true);
    await show({ ...last, flagged: correctionFlag('dose_changed', { said: '50 mg', instead: '5 mg' }) });
    await expect
      .poll(() => page.getByTestId('overlay-flagged').textContent())
      .toBe('A correction changed the dose: 5 mg → 50 mg');
    await page.screenshot({ path: `${SHOTS}/dictation-overlay-undo-flagged.png` });
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as { __undone: number }).__undone)).toBe(1);
    expect(await page.getByRole('button', { name: 'Undo' }).getAttribute('tabindex')).toBe('-1');
    await show({
      ...last,
      undoable: false,
      phase: 'copied',
      message: { code: 'password_field', app: 'Epic Hyperspace' },
    });
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Copied instead');
    expect(await page.locator('.message').textContent()).toBe(
      'Not typed into a password field (Epic Hyperspace): copied to the clipboard instead.',
    );
    await page.screenshot({ path: `${SHOTS}/dictation-overlay-copied.png` });
    // The overlay never takes the keyboard: nothing in it is focusable.
    expect(await page.locator('button, input, select, textarea, a[href], [tabindex]').count()).toBe(0);
  });

  it('the box: Previous / Next field and the field hotkey select template blanks; undo takes the dictation back', async () => {
    const { page } = h;
    await nav(page, 'Dictation').click();
    const box = page.getByLabel('Dictated text');
    await box.fill('Pain *** out of 10. Side: [left/right]. Plan: ___');
    const selected = () =>
      box.evaluate((el) => {
        const t = el as unknown as TextArea;
        return t.value.slice(t.selectionStart, t.selectionEnd);
      });
    await box.evaluate((el) => (el as unknown as TextArea).setSelectionRange(0, 0));
    await page.getByRole('button', { name: 'Next field' }).click();
    expect(await selected()).toBe('***');
    await box.press('Control+F9'); // the next-field hotkey, while the box has the keyboard
    expect(await selected()).toBe('[left/right]');
    await page.getByRole('button', { name: 'Next field' }).click();
    expect(await selected()).toBe('___');
    await page.getByRole('button', { name: 'Next field' }).click();
    expect(await page.getByText('No template field left that way.').count()).toBe(1);
    expect(await selected()).toBe('___'); // nothing changed
    await page.getByRole('button', { name: 'Previous field' }).click();
    expect(await selected()).toBe('[left/right]');
    await box.press('Control+Shift+F9');
    expect(await selected()).toBe('***');
    // The app's OS shortcut takes the key before the window sees it: main sends it to the box shown.
    registered.get('Control+F9')!();
    await expect.poll(selected).toBe('[left/right]');
    registered.get('Control+Shift+F9')!();
    await expect.poll(selected).toBe('***');
    // The key with the focus on the box's buttons, not in its text: the box still moves (the key hook's
    // press leaves the move to the window).
    await page.getByRole('button', { name: 'Previous field' }).focus();
    await page.keyboard.press('Control+F9');
    await expect.poll(selected).toBe('[left/right]');
    await page.keyboard.press('Control+Shift+F9');
    await expect.poll(selected).toBe('***');
    await page.keyboard.type('3');
    expect(await box.inputValue()).toBe('Pain 3 out of 10. Side: [left/right]. Plan: ___');
    await page.screenshot({ path: `${SHOTS}/dictation-box-fields.png`, fullPage: true });
    // Undo: the last dictation is still all ours in the (fake) application: it is taken out.
    const undo = page.getByRole('button', { name: 'Undo last dictation' });
    expect(await undo.isEnabled()).toBe(dictation.state().undoable === true);
    if (dictation.state().undoable) {
      await undo.click();
      await expect
        .poll(() => page.locator('#box-note').textContent())
        .toBe('Last dictation removed from Epic Hyperspace.');
      await expect.poll(() => undo.isEnabled()).toBe(false);
    }
  });

  it('history: a dictation cut short is sent again from its kept audio; search finds entries', async () => {
    const { page } = h;
    const before = dictation.state().box.text; // the last dictation's text, until new words come
    await page.getByRole('button', { name: 'Start dictation' }).click();
    const streaming = service.service.control.streaming;
    await expect.poll(() => streaming.openSockets().length).toBe(1);
    // Cut once the first words came back, so the kept audio holds at least one whole sentence.
    await expect
      .poll(() => ['', before].includes(dictation.state().box.text), { timeout: 40_000 })
      .toBe(false);
    // The service cuts the dictation short; under load the session may have reconnected in between, so
    // the error goes to whatever socket is open until the dictation has failed.
    const resend = page.getByRole('button', { name: /^Send again the kept audio/ });
    await expect
      .poll(
        async () => {
          streaming.sendError({ code: 83005 }, { closeCode: 1008 });
          return resend.count();
        },
        { timeout: 40_000, interval: 500 },
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Stop dictation' }).waitFor({ state: 'detached' });
    await page.locator('#history-heading').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dictation-history-cut.png`, fullPage: true });
    await resend.click();
    await expect.poll(() => resend.count(), { timeout: 40_000 }).toBe(0);
    const [entry] = dictation.state().history;
    expect(entry).toMatchObject({ where: 'recovered', resendable: false });
    // What the recovered text holds is checked in test/integration/features/dictation/history-resend.test.ts.
    await dictation.history.add('Left knee effusion, no erythema.', 'copied', [
      correctionFlag('side_changed', { part: 'knee', said: 'left', instead: 'right' }),
    ]);
    dictation.publish();
    const search = page.getByLabel('Search the history');
    await search.fill('KNEE erythema');
    await expect.poll(() => page.getByRole('button', { name: /^Insert again/ }).count()).toBe(1);
    expect(await page.locator('.entry').first().textContent()).toContain('Left knee effusion');
    // A correction that changed the side is listed, highlighted, with its entry.
    expect(await page.locator('.history mark').first().textContent()).toBe(
      'A correction changed the side of the knee: right → left',
    );
    expect(await unnamedFocusables(page, 'Dictation')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/dictation-history-search.png`, fullPage: true });
    await search.fill('aspirin knee');
    await expect
      .poll(() => page.getByText('No dictation in the history has all those words.').count())
      .toBe(1);
    await search.fill('');
  });

  it('Settings → Dictation: a captured copy chord is refused with the reason; a free key is saved', async () => {
    const { page } = h;
    await nav(page, 'Settings').click();
    const field = page.getByRole('button', { name: 'Start / stop' });
    await field.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => field.textContent()).toContain('Press the new keys');
    await page.keyboard.press('Control+C');
    await expect
      .poll(() => page.locator('.refusal').textContent())
      .toMatch(/Ctrl\+C is kept for copy; choose another key\. Free keys: /);
    await page.locator('.refusal').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-dictation-refused.png`, fullPage: true });
    await field.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Alt+KeyD');
    await expect.poll(() => field.textContent()).toContain('Ctrl+Alt+D');
    expect(dictation.state().settings.toggleKey).toBe('Control+Alt+D');
    expect(await page.getByTestId('mic-status').textContent()).toBe(
      'Nuance PowerMic III: connected. Its buttons work in every application.',
    );
    await page.getByText('What the buttons do').click();
    await page.getByLabel('Tab forward').first().selectOption('none');
    await expect.poll(() => dictation.state().settings.micButtons.tabForward).toBe('none');
    expect(await unnamedFocusables(page, 'Settings')).toEqual([]);
    await page.locator('#dictation-settings-heading').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-dictation.png`, fullPage: true });
  });

  it('Settings → Dictation: the template blanks "next field" selects are chosen and saved', async () => {
    const { page } = h;
    await nav(page, 'Settings').click();
    const underscores = page.getByRole('checkbox', { name: 'Underscores _____' });
    expect(await underscores.isChecked()).toBe(true);
    await underscores.click();
    await expect.poll(() => dictation.state().settings.fieldMarkers).not.toContain('underscores');
    expect(dictation.state().settings.fieldMarkers).toContain('asterisks');
    await page.getByTestId('dictation-field-markers').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-dictation-field-markers.png` });
  });
});
