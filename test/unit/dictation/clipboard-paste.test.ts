import { describe, expect, it } from 'vitest';
import { FakeClipboard, FakeDesktop } from '../../../native/desktop-fake.ts';
import { ClipboardPaster } from '../../../main/dictation/insertion/clipboard-paste.ts';

/** A clipboard that cannot tell when it was read (Electron's). */
class BlindClipboard extends FakeClipboard {
  override async writeTransient(text: string): Promise<{ transient: boolean; pasted: Promise<boolean> }> {
    const written = await super.writeTransient(text);
    void written.pasted;
    return { transient: true, pasted: new Promise<boolean>(() => undefined) };
  }
}

describe('ClipboardPaster', () => {
  it('restores at the end only after the usual delay when the read could not be confirmed', async () => {
    const desktop = new FakeDesktop();
    desktop.addWindow('w', 'app');
    const clipboard = new BlindClipboard();
    clipboard.text = 'theirs';
    const paster = new ClipboardPaster(clipboard, desktop, {
      restoreDelayMs: 200,
      readWaitMs: 0,
      settleMs: 0,
    });
    await paster.paste('ours', 'ctrl-v');
    const started = Date.now();
    await paster.flush();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(clipboard.text).toBe('theirs');
  });

  it('restores at once when the target was seen reading', async () => {
    const desktop = new FakeDesktop();
    desktop.addWindow('w', 'app');
    desktop.clipboard.text = 'theirs';
    const paster = new ClipboardPaster(desktop.clipboard, desktop, {
      restoreDelayMs: 60_000,
      readWaitMs: 1000,
    });
    await paster.paste('ours', 'ctrl-v');
    await paster.flush();
    expect(desktop.clipboard.text).toBe('theirs');
    expect(desktop.clipboard.writes).toEqual(['ours']);
  });
});
