/**
 * The visit's ClipboardPort over Electron's (asynchronous, W3C-shaped) clipboard: the text and the
 * transient markers of native/clipboard-markers.ts in one atomic write, so clipboard history and managers
 * skip patient text where the platform allows.
 */
import { clipboard, ClipboardItem } from 'electron';
import { transientClipboardMarkers } from '../../../native/clipboard-markers.ts';
import type { ClipboardPort } from '../../features/note/ports.ts';

/** The system clipboard. */
export function electronClipboard(platform: NodeJS.Platform = process.platform): ClipboardPort {
  return {
    async writeText(text) {
      const { markers, honoured } = transientClipboardMarkers(platform);
      const entries: Record<string, string | Blob> = { 'text/plain': text };
      for (const marker of markers) entries[marker.format] = new Blob([new Uint8Array(marker.bytes)]);
      try {
        await clipboard.write([new ClipboardItem(entries)]);
        return { transient: honoured };
      } catch {
        // A platform that refuses a raw format still gets the text, reported as not transient.
        await clipboard.writeText(text);
        return { transient: false };
      }
    },
  };
}
