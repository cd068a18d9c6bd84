/**
 * UI Automation fields (browsers, WPF, EHR clients) through the Windows desktop, on fakes of the Win32 and
 * UIA COM boundaries: read by TextPattern where the focused control is not a classic Edit/RichEdit, used by
 * "next field", the insertion read-back and text_field_context; never a password field, never another
 * process's element, every COM element released. The COM calls themselves cannot run under Wine 8.0 (see
 * native/win32/uia-api.ts and test/windows/uia.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { FakeWin32 } from '../../../native/win32/win32-api.fake.ts';
import { FakeUia } from '../../../native/win32/uia-api.fake.ts';
import { Win32Desktop } from '../../../native/win32/win32-desktop.ts';
import { DesktopFieldNavigator } from '../../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../../preload/contract/index.ts';

/** A browser window in front (pid 42): its focused HWND is Chromium's, which answers no Edit message. */
function browser() {
  const api = new FakeWin32();
  api.classNames.set(0x200n, 'Chrome_RenderWidgetHostHWND');
  api.integrity.set(42, 0x2000);
  api.windowText = () => {
    throw new Error('a classic message was sent to a non-Edit control');
  };
  const uia = new FakeUia();
  const desktop = new Win32Desktop(api, () => uia);
  return { api, uia, desktop };
}

describe('Win32Desktop over UI Automation', () => {
  it("reads the focused element's text and selection, breaks as \\n, offsets in the provider's units", async () => {
    const { uia, desktop } = browser();
    uia.content = { text: 'Plan:\r\n*** and [ ]', selectionStart: 7, selectionLength: 3 };
    const target = (await desktop.activeWindow())!;
    expect(await desktop.readField(target)).toEqual({
      text: 'Plan:\n*** and [ ]',
      selectionStart: 6,
      selectionLength: 3,
    });
    expect(await desktop.selectInField(target, 14, 3)).toBe(true);
    expect(uia.selected).toEqual([[15, 3]]);
    expect(uia.live).toBe(0);
  });

  it('"next field" selects the blank in a browser field; the read-back and text_field_context see it', async () => {
    const { uia, desktop } = browser();
    uia.content = { text: 'Side: [left/right] Plan: _____', selectionStart: 0, selectionLength: 0 };
    const nav = new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS);
    expect(await nav.move('next')).toEqual({ kind: 'selected' });
    expect(uia.selected).toEqual([[6, 12]]);
    expect(await nav.move('next')).toEqual({ kind: 'selected' });
    expect(uia.selected.at(-1)).toEqual([25, 5]);
    expect(await nav.move('next')).toEqual({ kind: 'none_left' });
    const target = (await desktop.activeWindow())!;
    expect((await desktop.fieldFacts(target)).context).toEqual({
      text: 'Side: [left/right] Plan: _____',
      selectionStart: 25,
      selectionLength: 5,
    });
    expect(uia.live).toBe(0);
  });

  it('never reads a password element, and says it is one', async () => {
    const { uia, desktop } = browser();
    uia.isPassword = true;
    const target = (await desktop.activeWindow())!;
    expect(await desktop.readField(target)).toBeUndefined();
    expect(await desktop.selectInField(target, 0, 1)).toBe(false);
    const facts = await desktop.fieldFacts(target);
    expect(facts.password).toBe(true);
    expect(facts).not.toHaveProperty('context');
    expect(uia.live).toBe(0);
  });

  it('ignores the focused element of another process, and one without TextPattern (no caret to go by)', async () => {
    const { uia, desktop } = browser();
    const target = (await desktop.activeWindow())!;
    uia.processId = 7;
    expect(await desktop.readField(target)).toBeUndefined();
    expect((await desktop.fieldFacts(target)).password).toBeUndefined();
    uia.processId = 42;
    uia.content = null;
    expect(await desktop.readField(target)).toBeUndefined();
    expect(await new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS).move('next')).toEqual({
      kind: 'unreadable',
    });
    expect(uia.live).toBe(0);
  });

  it('keeps to classic messages for a classic Edit, and to nothing when UI Automation is unavailable', async () => {
    const api = new FakeWin32();
    api.controlSel = [7, 10];
    const uia = new FakeUia();
    const classic = new Win32Desktop(api, () => uia);
    const target = (await classic.activeWindow())!;
    expect((await classic.readField(target))?.selectionStart).toBe(6);
    expect(uia.live).toBe(0);
    api.classNames.set(0x200n, 'Chrome_RenderWidgetHostHWND');
    const none = new Win32Desktop(api, () => null);
    expect(await none.readField(target)).toBeUndefined();
  });
});
