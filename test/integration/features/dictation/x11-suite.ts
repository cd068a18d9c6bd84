/** A private X display and our X11 desktop on it, opened once for a suite (vitest hooks; tests only). */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openX11Desktop, type X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import { startDisplay, type TestDisplay } from './x11-harness.ts';

/** Call inside a describe; read `screen` and `desktop` inside its tests. */
export function desktopPerSuite(): { readonly screen: TestDisplay; readonly desktop: X11Desktop } {
  const opened = {} as { screen: TestDisplay; desktop: X11Desktop };
  beforeAll(async () => {
    opened.screen = await startDisplay();
    opened.desktop = openX11Desktop(opened.screen.display);
  }, 30_000);
  afterAll(async () => {
    await opened.desktop?.close();
    opened.screen?.close();
  });
  return opened;
}

/** A display, our desktop on it and the CLI's xclip clipboard. */
export interface ClipboardDesk {
  readonly screen: TestDisplay;
  readonly desktop: X11Desktop;
  readonly clipboard: XclipClipboard;
}

/**
 * A fresh private X display, our X11 desktop and the CLI's xclip clipboard for each test (a clipboard
 * server left behind must not reach the next test); `prepare` then sets the clipboard up. Call inside a
 * describe; read the fields inside its tests.
 */
export function clipboardPerTest(prepare: (opened: ClipboardDesk) => Promise<void>): ClipboardDesk {
  const opened = {} as { screen: TestDisplay; desktop: X11Desktop; clipboard: XclipClipboard };
  beforeEach(async () => {
    opened.screen = await startDisplay();
    opened.desktop = openX11Desktop(opened.screen.display);
    opened.clipboard = new XclipClipboard(opened.screen.env, () => opened.desktop.clipboardOwner());
    await prepare(opened);
  }, 30_000);
  afterEach(async () => {
    await opened.clipboard?.close();
    await opened.desktop?.close();
    opened.screen?.close();
  });
  return opened;
}
