/** Where the overlay window sits: bottom centre of the work area, larger while "what can I say" is open. */
import { expect, it } from 'vitest';
import { OVERLAY, overlayBounds } from '../../../../main/core/window/overlay-bounds.ts';

it('sits at the bottom centre, and grows upwards for the panel without leaving a small display', () => {
  const area = { x: 100, y: 0, width: 1920, height: 1040 };
  expect(overlayBounds(area, false)).toEqual({ x: 870, y: 912, width: 380, height: 104 });
  // A flag's words go whole on their own lines: taller, its bottom where it was.
  expect(overlayBounds(area, false, true)).toEqual({ x: 870, y: 1040 - 156 - 24, width: 380, height: 156 });
  const panel = overlayBounds(area, true);
  expect(panel).toEqual({
    x: 700,
    y: 1040 - OVERLAY.panelHeight - 24,
    width: 720,
    height: OVERLAY.panelHeight,
  });
  expect(overlayBounds({ x: 0, y: 0, width: 1024, height: 600 }, true)).toMatchObject({ y: 0, height: 600 });
});
