/** A private X display and our X11 desktop on it, opened once for a suite (vitest hooks; tests only). */
import { afterAll, beforeAll } from 'vitest';
import { openX11Desktop, type X11Desktop } from '../../../../native/x11/x11-desktop.ts';
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
