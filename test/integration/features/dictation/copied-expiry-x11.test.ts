/**
 * The copy-fallback's text is cleared from a real X clipboard (xclip, read by another process) when its
 * time comes, only while the clipboard still holds it: text someone copied since stays.
 */
import { describe, expect, it } from 'vitest';
import { clearCopiedLater } from '../../../../main/features/dictation/insertion/copied-expiry.ts';
import { readClipboard, setClipboard } from './x11-harness.ts';
import { clipboardPerTest } from './x11-suite.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;
const OURS = 'CANARY-COPY-3c1d metoprolol 25 mg';

describeX('clearing copied dictation text on a real X display', () => {
  const x = clipboardPerTest(async ({ screen, clipboard }) => {
    await clipboard.writeTransient(OURS);
    await clipboard.close(); // as after a dictation: the text outlives the insertion
    expect(await readClipboard(screen)).toBe(OURS);
  });

  it('clears our text when its time comes', async () => {
    const clear = clearCopiedLater(x.clipboard, OURS, 50);
    expect(await clear.done).toBe('cleared');
    expect(await readClipboard(x.screen)).not.toContain('CANARY');
  }, 30_000);

  it('leaves text copied since by someone else', async () => {
    // Their copy lands before the clear is even scheduled: a 50 ms timer racing an xclip start under load
    // could clear first. What the clear checks is the clipboard at its time, so the order proves the same.
    await setClipboard(x.screen, 'their own text');
    const clear = clearCopiedLater(x.clipboard, OURS, 50);
    expect(await clear.done).toBe('kept');
    expect(await readClipboard(x.screen)).toBe('their own text');
  }, 30_000);

  it('does nothing once cancelled', async () => {
    const clear = clearCopiedLater(x.clipboard, OURS, 50);
    clear.cancel();
    expect(await clear.done).toBe('cancelled');
    expect(await readClipboard(x.screen)).toBe(OURS);
  }, 30_000);
});
