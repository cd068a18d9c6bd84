import { describe, expect, it } from 'vitest';
import {
  placeOf,
  routeFieldKey,
  type FieldKeyContext,
} from '../../../../main/features/dictation/field-key-route.ts';
import { FieldKeys } from '../../../../main/features/dictation/dictation-hotkeys.ts';
import type { BoxButton, FieldButton } from '../../../../preload/contract/index.ts';

const box: FieldKeyContext = { via: 'shortcut', ownWindowFocused: true, boxShown: true, dictating: false };

describe('where a next / previous field hotkey or a microphone’s field button goes', () => {
  it('taken by the OS, or a microphone button, while our window shows the box: to the box', () => {
    expect(routeFieldKey(box)).toBe('box');
    expect(routeFieldKey({ ...box, via: 'mic' })).toBe('box');
  });

  it('seen by the key hook there: nowhere more (the box had the key and moved itself)', () => {
    expect(routeFieldKey({ ...box, via: 'hook' })).toBe('none');
  });

  it('another application focused, the box not shown, or a dictation running: the focused field', () => {
    for (const via of ['shortcut', 'hook', 'mic'] as const) {
      expect(routeFieldKey({ ...box, via, ownWindowFocused: false })).toBe('field');
      expect(routeFieldKey({ ...box, via, boxShown: false })).toBe('field');
      expect(routeFieldKey({ ...box, via, dictating: true })).toBe('field');
    }
  });

  it('the microphone’s map is the box’s only while our window has the keyboard and shows the box', () => {
    expect(placeOf(box)).toBe('box');
    expect(placeOf({ ...box, ownWindowFocused: false })).toBe('app');
    expect(placeOf({ ...box, boxShown: false })).toBe('app');
  });
});

describe('FieldKeys: a microphone’s field buttons', () => {
  function setup(focused: { own: boolean }) {
    const inField: FieldButton[] = [];
    const inBox: BoxButton[] = [];
    const controller = { active: false, fieldButton: async (kind: FieldButton) => void inField.push(kind) };
    const keys = new FieldKeys(controller, {
      ownWindowFocused: () => focused.own,
      onBoxField: (kind) => void inBox.push(kind),
    });
    return { keys, controller, inField, inBox };
  }

  it('accept defaults goes to the box the window shows, or to the focused field elsewhere and while dictating', async () => {
    const focused = { own: true };
    const t = setup(focused);
    await t.keys.press('accept_defaults', 'mic');
    expect(t.keys.place).toBe('app'); // the box is not shown yet: our window's own field
    t.keys.setBoxShown(true);
    expect(t.keys.place).toBe('box');
    await t.keys.press('accept_defaults', 'mic');
    await t.keys.press('next_field', 'mic');
    t.controller.active = true; // dictating into the box: between the words said and the next
    await t.keys.press('accept_defaults', 'mic');
    t.controller.active = false;
    focused.own = false;
    expect(t.keys.place).toBe('app');
    await t.keys.press('previous_field', 'mic');
    expect(t.inBox).toEqual(['accept_defaults', 'next_field']);
    expect(t.inField).toEqual(['accept_defaults', 'accept_defaults', 'previous_field']);
  });

  it('Transcribe: the box the window shows sends the text it shows; elsewhere, and while dictating, main’s', async () => {
    const focused = { own: true };
    const t = setup(focused);
    const fromMain: string[] = [];
    const main = async () => void fromMain.push('main');
    t.keys.setBoxShown(true);
    await t.keys.transfer(main);
    t.controller.active = true;
    await t.keys.transfer(main);
    t.controller.active = false;
    focused.own = false;
    await t.keys.transfer(main);
    expect(t.inBox).toEqual(['transfer']);
    expect(fromMain).toEqual(['main', 'main']);
  });

  it('without a window to tell (the CLI), the box is never the place', () => {
    const keys = new FieldKeys(
      { active: false, fieldButton: async () => undefined },
      { ownWindowFocused: () => true },
    );
    keys.setBoxShown(true);
    expect(keys.place).toBe('app');
  });
});
