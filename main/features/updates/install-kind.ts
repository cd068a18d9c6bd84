/**
 * Which installer put this copy on the machine, from what each one leaves behind: NSIS writes its
 * uninstaller beside the executable (an MSI does not); a PKG leaves a receipt named after the bundle id;
 * an AppImage runs with $APPIMAGE set; electron-builder's deb writes resources/package-type. Pure: the
 * file checks are passed in.
 */
import { posix, win32 } from 'node:path';
import type { InstallKind } from '../../core/config/update-policy.ts';

/** What the running app knows about itself. */
export interface InstallFacts {
  readonly platform: NodeJS.Platform;
  readonly isPackaged: boolean;
  readonly productName: string;
  readonly appId: string;
  /** process.execPath */
  readonly execPath: string;
  /** process.resourcesPath */
  readonly resourcesPath: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly exists: (path: string) => boolean;
  readonly readText: (path: string) => string | null;
}

/** The kind of installation. */
export function detectInstallKind(facts: InstallFacts): InstallKind {
  if (!facts.isPackaged) return 'unpackaged';
  switch (facts.platform) {
    case 'win32': {
      const uninstaller = win32.join(win32.dirname(facts.execPath), `Uninstall ${facts.productName}.exe`);
      return facts.exists(uninstaller) ? 'nsis' : 'msi';
    }
    case 'darwin': {
      const receipt = `/var/db/receipts/${facts.appId}.pkg.plist`;
      return facts.exists(receipt) ? 'pkg' : 'dmg';
    }
    default: {
      if (facts.env.APPIMAGE) return 'appimage';
      const type = facts.readText(posix.join(facts.resourcesPath, 'package-type'))?.trim();
      return type === 'deb' ? 'deb' : 'unpackaged';
    }
  }
}
