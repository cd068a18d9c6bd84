/**
 * The CLI's clipboard (xclip) on a real X display, read by another process (xclip -o): each write is what
 * the other process reads, including the writes served by the writer started in advance, and the writer
 * left waiting at the end of a run never takes the clipboard (neither after restore nor after close).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openX11Desktop, type X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import { readClipboard, setClipboard, startDisplay, type TestDisplay } from './x11-harness.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;
const THEIRS = 'their own copied text';

describeX('the xclip clipboard on a real X display', () => {
  let screen: TestDisplay;
  let desktop: X11Desktop;
  let clipboard: XclipClipboard;

  beforeEach(async () => {
    screen = await startDisplay();
    desktop = openX11Desktop(screen.display);
    clipboard = new XclipClipboard(screen.env, () => desktop.clipboardOwner());
    await setClipboard(screen, THEIRS);
  }, 30_000);

  afterEach(async () => {
    await clipboard?.close();
    await desktop?.close();
    screen?.close();
  });

  it('serves each write to another process, then gives the old content back', async () => {
    const snapshot = await clipboard.snapshot();
    for (const text of ['Temp 37 °C — ok.', 'dose 5 µg, Müller', 'aspirin.']) {
      await clipboard.writeTransient(text);
      expect(await readClipboard(screen)).toBe(text);
      await new Promise((r) => setTimeout(r, 300)); // the next write goes to the writer started meanwhile
    }
    await clipboard.restore(snapshot);
    expect(await readClipboard(screen)).toBe(THEIRS);
  }, 30_000);

  it('the writer waiting for a next paste never takes the clipboard', async () => {
    const snapshot = await clipboard.snapshot();
    await clipboard.writeTransient('Chest pain, 75 µg');
    expect(await readClipboard(screen)).toBe('Chest pain, 75 µg'); // read: the next writer starts
    await new Promise((r) => setTimeout(r, 300));
    await clipboard.restore(snapshot);
    await new Promise((r) => setTimeout(r, 300)); // an ended spare would take it within this time
    expect(await readClipboard(screen)).toBe(THEIRS);
    await clipboard.writeTransient('second run');
    expect(await readClipboard(screen)).toBe('second run');
    await new Promise((r) => setTimeout(r, 300));
    await clipboard.close(); // what we wrote last stays, served by a detached xclip
    await new Promise((r) => setTimeout(r, 300));
    expect(await readClipboard(screen)).toBe('second run');
  }, 30_000);
});
