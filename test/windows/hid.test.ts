/**
 * node-hid's Windows prebuild (prebuilds/HID-win32-x64, hidapi's Windows backend over hid.dll and
 * cfgmgr32.dll) under the Windows Node in Wine, through native/hid.ts as the app loads it. No dictation
 * microphone can be plugged in here, so the most to see is an enumeration that finds none of ours.
 *
 * Under Wine 8.0 the binary loads (every DLL it imports resolves) but hidapi's hid_init fails: it looks up
 * CM_Get_Device_Interface_PropertyW in cfgmgr32.dll, which Wine 8.0 does not export, and node-hid then throws
 * "cannot initialize hidapi (hid_init failed)" when its binding is first used. The app must take that as
 * "no HID here" (Settings says so), not crash: that is what runs here. On a Wine (or Windows) where hid_init
 * succeeds, the enumeration itself runs instead.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { HidOpenError, loadNodeHid } from '../../native/hid.ts';

const HID_INIT_FAILED = 'cannot initialize hidapi (hid_init failed)';

/** What loading node-hid's binding itself does here: undefined when it loads, else its error message. */
function bindingError(): string | undefined {
  try {
    const hid = createRequire(__filename)('node-hid') as { devices(): unknown[] };
    hid.devices();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("node-hid's Windows prebuild", () => {
  it('loads as the app loads it: a device list without our microphones, or "no HID here" without a crash', async (t) => {
    const loaded = loadNodeHid();
    const error = bindingError();
    if (error !== undefined) {
      // The binary itself loaded (a missing DLL or a wrong ABI would say "The specified module could not be
      // found" or "not a valid Win32 application"); hidapi's own start-up is what Wine refuses.
      assert.equal(error, HID_INIT_FAILED);
      assert.equal(loaded.backend, null, 'the facade reports no HID instead of throwing later');
      t.diagnostic(`Wine: ${error} (cfgmgr32 lacks CM_Get_Device_Interface_PropertyW)`);
      return;
    }
    assert.ok(loaded.backend, 'the facade loaded node-hid');
    const devices = await loaded.backend.list();
    assert.ok(Array.isArray(devices));
    for (const d of devices) assert.equal(typeof d.path, 'string');
    await assert.rejects(loaded.backend.open('\\\\?\\hid#vid_0554&pid_1001#none'), (e: unknown) => {
      assert.ok(e instanceof HidOpenError);
      return true;
    });
  });
});
