import { describe, expect, it } from 'vitest';
import { parseChord } from '../../../../main/base/chords/chord.ts';
import { HotkeyMachine } from '../../../../main/features/dictation/hotkey-machine.ts';
import type {
  HotkeyAction,
  HotkeyBindings,
  HotkeyInput,
  HotkeyMode,
} from '../../../../main/features/dictation/hotkey-types.ts';
import type { ModifierSnapshot } from '../../../../main/base/chords/chord.ts';

function bindings(mode: HotkeyMode, toggleViaHook = false): HotkeyBindings {
  return {
    mode,
    toggle: parseChord('F9'),
    hold: parseChord('Control+Super'),
    cancel: parseChord('Shift+F9'),
    toggleViaHook,
  };
}

/** Runs a script like "0 down Control; 5 down Super; 900 up Super" and returns the non-hold actions. */
function run(machine: HotkeyMachine, script: string, withHold = false): HotkeyAction[] {
  const actions: HotkeyAction[] = [];
  for (const step of script
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [time, verb, key] = step.split(/\s+/) as [string, string, string | undefined];
    const t = Number(time);
    // Deliver a tick whenever a deadline has passed before this step, like the driver's timer would.
    const deadline = machine.nextDeadline;
    if (deadline !== null && deadline <= t) actions.push(...machine.handle({ type: 'tick', time: deadline }));
    actions.push(...machine.handle(toInput(verb, key, t)));
  }
  const deadline = machine.nextDeadline;
  if (deadline !== null) actions.push(...machine.handle({ type: 'tick', time: deadline }));
  return withHold ? actions : actions.filter((a) => a.type !== 'hold');
}

function toInput(verb: string, key: string | undefined, time: number): HotkeyInput {
  switch (verb) {
    case 'down':
    case 'up':
      return { type: verb === 'down' ? 'key-down' : 'key-up', key: key!, time };
    case 'toggle':
    case 'cancel':
      return { type: 'shortcut', action: verb, time };
    default:
      throw new Error(`bad verb ${verb}`);
  }
}

const start = (trigger: 'toggle' | 'hold') => ({ type: 'start', trigger });

describe('toggle mode', () => {
  it('starts on one press and stops on the next', () => {
    const m = new HotkeyMachine(bindings('toggle'));
    expect(run(m, '0 toggle; 2000 toggle')).toEqual([start('toggle'), { type: 'stop' }]);
  });

  it('ignores a second press within the refractory window (bounce, globalShortcut auto-repeat)', () => {
    const m = new HotkeyMachine(bindings('toggle'));
    expect(run(m, '0 toggle; 30 toggle; 60 toggle; 500 toggle')).toEqual([start('toggle'), { type: 'stop' }]);
  });

  it('through the hook: key-down toggles, auto-repeat does not', () => {
    const m = new HotkeyMachine(bindings('toggle', true));
    expect(run(m, '0 down F9; 500 down F9; 530 down F9; 560 up F9; 3000 down F9; 3080 up F9')).toEqual([
      start('toggle'),
      { type: 'stop' },
    ]);
  });

  it('the hold chord does nothing in toggle mode', () => {
    const m = new HotkeyMachine(bindings('toggle'));
    expect(run(m, '0 down Control; 5 down Super; 900 up Super; 905 up Control')).toEqual([]);
  });
});

