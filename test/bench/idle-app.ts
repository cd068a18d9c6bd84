/**
 * The app's main process at rest for the idle benchmark (test/bench/idle.ts), run as a child on the bench's
 * own X display: the production composition root (through the browser preview's start, which builds it as
 * the Electron shell does) with dictation armed as on the clinician's desktop: the real uiohook key hook,
 * the X11 desktop and insertion engine, the field navigator, the HID library for dictation microphones.
 * What the Electron shell adds and cannot run here (the tray, the hidden overlay window, globalShortcut) is
 * left out. Nobody is signed in and nothing is dictated. Prints one JSON line once armed
 * (`{"armed":true,"hook":true}`), then waits for SIGTERM.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySecretStore } from '../../main/base/secrets/memory-secret-store.ts';
import type { DictationPlatformFactory } from '../../main/features/dictation/dictation-feature.ts';
import { startPreviewApp } from '../../main/shells/preview/preview.ts';
import { loadNodeHid } from '../../native/hid.ts';
import { UiohookKeyHook } from '../../native/key-hook.ts';
import { openX11Desktop } from '../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../native/x11/xclip-clipboard.ts';

const desktop = openX11Desktop(process.env.DISPLAY);
const hook = new UiohookKeyHook({ mayStart: () => true });

/** Dictation's platform parts as main/shells/electron/dictation-platform.ts assembles them on Linux. */
const armed: DictationPlatformFactory = ({ settings, kit }) => {
  const clipboard = new XclipClipboard(process.env, () => desktop.clipboardOwner());
  return {
    hook,
    shortcuts: null,
    inserter: kit.engineInserter({
      desktop,
      clipboard,
      platform: process.platform,
      mode: () => settings.get().insertMode,
      rules: () => settings.get().appRules,
      clearCopiedAfterSec: () => settings.get().clipboardClearSeconds,
      typingObserved: () => hook.running,
    }),
    overlay: { show: () => undefined },
    accessibility: () => 'not-needed',
    fields: kit.fieldNavigator(desktop, () => settings.get().fieldMarkers),
    hid: loadNodeHid().backend,
    ownWindowFocused: () => false,
    clearCopied: kit.clearAfterSeconds(clipboard, () => settings.get().clipboardClearSeconds),
  };
};

const dataDir = await mkdtemp(join(tmpdir(), 'scribe-idle-'));
const started = await startPreviewApp({
  env: { ...process.env, SCRIBE_DATA_DIR: dataDir },
  journalDir: join(dataDir, 'journals'),
  parts: {
    secrets: new MemorySecretStore(),
    clipboard: { writeText: async () => ({ transient: false }) },
    platform: process.platform,
    dictation: armed,
  },
});
if (!started.ok) throw new Error(`the app did not start: ${started.errors.map((e) => e.key).join(', ')}`);
process.stdout.write(`${JSON.stringify({ armed: true, hook: hook.running })}\n`);
process.once('SIGTERM', () => {
  void started.app.close().finally(() => process.exit(0));
});
