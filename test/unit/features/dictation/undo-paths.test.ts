/**
 * "Undo last dictation" from every path but the voice: the IPC command (the overlay's button, the window),
 * the hotkey through the OS (globalShortcut) and through the key hook where the OS refused it, and the
 * field-move hotkeys — through the real DictationService, its IPC slice and the audit trail (no text in it).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDictationHandlers } from '../../../../main/features/dictation/handlers.ts';
import type { FieldNavigator } from '../../../../main/features/dictation/ports.ts';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { scriptedOpen } from './scripted-session.ts';
import { auditDictation, scriptedDictationService, trailIn, wordInserter } from './scripted-service.ts';

const CANARY = 'Zyxwv Canary-Patient 5583';
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function setup(options: { taken?: string[]; ownWindowFocused?: () => boolean } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'undo-paths-'));
  dirs.push(dir);
  const audit = trailIn(dir);
  const inserter = wordInserter();
  inserter.field = 'Before. ';
  const shortcuts = new Map<string, () => void>();
  const hook = new FakeKeyHook();
  const moves: string[] = [];
  const boxMoves: string[] = [];
  const fields: FieldNavigator = {
    move: async (direction) => {
      moves.push(direction);
      return { kind: 'selected' };
    },
  };
  const { open, sessions } = scriptedOpen();
  const dictation = scriptedDictationService({
    hook,
    shortcuts: {
      register: (accelerator, onPress) => {
        if (options.taken?.includes(accelerator)) return false;
        shortcuts.set(accelerator, onPress);
        return true;
      },
      unregister: (accelerator) => void shortcuts.delete(accelerator),
    },
    open,
    inserter,
    fields,
    ownWindowFocused: options.ownWindowFocused ?? (() => false),
    onBoxField: (button) => void boxMoves.push(button),
  });
  auditDictation(audit, dictation);
  dictation.applyHotkeys();
  const dictate = async (text: string) => {
    await dictation.start();
    await vi.waitFor(() => expect(sessions.length).toBeGreaterThan(0));
    sessions.at(-1)!.unit(text);
    await dictation.stop();
  };
  const trail = async () => {
    const raw = (await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')))).join(
      '\n',
    );
    return { raw, what: (await audit.read()).map((r) => r.what) };
  };
  return { dictation, inserter, shortcuts, hook, moves, boxMoves, dictate, trail };
}

describe('undo last dictation, by command and hotkey', () => {
  it('the IPC command takes exactly our text out, once; the trail records it without the text', async () => {
    const t = await setup();
    await t.dictate(`${CANARY} takes 5 mg.`);
    expect(t.inserter.field).toBe(`Before. ${CANARY} takes 5 mg.`);
    expect(t.dictation.state().undoable).toBe(true);
    const undo = createDictationHandlers(t.dictation)['dictation:undo'];
    expect(await undo({}, { channel: 'dictation:undo' })).toEqual({ ok: true, data: { accepted: true } });
    expect(t.inserter.field).toBe('Before. ');
    expect(t.dictation.state()).toMatchObject({
      undoable: false,
      box: { text: `${CANARY} takes 5 mg.`, note: { code: 'undone', app: 'winword.exe' } },
    });
    expect(await undo({}, { channel: 'dictation:undo' })).toEqual({ ok: true, data: { accepted: true } }); // nothing more: said, not thrown
    expect(t.inserter.field).toBe('Before. ');
    await vi.waitFor(async () =>
      expect((await t.trail()).what).toEqual([
        { kind: 'dictation_inserted', into: 'winword.exe' },
        { kind: 'dictation_undone', into: 'winword.exe', removed: true },
      ]),
    );
    expect((await t.trail()).raw).not.toContain('Canary');
    t.dictation.dispose();
  });

  it('the hotkey through the OS: no longer ours after the person typed, so it goes to the box', async () => {
    const t = await setup();
    await t.dictate('Wound clean.');
    t.hook.tap('A'); // the person typed in the application
    t.shortcuts.get('Alt+Shift+F9')!();
    await vi.waitFor(() => expect(t.dictation.state().box.note?.code).toBe('undo_in_box'));
    expect(t.inserter.field).toBe('Before. Wound clean.');
    await vi.waitFor(async () =>
      expect((await t.trail()).what.at(-1)).toEqual({
        kind: 'dictation_undone',
        into: 'winword.exe',
        removed: false,
      }),
    );
    t.dictation.dispose();
  });

  it('the hotkey through the key hook when another app holds it: its own keys do not end "ours"', async () => {
    const t = await setup({ taken: ['Alt+Shift+F9'] });
    await t.dictate('Wound clean.');
    expect(t.shortcuts.has('Alt+Shift+F9')).toBe(false);
    t.hook.tap('Alt', 'Shift', 'F9');
    await vi.waitFor(() => expect(t.dictation.state().box.note?.code).toBe('undone'));
    expect(t.inserter.field).toBe('Before. ');
    await vi.waitFor(async () =>
      expect((await t.trail()).what.at(-1)).toEqual({
        kind: 'dictation_undone',
        into: 'winword.exe',
        removed: true,
      }),
    );
    t.dictation.dispose();
  });

  it('next / previous field hotkeys move through the focused field’s blanks', async () => {
    const t = await setup();
    t.shortcuts.get('Control+F9')!();
    await vi.waitFor(() => expect(t.moves).toEqual(['next']));
    t.shortcuts.get('Control+Shift+F9')!();
    await vi.waitFor(() => expect(t.moves).toEqual(['next', 'previous']));
    // A field move is not an undo: nothing was taken out, nothing recorded but nothing at all.
    expect((await t.trail()).what).toEqual([]);
    t.dictation.dispose();
  });

  it('taken by the OS while our window shows the box: the box moves, not the OS field', async () => {
    let focused = true;
    const t = await setup({ ownWindowFocused: () => focused });
    t.dictation.fieldKeys.setBoxShown(true);
    t.shortcuts.get('Control+F9')!();
    expect(t.boxMoves).toEqual(['next_field']);
    // Another application has the keyboard again: its field, as always.
    focused = false;
    t.shortcuts.get('Control+Shift+F9')!();
    await vi.waitFor(() => expect(t.moves).toEqual(['previous']));
    // Ours again, but the box is no longer shown (another screen): the field too. The wait stands for the
    // person's next press (one press of a key within 300 ms is taken for a bounce).
    focused = true;
    t.dictation.fieldKeys.setBoxShown(false);
    await new Promise((resolve) => setTimeout(resolve, 350));
    t.shortcuts.get('Control+F9')!();
    await vi.waitFor(() => expect(t.moves).toEqual(['previous', 'next']));
    expect(t.boxMoves).toEqual(['next_field']);
    t.dictation.dispose();
  });

  it('through the key hook (the OS refused the chord) the box had the key itself: nothing moves twice', async () => {
    const t = await setup({ taken: ['Control+F9'], ownWindowFocused: () => true });
    t.dictation.fieldKeys.setBoxShown(true);
    t.hook.tap('Control', 'F9');
    // A later press through the OS is handled after it (same order): the hook's did nothing.
    t.shortcuts.get('Control+Shift+F9')!();
    expect(t.boxMoves).toEqual(['previous_field']);
    expect(t.moves).toEqual([]);
    t.dictation.dispose();
  });
});