describe('push-to-talk', () => {
  it('starts when the modifier-only chord is complete and stops on release', () => {
    const m = new HotkeyMachine(bindings('push-to-talk'));
    expect(run(m, '0 down Control; 20 down Super; 3000 up Super; 3010 up Control')).toEqual([
      start('hold'),
      { type: 'stop' },
    ]);
  });

  it('a release and re-press within the bounce window does not stop and restart', () => {
    const m = new HotkeyMachine(bindings('push-to-talk'));
    const actions = run(m, '0 down Control; 20 down Super; 1000 up Super; 1015 down Super; 4000 up Super');
    expect(actions).toEqual([start('hold'), { type: 'stop' }]);
  });

  it('reports the chord held and released, so insertion waits', () => {
    const m = new HotkeyMachine(bindings('push-to-talk'));
    const actions = run(m, '0 down Control; 20 down Super; 1000 up Super; 1010 up Control', true);
    expect(actions).toEqual([
      { type: 'hold', held: true },
      start('hold'),
      { type: 'hold', held: false },
      { type: 'stop' },
    ]);
  });

  it('does not start when more modifiers than the chord are down', () => {
    const m = new HotkeyMachine(bindings('push-to-talk'));
    expect(run(m, '0 down Shift; 5 down Control; 10 down Super; 900 up Super')).toEqual([]);
  });

  it('cancels when the chord turns into another shortcut a moment later (Ctrl+Super+Left)', () => {
    const m = new HotkeyMachine(bindings('push-to-talk'));
    const actions = run(
      m,
      '0 down Control; 10 down Super; 80 down Left; 120 up Left; 200 up Super; 210 up Control',
    );
    expect(actions).toEqual([start('hold'), { type: 'cancel' }]);
  });

  it('a key typed with no dictation running is still reported (the last dictation is no longer all ours)', () => {
    const m = new HotkeyMachine(bindings('toggle'));
    expect(run(m, '0 down A; 50 up A')).toEqual([{ type: 'typed' }]);
  });

  it('a key pressed well after the start counts as typing, not a cancel', () => {
    const m = new HotkeyMachine(bindings('push-to-talk'));
    const actions = run(m, '0 down Control; 10 down Super; 2000 down A; 2050 up A; 3000 up Super');
    expect(actions).toEqual([start('hold'), { type: 'typed' }, { type: 'stop' }]);
  });

  it('a modifier release lost while focus moved is recovered from the next event flags', () => {
    const m = new HotkeyMachine(bindings('push-to-talk'));
    const none: ModifierSnapshot = { Control: false, Alt: false, Shift: false, Super: false };
    const actions: HotkeyAction[] = [
      ...m.handle({ type: 'key-down', key: 'Control', time: 0 }),
      ...m.handle({ type: 'key-down', key: 'Super', time: 10 }),
      // The key-ups went to a secure desktop; the next key the hook sees says no modifier is down.
      ...m.handle({ type: 'key-down', key: 'A', time: 5000, modifiers: none }),
      ...m.handle({ type: 'key-up', key: 'A', time: 5010, modifiers: none }),
    ].filter((a) => a.type !== 'hold');
    const deadline = m.nextDeadline!;
    actions.push(...m.handle({ type: 'tick', time: deadline }));
    expect(actions).toEqual([start('hold'), { type: 'typed' }, { type: 'stop' }]);
    // And the chord works again afterwards.
    expect(run(m, '9000 down Control; 9010 down Super; 9900 up Super; 9905 up Control')).toEqual([
      start('hold'),
      { type: 'stop' },
    ]);
  });

  it('a main key whose release was lost is released when it is pressed again long after', () => {
    const m = new HotkeyMachine({ ...bindings('push-to-talk'), hold: parseChord('F10') });
    // F10 held (repeats), its key-up lost; the next press long after starts afresh.
    const actions = run(m, '0 down F10; 600 down F10; 630 down F10; 9000 down F10; 9800 up F10');
    expect(actions).toEqual([start('hold'), { type: 'stop' }, start('hold'), { type: 'stop' }]);
  });

  it('cancel discards and the release afterwards does nothing', () => {
    const m = new HotkeyMachine({ ...bindings('push-to-talk'), cancel: parseChord('Control+Super+F9') });
    const actions = run(
      m,
      '0 down Control; 10 down Super; 1000 down F9; 1010 up F9; 1500 up Super; 1510 up Control',
    );
    expect(actions).toEqual([start('hold'), { type: 'cancel' }]);
  });
});

describe('hybrid', () => {
  it('a short tap toggles on, the next tap toggles off', () => {
    const m = new HotkeyMachine(bindings('hybrid'));
    const actions = run(
      m,
      '0 down Control; 10 down Super; 150 up Super; 160 up Control; 5000 down Control; 5010 down Super; 5100 up Super; 5110 up Control',
    );
    expect(actions).toEqual([start('hold'), { type: 'stop' }]);
    expect(m.active).toBe(false);
  });

  it('stays on after a tap until the next tap', () => {
    const m = new HotkeyMachine(bindings('hybrid'));
    run(m, '0 down Control; 10 down Super; 150 up Super; 160 up Control');
    expect(m.active).toBe(true);
  });

  it('a long press is push-to-talk: release stops', () => {
    const m = new HotkeyMachine(bindings('hybrid'));
    const actions = run(m, '0 down Control; 10 down Super; 2500 up Super; 2510 up Control');
    expect(actions).toEqual([start('hold'), { type: 'stop' }]);
  });

  it('a bouncing tap is still one tap', () => {
    const m = new HotkeyMachine(bindings('hybrid'));
    const actions = run(
      m,
      '0 down Control; 10 down Super; 100 up Super; 112 down Super; 200 up Super; 210 up Control',
    );
    expect(actions).toEqual([start('hold')]);
    expect(m.active).toBe(true);
  });

  it('the toggle shortcut also stops a tapped dictation; cancel shortcut discards', () => {
    const m = new HotkeyMachine(bindings('hybrid'));
    expect(run(m, '0 down Control; 10 down Super; 100 up Super; 110 up Control; 3000 toggle')).toEqual([
      start('hold'),
      { type: 'stop' },
    ]);
    expect(run(m, '6000 toggle; 8000 cancel; 9000 cancel')).toEqual([start('toggle'), { type: 'cancel' }]);
  });
});

describe('external changes', () => {
  it('a dictation stopped from the screen makes the next toggle start again', () => {
    const m = new HotkeyMachine(bindings('toggle'));
    run(m, '0 toggle');
    m.handle({ type: 'external', active: false, time: 1000 });
    expect(run(m, '2000 toggle')).toEqual([start('toggle')]);
  });
});
