/**
 * The undo and field hotkeys pressed for real: xdotool keydown/keyup on the Xvfb display (test/with-real-parts.sh)
 * reach uiohook-napi, and the dictation service built with the real hook runs its undo and its field moves.
 * No OS shortcut registrar takes the chords (refused, as when another program holds them or none exists):
 * the hook is the only way in, as in key-hook-x11.test.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DictationService } from '../../../../main/features/dictation/dictation-service.ts';
import { UiohookKeyHook } from '../../../../native/key-hook.ts';
import { SyntheticInputGate } from '../../../../native/synthetic-input.ts';
import { scriptedOpen } from '../../../unit/features/dictation/scripted-session.ts';
import { scriptedDictationService } from '../../../unit/features/dictation/scripted-service.ts';

const run = promisify(execFile);
const xdotool = (...args: string[]) => run('xdotool', args);

describe.skipIf(!process.env.REAL_DISPLAY)('undo and field hotkeys pressed with xdotool', () => {
  const moves: string[] = [];
  let dictation: DictationService;
  let undo: ReturnType<typeof vi.spyOn>;

  beforeAll(() => {
    const { open } = scriptedOpen();
    dictation = scriptedDictationService({
      hook: new UiohookKeyHook({ gate: new SyntheticInputGate() }),
      shortcuts: { register: () => false, unregister: () => undefined },
      platform: 'linux',
      open,
      fields: {
        move: async (direction) => {
          moves.push(direction);
          return { kind: 'selected' };
        },
      },
    });
    undo = vi.spyOn(dictation, 'undo');
    dictation.applyHotkeys();
  });
  afterAll(() => dictation.dispose());

  it('Control+F9 and Control+Shift+F9 move to the next and previous field', async () => {
    await xdotool('keydown', 'ctrl', 'keydown', 'F9', 'keyup', 'F9', 'keyup', 'ctrl');
    await vi.waitFor(() => expect(moves).toEqual(['next']));
    await xdotool('keydown', 'ctrl', 'keydown', 'shift', 'keydown', 'F9');
    await xdotool('keyup', 'F9', 'keyup', 'shift', 'keyup', 'ctrl');
    await vi.waitFor(() => expect(moves).toEqual(['next', 'previous']));
    expect(undo).not.toHaveBeenCalled();
  });

  it('Alt+Shift+F9 runs undo last dictation (and no field move)', async () => {
    await xdotool('keydown', 'alt', 'keydown', 'shift', 'keydown', 'F9');
    await xdotool('keyup', 'F9', 'keyup', 'shift', 'keyup', 'alt');
    await vi.waitFor(() => expect(undo).toHaveBeenCalledTimes(1));
    expect(moves).toEqual(['next', 'previous']);
    expect(dictation.state().box.note?.code).not.toBe('field_selected');
  });
});
