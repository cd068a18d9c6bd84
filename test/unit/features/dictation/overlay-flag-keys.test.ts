/**
 * The keys that keep and fix the flag the overlay shows, through the real DictationService with a scripted
 * session and the fake inserter: registered with the OS only while a flag shows (and released when it is
 * resolved or the overlay hides), named on the overlay, acting on that flag through the path the box's Keep
 * and Fix take; the audit trail hears that it was shown and how it was resolved.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DictationEvent, OverlayState } from '../../../../main/features/dictation/ports.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { scriptedOpen } from './scripted-session.ts';
import { scriptedDictationService } from './scripted-service.ts';

/** The OS's shortcuts: what is registered now, and a press of one. */
class Shortcuts {
  readonly registered = new Map<string, () => void>();
  refuse = false;
  register(accelerator: string, onPress: () => void): boolean {
    if (this.refuse) return false;
    this.registered.set(accelerator, onPress);
    return true;
  }
  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }
  press(accelerator: string): void {
    const press = this.registered.get(accelerator);
    if (!press) throw new Error(`${accelerator} is not registered`);
    press();
  }
}

function setup(options: { refuse?: boolean; outcomeMs?: number; flagMs?: number } = {}) {
  const inserter = new FakeInserter();
  inserter.target = { appName: 'ehr.exe' };
  const overlay: (OverlayState | null)[] = [];
  const shortcuts = new Shortcuts();
  shortcuts.refuse = options.refuse ?? false;
  const hook = new FakeKeyHook();
  const { open, sessions } = scriptedOpen();
  const dictation = scriptedDictationService({
    open,
    inserter,
    hook,
    shortcuts,
    overlay: { show: (state) => overlay.push(state) },
    ...(options.outcomeMs ? { outcomeMs: options.outcomeMs } : {}),
    ...(options.flagMs ? { flagMs: options.flagMs } : {}),
  });
  const events: DictationEvent[] = [];
  dictation.onDidReport((event) => events.push(event));
  dictation.applyHotkeys();
  const dictate = async (text: string) => {
    await dictation.start();
    await vi.waitFor(() => expect(sessions).toHaveLength(1));
    sessions[0]!.unit(text);
    await vi.waitFor(() => expect(overlay.at(-1)?.flagged).toBeTruthy());
  };
  const flagKeys = () => ['F8', 'Shift+F8'].filter((k) => shortcuts.registered.has(k));
  const resolved = () => events.filter((e) => e.kind === 'dictation_flag_resolved');
  return { dictation, inserter, overlay, shortcuts, hook, dictate, flagKeys, resolved };
}

