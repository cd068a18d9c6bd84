/**
 * The CLI's clipboard (xclip) on a real X display, read by another process (xclip -o): each write is what
 * the other process reads, including the writes served by the writer started in advance, and the writer
 * left waiting at the end of a run never takes the clipboard (neither after restore nor after close), and a
 * snapshot after a restore (or with no owner, taken without reading it) is what the clipboard holds then.
 */
import { describe, expect, it } from 'vitest';
import type { ClipboardSnapshot } from '../../../../native/desktop.ts';
import { readClipboard, setClipboard, until } from './x11-harness.ts';
import { clipboardPerTest } from './x11-suite.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;
const THEIRS = 'their own copied text';
const textOf = (snapshot: ClipboardSnapshot) =>
  snapshot.entries.map((e) => Buffer.from(e.bytes).toString('utf8')).join('');

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

  it('a snapshot after a restore is what the clipboard holds: what was put back, or what was copied since', async () => {
    const first = await x.clipboard.snapshot();
    expect(textOf(first)).toBe(THEIRS);
    await x.clipboard.writeTransient('Chest pain, 75 µg');
    await x.clipboard.restore(first);
    expect(textOf(await x.clipboard.snapshot())).toBe(THEIRS);
    await x.clipboard.writeTransient('second run');
    await x.clipboard.restore(first);
    const restoredBy = x.desktop.clipboardOwner();
    await setClipboard(x.screen, 'copied since');
    await until(() => ![0, restoredBy].includes(x.desktop.clipboardOwner()), 'their new copy to own it');
    expect(textOf(await x.clipboard.snapshot())).toBe('copied since');
    // Two copies since, each by a new client: the second may own the selection under the window id the
    // restore's xclip had (the X server reuses it). Still their copy, not the restored text.
    await x.clipboard.restore(first);
    const restoredAgain = x.desktop.clipboardOwner();
    await setClipboard(x.screen, 'copied once');
    await until(() => ![0, restoredAgain].includes(x.desktop.clipboardOwner()), 'their first copy');
    const firstCopy = x.desktop.clipboardOwner();
    await setClipboard(x.screen, 'copied twice');
    await until(() => ![0, firstCopy].includes(x.desktop.clipboardOwner()), 'their second copy');
    expect(textOf(await x.clipboard.snapshot())).toBe('copied twice');
  }, 30_000);
});

describeX('the xclip clipboard on a real X display, empty', () => {
  const x = clipboardPerTest(async () => undefined);

  it('an empty clipboard is an empty snapshot, and nothing owns it again after the restore', async () => {
    const snapshot = await x.clipboard.snapshot();
    expect(snapshot.entries).toEqual([]);
    await x.clipboard.writeTransient('Chest pain, 75 µg');
    expect(await readClipboard(x.screen)).toBe('Chest pain, 75 µg');
    await x.clipboard.restore(snapshot);
    await until(() => x.desktop.clipboardOwner() === 0, 'no owner');
    expect((await x.clipboard.snapshot()).entries).toEqual([]);
    expect(await readClipboard(x.screen)).toBeUndefined();
  }, 30_000);
});
