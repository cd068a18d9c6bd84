/**
 * UI Automation (native/win32/uia-api.ts) under Wine: the COM client is created through koffi exactly as on
 * Windows. Wine 8.0 has no IUIAutomation object: CoCreateInstance(CLSID_CUIAutomation) fails with
 * REGDB_E_CLASSNOTREG (0x80040154), even after `regsvr32 uiautomationcore.dll`, and the flat
 * UiaNodeFromHandle answers E_NOTIMPL for an Edit (its MSAA and base HWND providers are unimplemented). So
 * what runs here is the binding (ole32's CoInitializeEx/CoCreateInstance prototypes), the failure named by
 * call and HRESULT, and the desktop going on with classic controls. Where the client can be created (a later
 * Wine, Windows), the test reads an Edit of another process through it instead.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadUiaApi } from '../../native/win32/uia-api.ts';
import { loadWin32Api } from '../../native/win32/win32-api.ts';
import { Win32Desktop } from '../../native/win32/win32-desktop.ts';
import { TargetProcess } from './support/target.ts';

const REGDB_E_CLASSNOTREG = 0x80040154;
let target: TargetProcess;
before(async () => {
  target = await TargetProcess.start();
});
after(async () => {
  await target.stop();
});

describe('UI Automation through koffi', () => {
  it('creates the client, or names the call that failed; the desktop goes on with classic controls', async (t) => {
    const loaded = loadUiaApi();
    const w = await target.open('edit');
    await target.setText(w, 'Plan: ***');
    assert.equal(await target.focus(w), w.hwnd);
    const desktop = new Win32Desktop(loadWin32Api());
    const window = (await desktop.activeWindow())!;
    assert.equal(window.pid, w.pid);
    if (loaded.api === null) {
      assert.deepEqual(loaded.unavailable, {
        call: 'CoCreateInstance(CUIAutomation)',
        hresult: REGDB_E_CLASSNOTREG,
      });
      t.diagnostic(`Wine: ${loaded.unavailable.call} → 0x${loaded.unavailable.hresult.toString(16)}`);
    } else {
      const el = loaded.api.focused();
      assert.ok(el, 'an element has the focus');
      try {
        assert.equal(el.processId, w.pid);
        assert.equal(el.isPassword, false);
        assert.equal(el.text()?.text, 'Plan: ***');
      } finally {
        el.release();
      }
    }
    assert.equal(
      (await desktop.readField(window))?.text,
      'Plan: ***',
      'the classic path still reads the Edit',
    );
    await target.close(w);
  });
});
