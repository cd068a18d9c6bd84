/**
 * The key hook on Windows for real: native/key-hook.ts over uiohook-napi's win32-x64 prebuild (a
 * WH_KEYBOARD_LL hook on its own thread), fed by XTest keys (xdotool on the lane's display) once a Wine
 * window has the X input focus — Wine turns them into Windows keyboard input, which the hook sees. The
 * hotkey driver reads them as it does in the app.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UiohookKeyHook, type KeyEvent } from '../../native/key-hook.ts';
import { SyntheticInputGate } from '../../native/synthetic-input.ts';
import { parseChord } from '../../main/base/chords/chord.ts';
import { HotkeyDriver } from '../../main/features/dictation/hotkey-driver.ts';
import type { HotkeyAction } from '../../main/features/dictation/hotkey-types.ts';
import { eventually, TargetProcess } from './support/target.ts';
import { xdotool } from './support/linux-side.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('uiohook on Windows, keys from XTest', () => {
  const gate = new SyntheticInputGate();
  const hook = new UiohookKeyHook({ gate });
  const events: KeyEvent[] = [];
  const actions: HotkeyAction[] = [];
  const errors: Error[] = [];
  let target: TargetProcess;
  let driver: HotkeyDriver;

  before(async () => {
    target = await TargetProcess.start();
    await target.open('edit');
    // No window manager: give the Wine window the X input focus by hand (Wine names its X windows' class
    // after the program; the helper's edit window is the only visible one).
    const id = (await xdotool('search', '--sync', '--onlyvisible', '--class', 'node.exe'))
      .trim()
      .split('\n')[0]!;
    await xdotool('windowfocus', '--sync', id);
    hook.onKey((e) => events.push(e));
    driver = new HotkeyDriver({
      hook,
      shortcuts: null,
      platform: 'win32',
      onAction: (action) => {
        if (action.type !== 'hold') actions.push(action);
      },
      onError: (error) => errors.push(error),
    });
    const status = driver.configure({
      mode: 'toggle',
      toggle: parseChord('F9'),
      hold: parseChord('Control+Alt'),
      cancel: parseChord('Shift+F9'),
    });
    assert.deepEqual({ hook: status.hook, toggle: status.toggle }, { hook: 'running', toggle: 'hook' });
    driver.setActive(false);
  });
  after(async () => {
    driver?.dispose();
    await target?.stop();
  });

  it('sees key-down and key-up of a chord, named as chords name them', async () => {
    await pause(300);
    events.length = 0;
    await xdotool('keydown', 'ctrl', 'keydown', 'alt', 'key', 'd', 'keyup', 'alt', 'keyup', 'ctrl');
    const seen = () => Promise.resolve(events.map((e) => `${e.type} ${e.key}`).join(', '));
    const want = 'down Control, down Alt, down D, up D, up Alt, up Control';
    assert.equal(await eventually(seen, want), want);
  });

  it('toggle: F9 starts and F9 again stops a dictation', async () => {
    actions.length = 0;
    await xdotool('key', 'F9');
    await pause(400);
    await xdotool('key', 'F9');
    const seen = () => Promise.resolve(JSON.stringify(actions));
    const want = JSON.stringify([{ type: 'start', trigger: 'toggle' }, { type: 'stop' }]);
    assert.equal(await eventually(seen, want), want);
    assert.deepEqual(errors, []);
  });
});
