/**
 * Text a copy fallback leaves on the clipboard: the message the overlay and the box get carries when it is
 * cleared (the seconds of `dictationClipboardClearSeconds`, and the due time the window counts down to);
 * once the clear ran, the box says when, and the overlay says so between dictations; when someone copied
 * since, the countdown goes and nothing is said to be cleared. The real insertion engine over the fake
 * desktop and its clipboard, and the real DictationService; no service, no display.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DictationService } from '../../../../main/features/dictation/dictation-service.ts';
import { ClipboardInserter } from '../../../../main/features/dictation/clipboard-inserter.ts';
import { EngineInserter } from '../../../../main/features/dictation/engine-inserter.ts';
import {
  clearAfterSeconds,
  clearCopiedNow,
} from '../../../../main/features/dictation/insertion/copied-expiry.ts';
import type { OverlayState } from '../../../../main/features/dictation/ports.ts';
import { FakeDesktop } from '../../../../native/desktop.fake.ts';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { FakeSecureInput } from '../../../../native/secure-input.ts';
import { DictationStateSchema } from '../../../../preload/contract/dto-dictation.ts';
import { dictationMessageText } from '../../../../preload/words/index.ts';

const CANARY = 'CANARY-copied-dose-5d1c';
const disposals: Array<() => void> = [];
afterEach(() => {
  for (const d of disposals.splice(0)) d();
});

/** The service over the engine in copy mode, clearing after `seconds` (fractions keep the test short). */
function setup(seconds: number) {
  const desktop = new FakeDesktop();
  desktop.addWindow('w1', 'Epic.exe');
  const overlay: (OverlayState | null)[] = [];
  const inserter = new EngineInserter({
    desktop,
    clipboard: desktop.clipboard,
    platform: 'win32',
    mode: () => 'copy',
    rules: () => [],
    clearCopiedAfterSec: () => seconds,
  });
  const dictation = new DictationService({
    hook: new FakeKeyHook(),
    shortcuts: null,
    platform: 'win32',
    accessibility: () => 'not-needed',
    secureInput: new FakeSecureInput(),
    settings: { get: () => ({}), locked: () => [], choice: () => ({}) } as never,
    history: { add: async () => undefined, list: () => [], get: () => undefined } as never,
    // The box's Copy writes where the engine's copies go, and is cleared on the same setting.
    clipboard: { writeText: async (text) => desktop.clipboard.writeTransient(text) },
    clearCopied: clearAfterSeconds(desktop.clipboard, () => seconds),
    open: async () => {
      throw new Error('no dictation in this test');
    },
    microphone: { take: () => ({}), rest: () => undefined } as never,
    lock: { holder: () => null, acquire: () => true, release: () => undefined },
    inserter,
    overlay: { show: (state) => void overlay.push(state) },
    outcomeMs: 5,
  });
  disposals.push(() => dictation.dispose());
  return { desktop, dictation, inserter, overlay };
}

