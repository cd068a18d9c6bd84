/**
 * The visit state lives in main: the Visit screen shows what main pushed, nothing it decided itself. After
 * a Start that main refused, and after main closed the armed microphone by itself (left too long without
 * Start), what the renderer received and shows equals main's state. Screenshots of each state go to
 * test-artifacts/screenshots (visit-state-*.png) to compare the screen before and after a change.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisitState } from '../../preload/contract/index.ts';
import { ARM_TIMEOUT_MS } from '../../main/features/visit/armed-inputs.ts';
import { Failure } from '../../main/base/failure.ts';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

const PHASE_TEXT: Record<VisitState['phase'], string> = {
  idle: 'Ready',
  starting: 'Connecting to the service…',
  recording: 'Recording',
  paused: 'Paused — nothing is being sent',
  ending: 'Finishing the transcript…',
  ended: 'Visit ended',
  failed: 'Stopped',
};

/** Subscribes in the page to what main pushes, as the renderer does (through the same bridge). */
const LISTEN = `(() => {
  globalThis.__visitPushes = [];
  globalThis.scribe.onVisitState((s) => globalThis.__visitPushes.push(s));
})()`;

describe('the visit state, owned by main, in Chromium', () => {
  const { service, client } = servicePerFile();
  const h = appPerFile();
  let page: Page;
  beforeAll(() => {
    page = h.page;
  });

  const consent = () => page.getByLabel('The patient agreed to this visit being recorded and transcribed.');
  const main = () => h.app.visit.state;
  const lastPush = () =>
    page.evaluate(() => (globalThis as unknown as { __visitPushes: VisitState[] }).__visitPushes.at(-1));
  const shot = (name: string) =>
    page.screenshot({ path: `${SHOTS}/visit-state-${name}.png`, fullPage: true });

  /** The screen shows main's state: its phase, whether the microphone is on, and why it closed. */
  async function expectScreenShows(state: VisitState): Promise<void> {
    await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe(PHASE_TEXT[state.phase]);
    await expect.poll(() => page.getByTestId('mic-check').count()).toBe(state.armed ? 1 : 0);
    await expect.poll(() => page.getByTestId('mic-closed').count()).toBe(state.armExpired ? 1 : 0);
    const { elapsedMs: _pushed, ...pushed } = (await lastPush()) ?? main();
    const { elapsedMs: _now, ...now } = main();
    expect(pushed).toEqual(now);
  }

  it('shows the armed microphone, then main closing it by itself, as main says', async () => {
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Visit').click();
    await page.evaluate(LISTEN);
    await shot('setup');
    // The one timer main sets for the armed inputs, fired by hand instead of waiting two minutes.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await consent().check();
    await expect.poll(() => main().armed).toBe(true);
    const expiry = timers.mock.calls.find(([, ms]) => ms === ARM_TIMEOUT_MS)?.[0] as () => void;
    timers.mockRestore();
    await expectScreenShows(main());
    await shot('armed');

    expiry();
    await expect.poll(() => main()).toMatchObject({ armed: false, armExpired: true });
    expect(h.microphones.at(-1)!.stopped).toBe(true);
    await expectScreenShows(main());
    await shot('arm-expired');

    await page.getByRole('button', { name: 'Turn it on again' }).click();
    await expect.poll(() => main()).toMatchObject({ armed: true, armExpired: false });
    await expectScreenShows(main());
  });

  it('after a Start main refused, shows main’s state and the reason once', async () => {
    const app = h.app.visit;
    const start = app.start.bind(app);
    app.start = () => Promise.reject(new Failure('mic_unavailable'));
    await page.getByRole('button', { name: 'Start recording' }).click();
    const reason = page.getByText('The microphone could not be opened. Check that it is plugged in.');
    await expect.poll(() => reason.count()).toBe(1);
    app.start = start;
    expect(main()).toMatchObject({ phase: 'idle', armed: true });
    await expectScreenShows(main());
    await shot('start-refused');

    await consent().uncheck();
    await expect.poll(() => main().armed).toBe(false);
    await expectScreenShows(main());
    expect(h.microphones.every((m) => m.stopped)).toBe(true);
  });
});
