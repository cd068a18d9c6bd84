/** The dictation overlay window's place and size (the Electron shell's overlay-window.ts uses them). */
/** The overlay window's size: its one card, and taller and wider while "what can I say" is open. */
export const OVERLAY = { width: 380, height: 104, panelWidth: 720, panelHeight: 700 } as const;

/** Where the overlay sits: bottom centre of the work area (a display's, without the taskbar), 24 px up. */
export function overlayBounds(
  area: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  panel: boolean,
): { x: number; y: number; width: number; height: number } {
  const width = panel ? OVERLAY.panelWidth : OVERLAY.width;
  const height = Math.min(panel ? OVERLAY.panelHeight : OVERLAY.height, area.height);
  return {
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.max(area.y, area.y + area.height - height - 24),
    width,
    height,
  };
}
