/**
 * Real keys through the real hook: xdotool presses keys on the Xvfb display (test/with-real-parts.sh),
 * uiohook-napi sees them, the driver runs the state machine. Toggle goes through the hook here (there is
 * no globalShortcut without Electron), as it does when another application holds the toggle chord.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UiohookKeyHook } from '../../../../native/key-hook.ts';
import { SyntheticInputGate } from '../../../../native/synthetic-input.ts';
import { parseChord } from '../../../../main/base/chords/chord.ts';
import { HotkeyDriver } from '../../../../main/features/dictation/hotkey-driver.ts';
import type { HotkeyAction, HotkeyMode } from '../../../../main/features/dictation/hotkey-types.ts';

const run = promisify(execFile);
/** xdotool with its own per-key delay (12 ms is reliable here; 2 ms dropped keys). */
const xdotool = (...args: string[]) => run('xdotool', args);
/** Human-scale pauses between key presses: what is tested is how the machine reads them. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.REAL_DISPLAY)('hotkeys pressed with xdotool reach the uiohook facade', () => {
  const gate = new SyntheticInputGate();
  const hook = new UiohookKeyHook({ gate });
  const actions: HotkeyAction[] = [];
  const errors: Error[] = [];
  let driver: HotkeyDriver;

  beforeAll(() => {
    driver = new HotkeyDriver({
      hook,
      shortcuts: null,
      platform: 'linux',
      onAction: (action) => {
        if (action.type !== 'hold') actions.push(action);
      },
      onError: (error) => errors.push(error),
    });
  });
  afterAll(() => driver.dispose());

  function use(mode: HotkeyMode): void {
    actions.length = 0;
    const status = driver.configure({
      mode,
      toggle: parseChord('F9'),
      hold: parseChord('Control+Super'),
      cancel: parseChord('Shift+F9'),
    });
    expect(status).toMatchObject({ hook: 'running', toggle: 'hook' });
    driver.setActive(false);
  }

  const started = (trigger: 'toggle' | 'hold') => ({ type: 'start', trigger });

  it('toggle: F9 starts, F9 again stops', async () => {
    use('toggle');
    await xdotool('key', 'F9');
    await vi.waitFor(() => expect(actions).toEqual([started('toggle')]));
    await pause(350); // a person's second press, past the toggle refractory window
    await xdotool('key', 'F9');
    await vi.waitFor(() => expect(actions).toEqual([started('toggle'), { type: 'stop' }]));
  });

  it('push-to-talk: Ctrl+Super held starts, release stops', async () => {
    use('push-to-talk');
    await xdotool('keydown', 'ctrl', 'keydown', 'super');
    await vi.waitFor(() => expect(actions).toEqual([started('hold')]));
    await xdotool('keyup', 'super', 'keyup', 'ctrl');
    await vi.waitFor(() => expect(actions).toEqual([started('hold'), { type: 'stop' }]));
  });

  it('hybrid: a tap toggles on, a second tap off; a long press is push-to-talk', async () => {
    use('hybrid');
    await xdotool('key', 'ctrl+super');
    await vi.waitFor(() => expect(actions).toEqual([started('hold')]));
    await pause(150); // a person's second tap; two within the 40 ms bounce window are one
    await xdotool('key', 'ctrl+super');
    await vi.waitFor(() => expect(actions).toEqual([started('hold'), { type: 'stop' }]));
    actions.length = 0;
    await xdotool('keydown', 'ctrl', 'keydown', 'super');
    await vi.waitFor(() => expect(actions).toEqual([started('hold')]));
    await pause(600); // a long press is what is being tested
    await xdotool('keyup', 'super', 'keyup', 'ctrl');
    await vi.waitFor(() => expect(actions).toEqual([started('hold'), { type: 'stop' }]));
  });

  it('cancel: Shift+F9 while dictating discards', async () => {
    use('toggle');
    await xdotool('key', 'F9');
    await vi.waitFor(() => expect(actions).toEqual([started('toggle')]));
    await xdotool('key', 'shift+F9');
    await vi.waitFor(() => expect(actions).toEqual([started('toggle'), { type: 'cancel' }]));
  });

  it('typing while dictating is reported; our own injected keys (text, paste chord, selection) are not', async () => {
    use('toggle');
    await pause(350); // past the refractory window of the last F9
    await xdotool('key', 'F9');
    await vi.waitFor(() => expect(actions).toEqual([started('toggle')]));
    await gate.run(() => xdotool('key', 'a', 'ctrl+v', 'shift+Left', 'BackSpace'));
    await pause(150); // the person types after our injection, past its short tail
    await xdotool('key', 'b');
    await vi.waitFor(() => expect(actions).toEqual([started('toggle'), { type: 'typed' }]));
    expect(errors).toEqual([]);
  });
});
