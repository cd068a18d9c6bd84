import { describe, expect, it } from 'vitest';
import { osClipboardFormat, transientClipboardMarkers } from '../../../native/clipboard-markers.ts';

describe('transient clipboard markers', () => {
  it('tells Windows to keep the text out of history, cloud sync and monitors', () => {
    const { markers, honoured } = transientClipboardMarkers('win32');
    expect(honoured).toBe(true);
    const byFormat = new Map(markers.map((m) => [m.format, [...m.bytes]]));
    expect(byFormat.get(osClipboardFormat('ExcludeClipboardContentFromMonitorProcessing'))).toEqual([]);
    // DWORD 0, little-endian
    expect(byFormat.get(osClipboardFormat('CanIncludeInClipboardHistory'))).toEqual([0, 0, 0, 0]);
    expect(byFormat.get(osClipboardFormat('CanUploadToCloudClipboard'))).toEqual([0, 0, 0, 0]);
  });

  it('marks macOS pasteboard items transient and concealed', () => {
    const { markers, honoured } = transientClipboardMarkers('darwin');
    expect(honoured).toBe(true);
    expect(markers.map((m) => m.format)).toEqual([
      'electron application/osclipboard;format="org.nspasteboard.TransientType"',
      'electron application/osclipboard;format="org.nspasteboard.ConcealedType"',
    ]);
  });

  it('gives Linux the KDE hint but does not claim the copy is transient', () => {
    const { markers, honoured } = transientClipboardMarkers('linux');
    expect(honoured).toBe(false);
    expect(new TextDecoder().decode(markers[0]!.bytes)).toBe('secret');
  });
});
