/**
 * The desktop of the running OS, for the app's composition root: X11 on Linux (XWayland windows only under
 * Wayland), Windows, macOS. Each OS module is loaded only on its OS (its koffi bindings name libraries that
 * exist only there). Throws when the OS layer cannot be loaded (no X display, no libXtst).
 */
import type { Desktop } from './desktop.ts';

/** Opens the desktop facade for `platform`. */
export async function openDesktop(platform: NodeJS.Platform = process.platform): Promise<Desktop> {
  switch (platform) {
    case 'win32': {
      const [{ loadWin32Api }, { Win32Desktop }] = await Promise.all([
        import('./win32/win32-api.ts'),
        import('./win32/win32-desktop.ts'),
      ]);
      return new Win32Desktop(loadWin32Api());
    }
    case 'darwin': {
      const [{ loadMacApi }, { MacDesktop }] = await Promise.all([
        import('./macos/mac-api.ts'),
        import('./macos/mac-desktop.ts'),
      ]);
      return new MacDesktop(loadMacApi());
    }
    default: {
      const { openX11Desktop } = await import('./x11/x11-desktop.ts');
      return openX11Desktop();
    }
  }
}
