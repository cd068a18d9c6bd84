/**
 * The fix key of the overlay's flag pressed for real: a Tk field in another process on a private Xvfb display
 * takes a dictation through the insertion engine (XTest, xclip); a sound-alike is flagged; Shift+F8 pressed
 * with xdotool on the run's display reaches uiohook-napi (the OS registrar refuses it, so the hook is the way
 * in, as in undo-field-keys-x11.test.ts) and the suggested name replaces the one heard in the field, through
 * the correction path. Before a flag shows, the key is not ours: nothing is resolved, nothing typed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { UiohookKeyHook } from '../../../../native/key-hook.ts';
import { SyntheticInputGate } from '../../../../native/synthetic-input.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import { EngineInserter } from '../../../../main/features/dictation/engine-inserter.ts';
import type { DictationEvent, OverlayState } from '../../../../main/features/dictation/ports.ts';
import { scriptedOpen } from '../../../unit/features/dictation/scripted-session.ts';
import { scriptedDictationService } from '../../../unit/features/dictation/scripted-service.ts';
import { desktopPerSuite } from './x11-suite.ts';
import { TkField } from './x11-harness.ts';

const xdotool = (...args: string[]) => promisify(execFile)('xdotool', args);

describe.skipIf(!process.env.REAL_DISPLAY)('the overlay flag’s fix key in a real X11 field', () => {
  const x11 = desktopPerSuite();

  it('Shift+F8 puts the suggested drug name in place of the sound-alike heard', async () => {
    const field = await TkField.open(x11.screen, `ehr-flag-${Math.random().toString(36).slice(2)}`);
    const overlay: (OverlayState | null)[] = [];
    const events: DictationEvent[] = [];
    const { open, sessions } = scriptedOpen();
    const { desktop } = x11;
    const app = (await field.focus(x11.screen, desktop))?.app ?? '';
    const dictation = scriptedDictationService({
      open,
      hook: new UiohookKeyHook({ gate: new SyntheticInputGate() }),
      shortcuts: { register: () => false, unregister: () => undefined },
      platform: 'linux',
      inserter: new EngineInserter({
        desktop,
        clipboard: new XclipClipboard(x11.screen.env, () => desktop.clipboardOwner()),
        platform: 'linux',
        mode: () => 'paste',
        rules: () => [{ app, insert: 'paste', lineBreak: 'return' }],
      }),
      overlay: { show: (state) => overlay.push(state) },
    });
    dictation.onDidReport((event) => events.push(event));
    const resolved = () => events.filter((e) => e.kind === 'dictation_flag_resolved');
    try {
      dictation.applyHotkeys();
      await dictation.start();
      await vi.waitFor(() => expect(sessions).toHaveLength(1));
      // No flag yet: F8 is the field's (Tk types nothing for it) and resolves nothing.
      await xdotool('key', 'F8');
      sessions[0]!.unit('Hydroxyzine for blood pressure.');
      await vi.waitFor(() => expect(field.text).toBe('Hydroxyzine for blood pressure.'), { timeout: 15_000 });
      await vi.waitFor(() => expect(overlay.at(-1)?.flagged?.code).toBe('sound_alike'));
      expect(overlay.at(-1)?.flagKeys).toEqual({ keep: 'F8', fix: 'Shift+F8' });
      expect(resolved()).toEqual([]);
      await xdotool('keydown', 'shift', 'keydown', 'F8');
      await xdotool('keyup', 'F8', 'keyup', 'shift');
      await vi.waitFor(() => expect(field.text).toBe('Hydralazine for blood pressure.'), { timeout: 15_000 });
      expect(resolved()).toMatchObject([{ code: 'sound_alike', how: 'fixed' }]);
      expect(overlay.at(-1)?.flagged ?? null).toBeNull();
      await dictation.stop();
      expect(field.text).toBe('Hydralazine for blood pressure.');
    } finally {
      dictation.dispose();
      field.close();
    }
  }, 60_000);
});
