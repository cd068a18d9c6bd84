import { describe, expect, it } from 'vitest';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { keyNames } from '../../../../native/key-hook.ts';
import { SyntheticInputGate } from '../../../../native/synthetic-input.ts';
import { parseChord } from '../../../../main/base/chords/chord.ts';
import {
  HotkeyDriver,
  type HotkeyChoice,
  type ShortcutRegistrar,
} from '../../../../main/features/dictation/hotkey-driver.ts';
import type { HotkeyAction } from '../../../../main/features/dictation/hotkey-types.ts';

class FakeShortcuts implements ShortcutRegistrar {
  readonly taken = new Set<string>();
  readonly registered = new Map<string, () => void>();
  register(accelerator: string, onPress: () => void): boolean {
    if (this.taken.has(accelerator)) return false;
    this.registered.set(accelerator, onPress);
    return true;
  }
  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }
  press(accelerator: string): void {
    this.registered.get(accelerator)?.();
  }
}

const choice: HotkeyChoice = {
  mode: 'hybrid',
  toggle: parseChord('F9'),
  hold: parseChord('Control+Super'),
  cancel: parseChord('Shift+F9'),
};

function setup(options: { taken?: string[]; block?: 'accessibility' } = {}) {
  const hook = new FakeKeyHook();
  if (options.block) hook.block = options.block;
  const shortcuts = new FakeShortcuts();
  for (const t of options.taken ?? []) shortcuts.taken.add(t);
  const actions: HotkeyAction[] = [];
  const errors: Error[] = [];
  const driver = new HotkeyDriver({
    hook,
    shortcuts,
    platform: 'linux',
    onAction: (a) => {
      if (a.type !== 'hold') actions.push(a);
    },
    onError: (e) => errors.push(e),
  });
  return { hook, shortcuts, actions, errors, driver, status: driver.configure(choice) };
}

describe('hotkey driver', () => {
  it('toggles through globalShortcut and registers cancel only while dictating', () => {
    const { shortcuts, actions, status } = setup();
    expect(status).toMatchObject({ hook: 'running', toggle: 'shortcut', toggleTaken: false });
    expect([...shortcuts.registered.keys()]).toEqual(['F9']);
    shortcuts.press('F9');
    expect(actions).toEqual([{ type: 'start', trigger: 'toggle' }]);
    expect([...shortcuts.registered.keys()]).toEqual(['F9', 'Shift+F9']);
    shortcuts.press('Shift+F9');
    expect(actions.at(-1)).toEqual({ type: 'cancel' });
    expect([...shortcuts.registered.keys()]).toEqual(['F9']);
  });

  it('a toggle chord another app holds is reported with alternatives, and the hook takes over', () => {
    const { hook, actions, status } = setup({ taken: ['F9'] });
    expect(status).toMatchObject({ toggle: 'hook', toggleTaken: true });
    expect(status.alternatives.length).toBeGreaterThan(0);
    expect(status.alternatives).not.toContain('F9');
    hook.tap('F9');
    expect(actions).toEqual([{ type: 'start', trigger: 'toggle' }]);
  });

  it('without Accessibility the hook stays off; toggle still works, hold modes are said unavailable', () => {
    const { shortcuts, actions, status, hook } = setup({ block: 'accessibility' });
    expect(status).toMatchObject({ hook: 'accessibility', toggle: 'shortcut', holdUnavailable: true });
    expect(hook.running).toBe(false);
    shortcuts.press('F9');
    expect(actions).toEqual([{ type: 'start', trigger: 'toggle' }]);
  });

  it('a consumer that throws does not break the hook or the machine', () => {
    const hook = new FakeKeyHook();
    const errors: Error[] = [];
    const seen: string[] = [];
    const driver = new HotkeyDriver({
      hook,
      shortcuts: null,
      platform: 'linux',
      onAction: (a) => {
        seen.push(a.type);
        throw new Error('boom');
      },
      onError: (e) => errors.push(e),
    });
    driver.configure({ ...choice, mode: 'push-to-talk' });
    hook.press('Control');
    hook.press('Super');
    expect(seen).toContain('start');
    expect(errors.length).toBeGreaterThan(0);
  });

  it('a hook listener that throws is reported, and the other listeners still run', () => {
    const hook = new FakeKeyHook();
    const errors: Error[] = [];
    const keys: string[] = [];
    hook.onError((e) => errors.push(e));
    hook.onKey(() => {
      throw new Error('listener failed');
    });
    hook.onKey((e) => keys.push(e.key));
    hook.start();
    expect(() => hook.tap('F9')).not.toThrow();
    expect(keys).toEqual(['F9', 'F9']);
    expect(errors).toHaveLength(2);
  });

  it('drops keys inside the synthetic-input window', async () => {
    let now = 0;
    const gate = new SyntheticInputGate(() => now, 40);
    const hook = new FakeKeyHook(gate);
    const keys: string[] = [];
    hook.onKey((e) => keys.push(e.key));
    hook.start();
    await gate.run(() => hook.tap('V'));
    now = 20;
    hook.tap('W');
    now = 100;
    hook.tap('X');
    expect(keys).toEqual(['X', 'X']);
  });

  it('a function key or Super inside the window still arrives (the inserter never sends them)', async () => {
    const gate = new SyntheticInputGate(() => 0, 40);
    const hook = new FakeKeyHook(gate);
    const keys: string[] = [];
    hook.onKey((e) => keys.push(e.key));
    hook.start();
    await gate.run(() => hook.tap('Control', 'V', 'F9', 'Super'));
    expect(keys).toEqual(['F9', 'Super', 'Super', 'F9']);
  });

  it('names uiohook keycodes as chords name keys', () => {
    const names = keyNames({ Ctrl: 29, CtrlRight: 3613, Meta: 3675, F9: 67, ArrowLeft: 57419, A: 30 });
    expect([...names.values()]).toEqual(['Control', 'Control', 'Super', 'F9', 'Left', 'A']);
  });
});

