/**
 * Clipboard formats that keep patient text out of clipboard history, cloud clipboard sync and clipboard
 * managers, written beside the text in the same atomic clipboard write. Pure data: the Electron adapter
 * (main/shells/electron/electron-clipboard.ts) turns these into one ClipboardItem.
 *
 * - Windows: `ExcludeClipboardContentFromMonitorProcessing` (clipboard monitors skip the content),
 *   `CanIncludeInClipboardHistory` = 0 (Win+V history) and `CanUploadToCloudClipboard` = 0 (sync), as
 *   Microsoft documents for password managers.
 * - macOS: `org.nspasteboard.TransientType` and `org.nspasteboard.ConcealedType` (nspasteboard.org), which
 *   clipboard managers honour.
 * - Linux: no desktop-wide standard; KDE's Klipper honours `x-kde-passwordManagerHint` = `secret`.
 */

/** Electron's way of naming a raw OS clipboard format in a ClipboardItem. */
export function osClipboardFormat(name: string): string {
  return `electron application/osclipboard;format="${name}"`;
}

/** One extra clipboard entry: a raw OS format and its bytes. */
export interface ClipboardMarker {
  readonly format: string;
  readonly bytes: Uint8Array;
}

const DWORD_ZERO = new Uint8Array(4);
const EMPTY = new Uint8Array(0);

/** The markers for a platform, and whether that platform's clipboard history is known to honour them. */
export function transientClipboardMarkers(platform: NodeJS.Platform): {
  markers: ClipboardMarker[];
  honoured: boolean;
} {
  switch (platform) {
    case 'win32':
      return {
        markers: [
          { format: osClipboardFormat('ExcludeClipboardContentFromMonitorProcessing'), bytes: EMPTY },
          { format: osClipboardFormat('CanIncludeInClipboardHistory'), bytes: DWORD_ZERO },
          { format: osClipboardFormat('CanUploadToCloudClipboard'), bytes: DWORD_ZERO },
        ],
        honoured: true,
      };
    case 'darwin':
      return {
        markers: [
          { format: osClipboardFormat('org.nspasteboard.TransientType'), bytes: EMPTY },
          { format: osClipboardFormat('org.nspasteboard.ConcealedType'), bytes: EMPTY },
        ],
        honoured: true,
      };
    default:
      return {
        markers: [
          {
            format: osClipboardFormat('x-kde-passwordManagerHint'),
            bytes: new TextEncoder().encode('secret'),
          },
        ],
        honoured: false,
      };
  }
}
