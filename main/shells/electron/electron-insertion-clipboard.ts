/**
 * The insertion engine's clipboard over Electron's asynchronous, W3C-shaped clipboard: a snapshot of every
 * type the clipboard offers (as bytes), our text written with the transient markers of
 * native/clipboard-markers.ts in one write (electron-clipboard.ts), and the snapshot written back as one
 * item. Electron cannot tell when a target has read the clipboard, so the paster waits a short settle time
 * after the chord instead. Type-checked only (Electron does not run on the development machine).
 */
import { clipboard, ClipboardItem } from 'electron';
import type { ClipboardSnapshot, InsertionClipboard } from '../../../native/desktop.ts';
import { electronClipboard } from './electron-clipboard.ts';

/** The system clipboard for insertion. */
export function electronInsertionClipboard(platform: NodeJS.Platform = process.platform): InsertionClipboard {
  const writer = electronClipboard(platform);
  return {
    async snapshot(): Promise<ClipboardSnapshot> {
      const entries: Array<{ format: string; bytes: Uint8Array }> = [];
      for (const item of await clipboard.read()) {
        for (const type of item.types) {
          const blob = await item.getType(type).catch(() => undefined);
          if (blob instanceof Blob)
            entries.push({ format: type, bytes: new Uint8Array(await blob.arrayBuffer()) });
        }
      }
      return { entries };
    },
    writeTransient: (text) => writer.writeText(text),
    async readText() {
      return (await clipboard.readText()) || undefined;
    },
    async restore(snapshot) {
      if (snapshot.entries.length === 0) return clipboard.clear();
      const entries: Record<string, Blob> = {};
      for (const { format, bytes } of snapshot.entries) entries[format] = new Blob([new Uint8Array(bytes)]);
      await clipboard.write([new ClipboardItem(entries)]);
    },
    async close() {},
  };
}
