/**
 * The macOS desktop through a fake of its FFI layer (mac-api.ts): which events it posts and what it reads
 * from Accessibility. It has not run on a Mac here.
 */
import { describe, expect, it } from 'vitest';
import type { AxElement, MacApi } from '../../../native/macos/mac-api.ts';
import { FLAG, KEYCODE, MacDesktop, unicodeChunks } from '../../../native/macos/mac-desktop.ts';

class FakeMac implements MacApi {
  front: { pid: number; bundleId?: string } | undefined = { pid: 501, bundleId: 'com.epic.hyperdrive' };
  events: string[] = [];
  trusted = true;
  secure = false;
  element: AxElement | undefined = {
    role: 'AXTextArea',
    value: 'Plan: x',
    selection: { location: 6, length: 1 },
  };
  flags = 0;
  layout = new Map([['v', 47]]); // Dvorak puts "v" on the ANSI "." key
  frontmostApp = () => this.front;
  activateApp = (pid: number) => {
    this.front = { pid };
    return true;
  };
  axTrusted = () => this.trusted;
  focusedElement = () => this.element;
  selected: Array<[number, number, number]> = [];
  selectRange = (pid: number, location: number, length: number) => {
    this.selected.push([pid, location, length]);
    return this.trusted;
  };
  secureInputEnabled = () => this.secure;
  postKey = (keycode: number, down: boolean, flags: number) => {
    this.events.push(`key ${keycode} ${down ? 'down' : 'up'} ${flags.toString(16)}`);
  };
  postUnicode = (text: string, down: boolean) => {
    this.events.push(`text ${text} ${down ? 'down' : 'up'}`);
  };
  keycodeFor = (ch: string) => this.layout.get(ch);
  modifierFlags = () => this.flags;
}

describe('MacDesktop', () => {
  it('targets the frontmost application by pid and bundle id', async () => {
    expect(await new MacDesktop(new FakeMac()).activeWindow()).toEqual({
      id: '501',
      pid: 501,
      app: 'com.epic.hyperdrive',
    });
  });

  it('pastes with Cmd and the key that types "v" on the current layout', async () => {
    const api = new FakeMac();
    await new MacDesktop(api).sendPaste('ctrl-v');
    const cmd = FLAG.Command.toString(16);
    expect(api.events).toEqual([
      `key ${KEYCODE.Command} down ${cmd}`,
      `key 47 down ${cmd}`,
      `key 47 up ${cmd}`,
      `key ${KEYCODE.Command} up 0`,
    ]);
  });

  it('types Unicode strings of at most 20 UTF-16 units, never splitting a pair; Return as a key', async () => {
    expect(unicodeChunks('a'.repeat(19) + '😀b\nc')).toEqual(['a'.repeat(19), '😀b', '\n', 'c']);
    const api = new FakeMac();
    await new MacDesktop(api).typeText('°C\n', { paceMs: 0 });
    expect(api.events).toEqual([
      'text °C down',
      'text °C up',
      `key ${KEYCODE.Return} down 0`,
      `key ${KEYCODE.Return} up 0`,
    ]);
  });

  it('reads the field (text, selection) for text_field_context, and refuses a secure text field', async () => {
    const api = new FakeMac();
    const d = new MacDesktop(api);
    expect(await d.fieldFacts({ id: '501', pid: 501 })).toEqual({
      secureInput: false,
      password: false,
      context: { text: 'Plan: x', selectionStart: 6, selectionLength: 1 },
    });
    api.element = { role: 'AXTextField', subrole: 'AXSecureTextField', value: '••••' };
    expect(await d.fieldFacts({ id: '501', pid: 501 })).toEqual({ secureInput: false, password: true });
  });

  it('without the Accessibility grant nothing is read; Secure Input is reported', async () => {
    const api = new FakeMac();
    api.trusted = false;
    api.secure = true;
    expect(await new MacDesktop(api).fieldFacts({ id: '501', pid: 501 })).toEqual({ secureInput: true });
  });

  it('releases held modifiers and selects back with Shift+Left', async () => {
    const api = new FakeMac();
    api.flags = FLAG.Command | FLAG.Option;
    const d = new MacDesktop(api);
    await d.releaseModifiers();
    await d.pressKey('left', 2, { shift: true });
    const shift = FLAG.Shift.toString(16);
    expect(api.events).toEqual([
      `key ${KEYCODE.Command} up 0`,
      `key ${KEYCODE.Option} up 0`,
      `key ${KEYCODE.Shift} down ${shift}`,
      `key ${KEYCODE.Left} down ${shift}`,
      `key ${KEYCODE.Left} up ${shift}`,
      `key ${KEYCODE.Left} down ${shift}`,
      `key ${KEYCODE.Left} up ${shift}`,
      `key ${KEYCODE.Shift} up 0`,
    ]);
  });

  it('brings the target application back to the front', async () => {
    const api = new FakeMac();
    api.front = { pid: 777 };
    expect(await new MacDesktop(api).activate({ id: '501', pid: 501 })).toBe(true);
    expect(api.front?.pid).toBe(501);
  });
});
