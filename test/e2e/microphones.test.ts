/**
 * One truth about the microphones on Settings and the Visit screen: with two inputs and the second the
 * system's default (as after `pactl set-default-source` on it), both screens show "System default" naming
 * that input, the default marked in the list, and the visit opens whatever the OS default is; a chosen input
 * shows on both; with no input at all both screens say so, and so does Connect's microphone check, for the
 * sample visit too (not the bundled recording counted as "1 input found").
 */
import { describe, expect, it } from 'vitest';
import type { AudioDevice } from '../../preload/contract/index.ts';
import type { AudioInputs } from '../../main/core/audio/ports.ts';
import type { AudioFrame, AudioSource } from '../../main/core/audio/audio-source.ts';
import { connectWithServerCredentials, nav, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

const TWO: AudioDevice[] = [
  { id: 'Built-in Audio Analog Stereo', label: 'Built-in Audio Analog Stereo', isDefault: false },
  { id: 'USB Headset Mono', label: 'USB Headset Mono', isDefault: true },
];

/** The machine's inputs as the test sets them; every open is recorded by the id asked for. */
function machineInputs(): AudioInputs & { devices: AudioDevice[]; opened: string[] } {
  const inputs = {
    devices: TWO,
    opened: [] as string[],
    list: async () => inputs.devices,
    open: (deviceId: string): AudioSource => {
      inputs.opened.push(deviceId);
      let stopped = false;
      return {
        info: { kind: 'fake', label: 'quiet' },
        async *frames(): AsyncIterable<AudioFrame> {
          while (!stopped) {
            await new Promise((resolve) => setTimeout(resolve, 100)); // a microphone's 100 ms of quiet
            if (!stopped) yield { samples: new Int16Array(1_600) };
          }
        },
        stop: async () => void (stopped = true),
      };
    },
  };
  return inputs;
}

describe('the microphones on Settings and the Visit screen', () => {
  const { service, client } = servicePerFile();
  const inputs = machineInputs();
  const h = appPerFile({ audio: inputs });
  const selected = (id: string) => h.page.locator(`#${id} option:checked`).textContent();

  it('shows the system default on both screens, naming the default input, marked in the list', async () => {
    const { page } = h;
    await connectWithServerCredentials(page, service.url, client);
    await nav(page, 'Settings').click();
    await expect.poll(() => selected('settings-mic')).toBe('System default (USB Headset Mono)');
    expect(await page.locator('#settings-mic option').allTextContents()).toEqual([
      'System default (USB Headset Mono)',
      'Built-in Audio Analog Stereo',
      'USB Headset Mono (default)',
    ]);
    await nav(page, 'Visit').click();
    await expect.poll(() => selected('mic-clinician')).toBe('System default (USB Headset Mono)');
    await page.screenshot({ path: `${SHOTS}/microphones-visit.png`, fullPage: true });
    // Ticking the consent opens the input for the pre-roll: the system default, as the OS has it now.
    await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').check();
    await expect.poll(() => inputs.opened).toEqual(['']);
    await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').uncheck();
  });

  it('shows an input chosen in Settings on the Visit screen too', async () => {
    const { page } = h;
    await nav(page, 'Settings').click();
    await expect.poll(() => selected('settings-mic')).toContain('System default');
    await page.locator('#settings-mic').selectOption('Built-in Audio Analog Stereo');
    await expect.poll(() => page.getByTestId('settings-saved').textContent()).not.toBe('');
    await nav(page, 'Visit').click();
    await expect.poll(() => selected('mic-clinician')).toBe('Built-in Audio Analog Stereo');
    await nav(page, 'Settings').click();
    await page.locator('#settings-mic').selectOption('');
    await expect.poll(() => h.app.settings.get().then((s) => s.clinicianDeviceId)).toBeNull();
  });

  it('says so when there is no microphone, on both screens and in the sample’s checks', async () => {
    const { page } = h;
    inputs.devices = [];
    const none = 'No microphone found. Plug one in, or check the computer’s sound settings.';
    await nav(page, 'Visit').click();
    await nav(page, 'Settings').click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: none }).count()).toBe(1);
    await nav(page, 'Visit').click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: none }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/microphones-none.png`, fullPage: true });
    await nav(page, 'Connect').click();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Start the sample visit' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Visit');
    await nav(page, 'Connect').click();
    await expect.poll(() => page.getByTestId('connection-summary').textContent()).toContain('Sample visit');
    await expect
      .poll(() => page.locator('body').textContent())
      .toContain('No microphone found. Plug one in to record visits.');
    expect(await page.locator('body').textContent()).not.toContain('1 input found');
  });
});
