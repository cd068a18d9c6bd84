/**
 * The Windows desktop through a fake of its FFI layer (win32-api.ts): which Win32 calls it makes and
 * which INPUT records it sends. It has not run on Windows here.
 */
import { describe, expect, it } from 'vitest';
import { KEYEVENTF } from '../../../native/win32/win32-api.ts';
import { FakeWin32 } from '../../../native/win32/win32-api.fake.ts';
import { VK, Win32Desktop } from '../../../native/win32/win32-desktop.ts';

const UNI = KEYEVENTF.UNICODE;
const UP = KEYEVENTF.KEYUP;

describe('Win32Desktop', () => {
  it('names the foreground window by HWND, pid and process image (never its title)', async () => {
    const d = new Win32Desktop(new FakeWin32());
    expect(await d.activeWindow()).toEqual({ id: String(0x100n), pid: 42, app: 'ehr.exe' });
  });

  it('types Unicode keystrokes in one SendInput, a surrogate pair as its two units, Return as a key', async () => {
    const api = new FakeWin32();
    await new Win32Desktop(api).typeText('µ😀\n', { paceMs: 0 });
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.slice(0, 6)).toEqual([
      { vk: 0, scan: 0xb5, flags: UNI },
      { vk: 0, scan: 0xb5, flags: UNI | UP },
      { vk: 0, scan: 0xd83d, flags: UNI },
      { vk: 0, scan: 0xde00, flags: UNI },
      { vk: 0, scan: 0xd83d, flags: UNI | UP },
      { vk: 0, scan: 0xde00, flags: UNI | UP },
    ]);
    expect(api.sent[0]!.slice(6).map((i) => [i.vk, i.flags & UP])).toEqual([
      [VK.RETURN, 0],
      [VK.RETURN, UP],
    ]);
  });

  it('splits a long run into SendInput calls of 32 characters, never inside a surrogate pair', async () => {
    const api = new FakeWin32();
    await new Win32Desktop(api).typeText('a'.repeat(31) + '😀' + 'b', { paceMs: 0 });
    expect(api.sent.map((call) => call.length)).toEqual([31 * 2 + 4, 2]);
    expect(api.sent[1]![0]).toEqual({ vk: 0, scan: 0x62, flags: UNI });
  });

  it('with Citrix pacing, one SendInput per character (a pause after each)', async () => {
    const api = new FakeWin32();
    await new Win32Desktop(api).typeText('ab😀', { paceMs: 1 });
    expect(api.sent.map((call) => call.map((i) => i.scan))).toEqual([
      [0x61, 0x61],
      [0x62, 0x62],
      [0xd83d, 0xde00, 0xd83d, 0xde00],
    ]);
  });

  it('scancode typing uses the local layout with Shift, and Unicode for a character it lacks', async () => {
    const api = new FakeWin32();
    await new Win32Desktop(api).typeText('A°', { paceMs: 0, scancode: true });
    const SC = KEYEVENTF.SCANCODE;
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.slice(0, 4)).toEqual([
      { vk: 0, scan: 0x2a, flags: SC },
      { vk: 0, scan: 0x1e, flags: SC },
      { vk: 0, scan: 0x1e, flags: SC | UP },
      { vk: 0, scan: 0x2a, flags: SC | UP },
    ]);
    expect(api.sent[0]![4]).toEqual({ vk: 0, scan: 0xb0, flags: UNI });
  });

  it('pastes with virtual keys: Ctrl down, V, Ctrl up; terminals Ctrl+Shift+V', async () => {
    const api = new FakeWin32();
    const d = new Win32Desktop(api);
    await d.sendPaste('ctrl-v');
    await d.sendPaste('ctrl-shift-v');
    expect(api.sent[0]!.map((i) => [i.vk, i.flags & UP])).toEqual([
      [VK.CONTROL, 0],
      [VK.V, 0],
      [VK.V, UP],
      [VK.CONTROL, UP],
    ]);
    expect(api.sent[1]!.map((i) => i.vk)).toEqual([VK.CONTROL, VK.SHIFT, VK.V, VK.V, VK.SHIFT, VK.CONTROL]);
  });

  it('releases only the modifiers the person still holds', async () => {
    const api = new FakeWin32();
    api.held.add(0xa2); // left Ctrl
    await new Win32Desktop(api).releaseModifiers();
    expect(api.sent).toEqual([[{ vk: 0xa2, scan: 0, flags: UP }]]);
  });

  it('selects back with Shift+Left (extended key) for a correction', async () => {
    const api = new FakeWin32();
    await new Win32Desktop(api).pressKey('left', 2, { shift: true });
    expect(api.sent[0]!.map((i) => i.vk)).toEqual([VK.SHIFT, VK.LEFT, VK.LEFT, VK.LEFT, VK.LEFT, VK.SHIFT]);
    expect(api.sent[0]![1]!.flags & KEYEVENTF.EXTENDEDKEY).toBe(KEYEVENTF.EXTENDEDKEY);
  });

  it('a higher-integrity target is elevated; one whose token cannot be read is treated as such', async () => {
    const api = new FakeWin32();
    const d = new Win32Desktop(api);
    const target = { id: String(0x100n), pid: 42 };
    api.integrity.set(42, 0x3000);
    expect((await d.fieldFacts(target)).elevated).toBe(true);
    api.integrity.set(42, 0x2000);
    expect((await d.fieldFacts(target)).elevated).toBe(false);
    api.integrity.delete(42);
    expect((await d.fieldFacts(target)).elevated).toBe(true);
  });

  it('our own integrity level, unread, counts as medium and is read again at the next field', async () => {
    const api = new FakeWin32();
    const d = new Win32Desktop(api);
    const target = { id: String(0x100n), pid: 42 };
    api.integrity.delete('self');
    api.integrity.set(42, 0x3000);
    expect((await d.fieldFacts(target)).elevated).toBe(true);
    api.integrity.set(42, 0x2000);
    expect((await d.fieldFacts(target)).elevated).toBe(false);
    // Read now as high (an elevated app): the same target above medium is ours to type into.
    api.integrity.set('self', 0x3000);
    api.integrity.set(42, 0x3000);
    expect((await d.fieldFacts(target)).elevated).toBe(false);
  });

  it('an Edit control with ES_PASSWORD is a password field; other toolkits are unknown', async () => {
    const api = new FakeWin32();
    const d = new Win32Desktop(api);
    api.integrity.set(42, 0x2000);
    api.styles.set(0x200n, 0x20);
    expect(await d.fieldFacts({ id: String(0x100n), pid: 42 })).toMatchObject({ password: true });
    api.classNames.delete(0x200n);
    expect(await d.fieldFacts({ id: String(0x100n), pid: 42 })).not.toHaveProperty('password');
  });

  it('an Edit or RichEdit control says whether it takes lines (ES_MULTILINE); other toolkits are unknown', async () => {
    const api = new FakeWin32();
    const d = new Win32Desktop(api);
    const target = { id: String(0x100n), pid: 42 };
    api.integrity.set(42, 0x2000);
    expect(await d.fieldFacts(target)).toMatchObject({ multiLine: false });
    api.styles.set(0x200n, 0x4);
    expect(await d.fieldFacts(target)).toMatchObject({ multiLine: true });
    api.classNames.set(0x200n, 'RICHEDIT50W');
    expect(await d.fieldFacts(target)).toMatchObject({ multiLine: true });
    api.classNames.set(0x200n, 'Chrome_RenderWidgetHostHWND');
    expect(await d.fieldFacts(target)).not.toHaveProperty('multiLine');
  });

  it('restores focus by attaching to the foreground thread, then detaching', async () => {
    const api = new FakeWin32();
    api.foreground = 0x300n;
    expect(await new Win32Desktop(api).activate({ id: String(0x100n) })).toBe(true);
    expect(api.calls).toEqual(['attach 99->22 true', `foreground ${0x100n}`, 'attach 99->22 false']);
  });

  it('SendInput blocked (UIPI) is an error, so the engine copies instead', async () => {
    const api = new FakeWin32();
    api.blocked = true;
    await expect(new Win32Desktop(api).typeText('a', { paceMs: 0 })).rejects.toThrow(/blocked/);
  });

  describe('reading and selecting in a classic Edit control', () => {
    it('reads a given control only while it has focus (the read-back after a write)', async () => {
      const api = new FakeWin32();
      const desktop = new Win32Desktop(api);
      const target = (await desktop.activeWindow())!;
      const { control } = await desktop.fieldFacts(target);
      expect(control).toBe(String(0x200n));
      expect((await desktop.readField(target, control))?.text).toBe('Plan:\n*** and [ ]');
      api.focusedControl = () => 0x201n; // the person clicked into the window's next field
      api.classNames.set(0x201n, 'Edit');
      expect(await desktop.readField(target, control)).toBeUndefined();
      expect((await desktop.readField(target))?.text).toBe('Plan:\n*** and [ ]');
    });

    it('leaves the text out of the facts when the caller needs none (no round trip to the other process)', async () => {
      const api = new FakeWin32();
      api.integrity.set(42, 0x2000);
      const desktop = new Win32Desktop(api);
      const target = (await desktop.activeWindow())!;
      const reads: string[] = [];
      const { windowText, sendMessage } = api;
      api.windowText = () => (reads.push('WM_GETTEXT'), windowText());
      api.sendMessage = (...args) => (reads.push(`message ${args[1]}`), sendMessage(...args));
      const facts = await desktop.fieldFacts(target, { context: false });
      expect([facts, reads]).toEqual([
        { elevated: false, password: false, control: String(0x200n), multiLine: false },
        [],
      ]);
      expect((await desktop.fieldFacts(target)).context?.text).toBe('Plan:\n*** and [ ]');
      expect(reads).toEqual(['WM_GETTEXT', `message ${0xb0}`]);
    });

    it("hands out the text with \\n breaks and converts offsets to the control's CR LF units", async () => {
      const api = new FakeWin32();
      api.controlSel = [7, 10]; // "***" after "Plan:\r\n"
      api.integrity.set(42, 0x2000);
      const desktop = new Win32Desktop(api);
      const target = (await desktop.activeWindow())!;
      expect(await desktop.readField(target)).toEqual({
        text: 'Plan:\n*** and [ ]',
        selectionStart: 6,
        selectionLength: 3,
      });
      expect(await desktop.selectInField(target, 14, 3)).toBe(true);
      expect(api.controlSel).toEqual([15, 18]);
      expect((await desktop.fieldFacts(target)).context).toEqual({
        text: 'Plan:\n*** and [ ]',
        selectionStart: 14,
        selectionLength: 3,
      });
    });

    it('counts a RichEdit line break as one', async () => {
      const api = new FakeWin32();
      api.classNames.set(0x200n, 'RICHEDIT50W');
      api.controlText = 'a\r***';
      const desktop = new Win32Desktop(api);
      const target = (await desktop.activeWindow())!;
      expect(await desktop.selectInField(target, 2, 3)).toBe(true);
      expect(api.controlSel).toEqual([2, 5]);
    });

    it('reads neither a password Edit nor another control', async () => {
      const api = new FakeWin32();
      api.styles.set(0x200n, 0x20);
      const desktop = new Win32Desktop(api);
      const target = (await desktop.activeWindow())!;
      expect(await desktop.readField(target)).toBeUndefined();
      expect(await desktop.selectInField(target, 0, 1)).toBe(false);
      api.styles.clear();
      api.classNames.set(0x200n, 'Chrome_RenderWidgetHostHWND');
      expect(await desktop.readField(target)).toBeUndefined();
      expect((await desktop.fieldFacts(target)).context).toBeUndefined();
    });
  });
});
