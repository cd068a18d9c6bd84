/**
 * Voice commands and undo in a real field: a Tk text field in another process on a private Xvfb display,
 * the insertion engine over XTest (paste through xclip, or typed keys), driven by the controller with a
 * scripted dictation session (the units the service would send). "Scratch that" takes the last phrase out
 * of the field, "new line" makes a line break there, and "undo last dictation" removes exactly the
 * dictation — or, after the person typed in the field (seen through X RECORD, as the app's key hook would
 * see it), leaves the field alone.
 */
import { describe, expect, it, vi } from 'vitest';
import type { InsertMode } from '../../../../main/features/dictation/insertion/insertion-types.ts';
import { controllerOnX11 } from './x11-controller.ts';
import { desktopPerSuite } from './x11-suite.ts';
import { TkField } from './x11-harness.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;

describeX.each<InsertMode>(['paste', 'type'])('voice commands in a real X11 field (%s)', (mode) => {
  const x11 = desktopPerSuite();

  /** A controller inserting into a fresh focused field; the person's keys reach it as the key hook's would. */
  async function dictation() {
    const field = await TkField.open(x11.screen, `ehr-${mode}-${Math.random().toString(36).slice(2)}`);
    // Tk's text cannot be read through AT-SPI: IT's rule says a line break is Return there (new-line-x11).
    const app = (await field.focus(x11.screen, x11.desktop))?.app ?? '';
    const { controller, sessions } = controllerOnX11(x11.desktop, x11.screen.env, {
      mode,
      rules: () => [{ app, insert: mode, lineBreak: 'return' }],
    });
    const offKeys = x11.desktop.onForeignKey?.(() => controller.userTyped());
    await controller.start();
    await vi.waitFor(() => expect(sessions).toHaveLength(1));
    const close = () => {
      offKeys?.();
      field.close();
    };
    return { field, controller, session: sessions[0]!, close };
  }

  it('scratch that and new line act in the field; undo takes the whole dictation out', async () => {
    const { field, controller, session, close } = await dictation();
    try {
      session.unit('Wound clean.');
      session.unit(' No drainage.');
      await vi.waitFor(() => expect(field.text).toBe('Wound clean. No drainage.'), { timeout: 10_000 });
      session.unit(' Scratch that.');
      await vi.waitFor(() => expect(field.text).toBe('Wound clean.'), { timeout: 10_000 });
      session.unit(' New line.');
      session.unit(' Dressing applied.');
      await controller.stop();
      // Typed keys reach the field a moment after they are sent.
      await vi.waitFor(() => expect(field.text).toBe('Wound clean.\nDressing applied.'), { timeout: 10_000 });
      await controller.undo();
      await vi.waitFor(() => expect(field.text).toBe(''), { timeout: 10_000 });
    } finally {
      close();
    }
  }, 60_000);

  it('undo after the person typed there leaves the field as it is', async () => {
    const { field, controller, session, close } = await dictation();
    try {
      session.unit('Pain 3 out of 10.');
      await controller.stop();
      await vi.waitFor(() => expect(field.text).toBe('Pain 3 out of 10.'), { timeout: 10_000 });
      await x11.screen.x('xdotool', ['type', '--delay', '12', ' ok']);
      await vi.waitFor(() => expect(field.text).toBe('Pain 3 out of 10. ok'), { timeout: 10_000 });
      // In type mode X RECORD did not report xdotool's keys here (not investigated; noted in
      // docs/known-limitations.md). In the app the key hook reports them (hotkey-machine's 'typed'): stand in.
      if (mode === 'type') controller.userTyped();
      await controller.undo();
      // Nothing was sent: a marker typed after undo arrives right after the person's words.
      await x11.screen.x('xdotool', ['type', '--delay', '12', '!']);
      await vi.waitFor(() => expect(field.text).toBe('Pain 3 out of 10. ok!'), { timeout: 10_000 });
    } finally {
      close();
    }
  }, 60_000);
});