describe('the clipboard clear a clinician is told about', () => {
  it('the copied outcome carries the seconds and the due time; the box then says when it was cleared', async () => {
    const { desktop, dictation, inserter, overlay } = setup(60);
    await inserter.captureTarget(); // Epic, the last target: "insert again" goes back there
    const before = Date.now();
    await dictation.insertText(`${CANARY} 5 mg.`);
    expect(desktop.clipboard.text).toBe(`${CANARY} 5 mg.`);
    const note = dictation.state().box.note;
    expect(note).toMatchObject({ code: 'copy_mode', clipboard: { state: 'pending', seconds: 60 } });
    const at = (note?.clipboard as { at: number }).at;
    expect(at).toBeGreaterThanOrEqual(before + 60_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 60_000);
    // What the window makes of it, 18 s later: the time left.
    expect(dictationMessageText(note, at - 42_000)).toBe(
      'Copied to the clipboard (copy-only mode). The clipboard is cleared in 42 seconds.',
    );
    // Times only cross to the window, never the text.
    expect(JSON.stringify(DictationStateSchema.shape.box.parse(dictation.state().box).note)).not.toContain(
      CANARY,
    );
    expect(overlay).toEqual([]);
  });

  it('once cleared: the box says when, the overlay says so; someone copied since: nothing is said cleared', async () => {
    for (const copiedSince of [false, true]) {
      const { desktop, dictation, inserter, overlay } = setup(0.03);
      await inserter.captureTarget();
      await dictation.insertText(`${CANARY} 5 mg.`);
      expect(dictation.state().box.note?.clipboard).toMatchObject({ state: 'pending', seconds: 1 });
      if (copiedSince) desktop.clipboard.text = 'theirs';
      await expect.poll(() => dictation.state().box.note?.clipboard?.state ?? 'gone').not.toBe('pending');
      const note = dictation.state().box.note!;
      if (copiedSince) {
        expect(note).toEqual({ code: 'copy_mode', app: 'Epic.exe' });
        expect(desktop.clipboard.text).toBe('theirs');
        expect(overlay).toEqual([]);
        continue;
      }
      expect(desktop.clipboard.text).toBe('');
      expect(note.clipboard).toMatchObject({ state: 'cleared' });
      const at = new Date((note.clipboard as { at: number }).at);
      expect(dictationMessageText(note)).toBe(
        `Copied to the clipboard (copy-only mode). The clipboard was cleared at ${at.toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' })}.`,
      );
      expect(overlay[0]).toMatchObject({ phase: 'notice', message: { code: 'clipboard_cleared' } });
    }
  });

  it('with no clear set (0), nothing is announced', async () => {
    const { dictation, inserter } = setup(0);
    await inserter.captureTarget();
    await dictation.insertText('words');
    expect(dictation.state().box.note).toEqual({ code: 'copy_mode', app: 'Epic.exe' });
  });

  it("the box's Copy (and a history entry's) is cleared on the same setting, and the box says when", async () => {
    const { desktop, dictation } = setup(0.03);
    await dictation.copyText(`${CANARY} 5 mg.`);
    expect(desktop.clipboard.text).toBe(`${CANARY} 5 mg.`);
    expect(dictation.state().box.note).toMatchObject({
      code: 'copied',
      clipboard: { state: 'pending', seconds: 1 },
    });
    expect(dictationMessageText(dictation.state().box.note)).toMatch(
      /The clipboard is cleared in 1 second\./,
    );
    await expect.poll(() => dictation.state().box.note?.clipboard?.state).toBe('cleared');
    expect(desktop.clipboard.text).toBe('');
    // Nothing set (0): copied, and nothing announced.
    const never = setup(0);
    await never.dictation.copyText('words');
    expect(never.dictation.state().box.note).toEqual({ code: 'copied' });
  });

  it('the same text copied again gets its full time: the earlier clear does not take it early', async () => {
    const { desktop, dictation } = setup(0.3);
    await dictation.copyText(`${CANARY} 5 mg.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await dictation.copyText(`${CANARY} 5 mg.`);
    // Past the first copy's time, before the second's: still there, still counting down.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(desktop.clipboard.text).toBe(`${CANARY} 5 mg.`);
    expect(dictation.state().box.note?.clipboard?.state).toBe('pending');
    await expect.poll(() => dictation.state().box.note?.clipboard?.state).toBe('cleared');
    expect(desktop.clipboard.text).toBe('');
  });

  it('quitting clears what still waits for its clear, and leaves what someone copied since', async () => {
    const ours = setup(600);
    const theirs = setup(600);
    await ours.dictation.copyText(`${CANARY} 5 mg.`);
    await theirs.dictation.copyText(`${CANARY} 10 mg.`);
    theirs.desktop.clipboard.text = 'theirs';
    await clearCopiedNow();
    expect(ours.desktop.clipboard.text).toBe('');
    expect(theirs.desktop.clipboard.text).toBe('theirs');
    // Done once: a copy after it waits for its own time again.
    await ours.dictation.copyText(`${CANARY} 5 mg.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ours.desktop.clipboard.text).toBe(`${CANARY} 5 mg.`);
    await clearCopiedNow();
    expect(ours.desktop.clipboard.text).toBe('');
  });

  it('the copy-only fallback (no desktop layer) clears its copy too', async () => {
    const { desktop } = setup(0);
    const inserter = new ClipboardInserter(
      (text) => desktop.clipboard.writeTransient(text),
      clearAfterSeconds(desktop.clipboard, () => 0.03),
    );
    const outcome = await inserter.insertAgain(`${CANARY} 5 mg.`);
    expect(outcome).toMatchObject({
      kind: 'copied',
      reason: { code: 'copy_only_system', clipboard: { state: 'pending', seconds: 1 } },
    });
    expect(await (outcome as { cleared: Promise<string> }).cleared).toBe('cleared');
    expect(desktop.clipboard.text).toBe('');
  });
});
