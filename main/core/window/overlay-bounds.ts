/** The dictation overlay window's place and size (the Electron shell's overlay-window.ts uses them). */
/**
 * The overlay window's size: its one card; taller while it shows a flag (its words whole on their own lines,
 * Keep and Fix under them); taller and wider while "what can I say" is open.
 */
export const OVERLAY = {
  width: 380,
  height: 104,
  flagHeight: 156,
  panelWidth: 720,
  panelHeight: 700,
} as const;

/** Where the overlay sits: bottom centre of the work area (a display's, without the taskbar), 24 px up. */
export function overlayBounds(
  area: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  panel: boolean,
  flagged = false,
): { x: number; y: number; width: number; height: number } {
  const width = panel ? OVERLAY.panelWidth : OVERLAY.width;
  const tall = panel ? OVERLAY.panelHeight : flagged ? OVERLAY.flagHeight : OVERLAY.height;
  const height = Math.min(tall, area.height);
  return {
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.max(area.y, area.y + area.height - height - 24),
    width,
    height,
  };
}