describe('synthetic input gate sources', () => {
  it('drops keys while the insertion engine says its keys are on their way', () => {
    const gate = new SyntheticInputGate(() => 1_000, 40);
    const hook = new FakeKeyHook(gate);
    const keys: string[] = [];
    hook.onKey((e) => keys.push(e.key));
    hook.start();
    let sending = true;
    const remove = gate.addSource(() => sending);
    hook.tap('A');
    sending = false;
    hook.tap('B');
    remove();
    expect(keys).toEqual(['B', 'B']);
  });
});

describe('hotkey driver: undo and template-field hotkeys', () => {
  const withPress: HotkeyChoice = {
    ...choice,
    undo: parseChord('Alt+Shift+F9'),
    nextField: parseChord('Control+F9'),
    previousField: parseChord('Control+Shift+F9'),
  };

  it('registers them with the OS; each press is one action, idle or dictating', () => {
    const { shortcuts, actions, driver } = setup();
    const status = driver.configure(withPress);
    expect(status.pressUnavailable).toEqual([]);
    expect([...shortcuts.registered.keys()]).toEqual([
      'F9',
      'Alt+Shift+F9',
      'Control+F9',
      'Control+Shift+F9',
    ]);
    shortcuts.press('Alt+Shift+F9');
    shortcuts.press('Control+F9');
    shortcuts.press('F9');
    shortcuts.press('Control+Shift+F9');
    expect(actions).toEqual([
      { type: 'press', command: 'undo', via: 'shortcut' },
      { type: 'press', command: 'next-field', via: 'shortcut' },
      { type: 'start', trigger: 'toggle' },
      { type: 'press', command: 'previous-field', via: 'shortcut' },
    ]);
  });

  it('taken by another app, the hook takes over; its keys are never counted as typing', () => {
    const { hook, shortcuts, actions, driver } = setup({ taken: ['Alt+Shift+F9'] });
    driver.configure(withPress);
    expect(shortcuts.registered.has('Alt+Shift+F9')).toBe(false);
    hook.tap('Alt', 'Shift', 'F9');
    expect(actions).toEqual([{ type: 'press', command: 'undo', via: 'hook' }]);
    // Registered with the OS, the hook still sees the keys: they are ours, not the person typing.
    hook.tap('Control', 'F9');
    expect(actions).toEqual([{ type: 'press', command: 'undo', via: 'hook' }]);
  });

  it('with neither the OS nor the hook, they are reported unavailable', () => {
    const { driver } = setup({ block: 'accessibility', taken: ['Control+F9'] });
    expect(driver.configure(withPress).pressUnavailable).toEqual(['next-field']);
  });
});