describe('the keep and fix keys of the overlay’s flag', () => {
  it('are registered only while a flag shows; the fix key puts the suggested name in the field', async () => {
    const t = setup();
    expect(t.flagKeys()).toEqual([]);
    await t.dictation.start();
    expect(t.flagKeys()).toEqual([]); // dictating without a flag: F8 stays the EHR's
    await t.dictation.cancel();
    const t2 = setup();
    await t2.dictate('Hydroxyzine for blood pressure.');
    expect(t2.flagKeys()).toEqual(['F8', 'Shift+F8']);
    expect(t2.overlay.at(-1)?.flagKeys).toEqual({ keep: 'F8', fix: 'Shift+F8' });
    await vi.waitFor(() => expect(t2.inserter.field).toBe('Hydroxyzine for blood pressure.'));
    t2.shortcuts.press('Shift+F8');
    await vi.waitFor(() => expect(t2.inserter.field).toBe('Hydralazine for blood pressure.'));
    expect(t2.overlay.at(-1)?.flagged ?? null).toBeNull();
    expect(t2.flagKeys()).toEqual([]);
    expect(t2.resolved()).toEqual([
      {
        kind: 'dictation_flag_resolved',
        into: 'ehr.exe',
        check: 'sound_alike',
        code: 'sound_alike',
        how: 'fixed',
      },
    ]);
    await t2.dictation.stop();
    expect(t2.inserter.field).toBe('Hydralazine for blood pressure.');
    t2.dictation.dispose();
  });

  it('the keep key leaves the text as said; the fix key writes an error-prone dose the safe way', async () => {
    const t = setup();
    await t.dictate('Warfarin 5.0 mg. Insulin 10 U.');
    expect(t.overlay.at(-1)!.flagged).toMatchObject({
      code: 'error_prone_abbreviation',
      fix: { to: 'units' },
    });
    t.shortcuts.press('F8');
    await vi.waitFor(() => expect(t.resolved()).toHaveLength(1));
    expect(t.resolved()[0]).toMatchObject({ code: 'error_prone_abbreviation', how: 'kept' });
    // The other flag now shows, and the keys stay for it; its fix replaces exactly its words.
    expect(t.overlay.at(-1)?.flagged).toMatchObject({ code: 'trailing_zero', fix: { from: '5.0', to: '5' } });
    expect(t.flagKeys()).toEqual(['F8', 'Shift+F8']);
    t.shortcuts.press('Shift+F8');
    await vi.waitFor(() => expect(t.inserter.field).toBe('Warfarin 5 mg. Insulin 10 U.'));
    expect(t.resolved()).toEqual([
      expect.objectContaining({ how: 'kept' }),
      {
        kind: 'dictation_flag_resolved',
        into: 'ehr.exe',
        check: 'dose',
        code: 'trailing_zero',
        how: 'fixed',
      },
    ]);
    expect(t.flagKeys()).toEqual([]);
    await t.dictation.stop();
    expect(t.inserter.field).toBe('Warfarin 5 mg. Insulin 10 U.');
    t.dictation.dispose();
  });

  it('a flag with no single right value (sides in conflict) offers keep only; a fix of it is refused', async () => {
    const t = setup();
    await t.dictate('Left knee pain. Right knee swollen.');
    const flagged = t.overlay.at(-1)!.flagged!;
    expect(flagged).toMatchObject({ code: 'side_conflict' });
    expect(flagged.fix).toBeUndefined();
    expect(t.flagKeys()).toEqual(['F8']);
    expect(t.overlay.at(-1)?.flagKeys).toEqual({ keep: 'F8' });
    t.dictation.resolveFlag(flagged.id, 'fix'); // a stale Fix button: nothing changes, nothing is recorded
    expect(t.resolved()).toEqual([]);
    expect(t.overlay.at(-1)?.flagged?.id).toBe(flagged.id);
    t.shortcuts.press('F8');
    expect(t.resolved()).toMatchObject([{ code: 'side_conflict', how: 'kept' }]);
    await t.dictation.stop();
    expect(t.inserter.field).toBe('Left knee pain. Right knee swollen.');
    t.dictation.dispose();
  });

  it('after the dictation only keep acts on the outcome’s flag (the text is the application’s), and goes when the overlay hides', async () => {
    const t = setup({ outcomeMs: 30, flagMs: 60_000 }); // the outcome waits on its flag, not outcomeMs
    await t.dictate('Warfarin 5.0 mg.');
    await t.dictation.stop();
    expect(t.overlay.at(-1)).toMatchObject({ phase: 'inserted', flagged: { code: 'trailing_zero' } });
    // Fix would change nothing in the application now: neither offered nor taken from it.
    expect(t.flagKeys()).toEqual(['F8']);
    expect(t.overlay.at(-1)?.flagKeys).toEqual({ keep: 'F8' });
    expect(() => t.shortcuts.press('Shift+F8')).toThrow('not registered');
    expect(t.resolved()).toEqual([]);
    t.shortcuts.press('F8');
    expect(t.resolved()).toMatchObject([{ code: 'trailing_zero', how: 'kept', into: 'ehr.exe' }]);
    expect(t.overlay.at(-1)).toMatchObject({ phase: 'inserted', flagged: null });
    expect(t.flagKeys()).toEqual([]);
    expect(t.dictation.state().box.flags ?? []).toEqual([]);
    await vi.waitFor(() => expect(t.overlay.at(-1)).toBeNull()); // kept: it goes as one without a flag
    const hides = setup({ outcomeMs: 60_000, flagMs: 30 });
    await hides.dictate('Warfarin 5.0 mg.');
    await hides.dictation.stop();
    expect(hides.flagKeys()).toEqual(['F8']);
    await vi.waitFor(() => expect(hides.overlay.at(-1)).toBeNull());
    expect(hides.flagKeys()).toEqual([]);
    expect(hides.resolved()).toEqual([]);
    t.dictation.dispose();
    hides.dictation.dispose();
  });

  it('through the key hook where the OS refuses them: only while a flag shows, never typed into the field', async () => {
    const t = setup({ refuse: true });
    t.hook.tap('F8');
    await t.dictate('Hydroxyzine for blood pressure.');
    expect(t.overlay.at(-1)?.flagKeys).toEqual({ keep: 'F8', fix: 'Shift+F8' });
    t.hook.press('Shift');
    t.hook.tap('F8');
    t.hook.release('Shift');
    await vi.waitFor(() => expect(t.inserter.field).toBe('Hydralazine for blood pressure.'));
    expect(t.resolved()).toMatchObject([{ how: 'fixed' }]);
    t.hook.tap('F8'); // no flag shows: not ours, nothing resolved
    expect(t.resolved()).toHaveLength(1);
    await t.dictation.stop();
    expect(t.inserter.field).toBe('Hydralazine for blood pressure.');
    t.dictation.dispose();
  });
});
