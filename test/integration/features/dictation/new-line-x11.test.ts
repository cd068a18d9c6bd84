/**
 * "New line" never submits, in real fields of another process on a private Xvfb display: a GTK entry (one
 * line, read through AT-SPI) gets no Return — the overlay says why and a space stands in — while a GTK text
 * view (multi-line) gets the break; a Tk text field (which AT-SPI cannot read) gets none unless IT's rule for
 * the application says what a line break is there.
 */
import { describe, expect, it, vi } from 'vitest';
import type { OverlayState } from '../../../../main/features/dictation/ports.ts';
import type { LineBreakRule } from '../../../../main/features/dictation/insertion/insertion-types.ts';
import { controllerOnX11 } from './x11-controller.ts';
import { TkField } from './x11-harness.ts';
import { desktopPerSuite } from './x11-suite.ts';
import { GtkField, gtkAvailable } from './gtk-field.ts';

const describeX = process.env.REAL_DISPLAY && gtkAvailable() ? describe : describe.skip;

describeX('new line never submits (real X11 fields)', () => {
  const x11 = desktopPerSuite();

  /** Dictates the units into the focused field (typed keys: a line break would be a Return key). */
  async function dictate(units: string[], lineBreak?: LineBreakRule) {
    const app = (await x11.desktop.activeWindow())?.app ?? '';
    const overlay: OverlayState[] = [];
    const { controller, sessions } = controllerOnX11(x11.desktop, x11.screen.env, {
      mode: 'type',
      rules: () => (lineBreak ? [{ app, insert: 'type', lineBreak }] : []),
      overlay: (state) => overlay.push(state),
    });
    await controller.start();
    await vi.waitFor(() => expect(sessions).toHaveLength(1));
    for (const unit of units) sessions[0]!.unit(unit);
    await controller.stop();
    return { said: (code: string) => overlay.some((s) => s.message?.code === code) };
  }

  const SAID = ['Wound clean.', ' New line.', ' Dressing applied.'];

  it('a one-line GTK entry: no Return is typed (nothing sent), a space instead, and the overlay says why', async () => {
    const field = await GtkField.open(x11.screen, 'ehr-entry-line', '', 'entry');
    try {
      const { said } = await dictate(SAID);
      await vi.waitFor(() => expect(field.text).toBe('Wound clean. Dressing applied.'), { timeout: 10_000 });
      expect(field.activated).toBe(0);
      expect(said('line_break_single_line')).toBe(true);
      // Even where IT's rule says Return: a one-line field is never sent by a line break.
      await dictate([' Plan.', ' New paragraph.'], 'return');
      await vi.waitFor(() => expect(field.text).toBe('Wound clean. Dressing applied. Plan.'), {
        timeout: 10_000,
      });
      expect(field.activated).toBe(0);
    } finally {
      field.close();
    }
  }, 60_000);

  it('a multi-line GTK text view gets the line break', async () => {
    const field = await GtkField.open(x11.screen, 'ehr-view-line', '', 'view');
    try {
      const { said } = await dictate(SAID);
      await vi.waitFor(() => expect(field.text).toBe('Wound clean.\nDressing applied.'), { timeout: 10_000 });
      expect(said('line_break_single_line') || said('line_break_refused')).toBe(false);
    } finally {
      field.close();
    }
  }, 60_000);

  it('a field that cannot be read: refused by default; IT’s rule says Return or Shift+Return', async () => {
    const refused = await TkField.open(x11.screen, `tk-line-${Math.random().toString(36).slice(2)}`);
    try {
      await refused.focus(x11.screen);
      const { said } = await dictate(SAID);
      await vi.waitFor(() => expect(refused.text).toBe('Wound clean. Dressing applied.'), {
        timeout: 10_000,
      });
      expect(said('line_break_refused')).toBe(true);
    } finally {
      refused.close();
    }
    for (const rule of ['return', 'shift-return'] as const) {
      const allowed = await TkField.open(x11.screen, `tk-${rule}-${Math.random().toString(36).slice(2)}`);
      try {
        await allowed.focus(x11.screen);
        await dictate(SAID, rule);
        await vi.waitFor(() => expect(allowed.text).toBe('Wound clean.\nDressing applied.'), {
          timeout: 10_000,
        });
      } finally {
        allowed.close();
      }
    }
  }, 90_000);
});
