/**
 * The CLI's clipboard (xclip) on a real X display, read by another process (xclip -o): each write is what
 * the other process reads, including the writes served by the writer started in advance, and the writer
 * left waiting at the end of a run never takes the clipboard (neither after restore nor after close).
 */
import { describe, expect, it } from 'vitest';
import { readClipboard, setClipboard } from './x11-harness.ts';
import { clipboardPerTest } from './x11-suite.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;
const THEIRS = 'their own copied text';

describeX('the xclip clipboard on a real X display', () => {
  const x = clipboardPerTest(({ screen }) => setClipboard(screen, THEIRS));

  it('serves each write to another process, then gives the old content back', async () => {
    const snapshot = await x.clipboard.snapshot();
    for (const text of ['Temp 37 °C — ok.', 'dose 5 µg, Müller', 'aspirin.']) {
      await x.clipboard.writeTransient(text);
      expect(await readClipboard(x.screen)).toBe(text);
      await new Promise((r) => setTimeout(r, 300)); // the next write goes to the writer started meanwhile
    }
    await x.clipboard.restore(snapshot);
    expect(await readClipboard(x.screen)).toBe(THEIRS);
  }, 30_000);

  it('the writer waiting for a next paste never takes the clipboard', async () => {
    const snapshot = await x.clipboard.snapshot();
    await x.clipboard.writeTransient('Chest pain, 75 µg');
    expect(await readClipboard(x.screen)).toBe('Chest pain, 75 µg'); // read: the next writer starts
    await new Promise((r) => setTimeout(r, 300));
    await x.clipboard.restore(snapshot);
    await new Promise((r) => setTimeout(r, 300)); // an ended spare would take it within this time
    expect(await readClipboard(x.screen)).toBe(THEIRS);
    await x.clipboard.writeTransient('second run');
    expect(await readClipboard(x.screen)).toBe('second run');
    await new Promise((r) => setTimeout(r, 300));
    await x.clipboard.close(); // what we wrote last stays, served by a detached xclip
    await new Promise((r) => setTimeout(r, 300));
    expect(await readClipboard(x.screen)).toBe('second run');
  }, 30_000);
});
