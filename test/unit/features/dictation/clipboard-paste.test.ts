import { describe, expect, it, vi } from 'vitest';
import { FakeClipboard, FakeDesktop } from '../../../../native/desktop.fake.ts';
import type { InsertionClipboard } from '../../../../native/desktop.ts';
import {
  ClipboardPaster,
  ClipboardRestoreError,
} from '../../../../main/features/dictation/insertion/clipboard-paste.ts';

/** A clipboard that cannot tell when it was read (Electron's). */
class BlindClipboard extends FakeClipboard {
  override async writeTransient(text: string): Promise<{ transient: boolean; pasted: Promise<boolean> }> {
    const written = await super.writeTransient(text);
    void written.pasted;
    return { transient: true, pasted: new Promise<boolean>(() => undefined) };
  }
}

/** `fake` with no way to see reads at all (as Windows' clipboard): its writes promise nothing about them. */
function unseenReads(fake: FakeClipboard): InsertionClipboard {
  return {
    snapshot: () => fake.snapshot(),
    writeTransient: async (text) => ({ transient: (await fake.writeTransient(text)).transient }),
    readText: () => fake.readText(),
    restore: (snapshot) => fake.restore(snapshot),
    close: () => fake.close(),
  };
}

/** A desktop with one window, the paste's target. */
function oneWindow(): FakeDesktop {
  const desktop = new FakeDesktop();
  desktop.addWindow('w', 'app');
  return desktop;
}

/** A paster into one window over `clipboard`, which holds the user's 'theirs', restoring after `restoreDelayMs`. */
function pasterHolding(clipboard: FakeClipboard, restoreDelayMs: number): ClipboardPaster {
  clipboard.text = 'theirs';
  return new ClipboardPaster(clipboard, oneWindow(), {
    restoreDelayMs,
    readWaitMs: 0,
    settleMs: 0,
    blindSettleMs: 0,
  });
}

describe('ClipboardPaster', () => {
  it('where reads cannot be seen, a paste resolves at once and the settle time holds the next clipboard write', async () => {
    const desktop = oneWindow();
    // A settle time no test waits out: the paste resolves without it (keys sent next need not wait).
    const slow = new ClipboardPaster(unseenReads(new FakeClipboard()), desktop, {
      readWaitMs: 0,
      settleMs: 600_000,
      blindSettleMs: 600_000,
    });
    expect(await slow.paste('one', 'ctrl-v')).toBe('unknown');
    // The next clipboard write waits it out, counted from the chord.
    const clipboard = new FakeClipboard();
    const paster = new ClipboardPaster(unseenReads(clipboard), desktop, {
      restoreDelayMs: 20,
      readWaitMs: 0,
      settleMs: 0,
      blindSettleMs: 300,
    });
    await paster.paste('one', 'ctrl-v');
    const chord = Date.now();
    await paster.paste('two', 'ctrl-v');
    expect(Date.now() - chord).toBeGreaterThanOrEqual(290);
    expect(clipboard.writes).toEqual(['one', 'two']);
  });

  it('holds the next write for the blind settle time only where the field cannot be read back', async () => {
    // The other test shows the unreadable field's wait; here a readable field's paste is followed after
    // its own settle time, never the blind one (the test would time out on it).
    const clipboard = new FakeClipboard();
    const timings = { restoreDelayMs: 60_000, readWaitMs: 0, settleMs: 100, blindSettleMs: 600_000 };
    const paster = new ClipboardPaster(unseenReads(clipboard), oneWindow(), timings);
    const never = async (): Promise<boolean> => false; // readable, never showing it: the whole settle time
    await paster.paste('readable', 'ctrl-v', never);
    const chord = Date.now();
    await paster.paste('next', 'ctrl-v', never);
    expect(Date.now() - chord).toBeGreaterThanOrEqual(90);
    // Read back showing it, the field is known readable: a correction's paste (no `shown`) is not blind.
    paster.sawShown();
    await paster.paste('correction', 'ctrl-v');
    await paster.paste('after', 'ctrl-v');
    expect(clipboard.writes).toEqual(['readable', 'next', 'correction', 'after']);
  });

  it('restores at the end only after the usual delay when the read could not be confirmed', async () => {
    const clipboard = new BlindClipboard();
    const paster = pasterHolding(clipboard, 200);
    await paster.paste('ours', 'ctrl-v');
    const started = Date.now();
    await paster.flush();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(clipboard.text).toBe('theirs');
  });

  it('restores at the end after the usual delay too when the target was seen reading (it may not have pasted yet)', async () => {
    const desktop = oneWindow();
    desktop.clipboard.text = 'theirs';
    const paster = new ClipboardPaster(desktop.clipboard, desktop, { restoreDelayMs: 200, readWaitMs: 1000 });
    expect(await paster.paste('ours', 'ctrl-v')).toBe('read');
    const started = Date.now();
    await paster.flush();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(desktop.clipboard.text).toBe('theirs');
    expect(desktop.clipboard.writes).toEqual(['ours']);
  });
});

/** A clipboard whose helper is gone by the time the old content should come back. */
class BrokenRestoreClipboard extends FakeClipboard {
  broken = true;
  attempts = 0;
  override async restore(snapshot: Parameters<FakeClipboard['restore']>[0]): Promise<void> {
    this.attempts++;
    if (this.broken) throw new Error(`xclip died holding ${String(this.text)}`);
    await super.restore(snapshot);
  }
}

describe('ClipboardPaster when the restore fails', () => {
  it('leaves no unhandled rejection, reports it at the next paste without clipboard text, restores at flush', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const clipboard = new BrokenRestoreClipboard();
      const paster = pasterHolding(clipboard, 10);
      await paster.paste('CANARY-PATIENT-7731', 'ctrl-v');
      await vi.waitFor(() => expect(clipboard.attempts).toBe(1));
      // Let a rejection from the timed restore surface, if there is one (Node reports it after a macrotask).
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);

      const failure = await paster.paste('more', 'ctrl-v').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ClipboardRestoreError);
      expect((failure as ClipboardRestoreError).code).toBe('clipboard_restore_failed');
      expect(JSON.stringify(failure) + String(failure)).not.toContain('CANARY');

      clipboard.broken = false;
      await paster.flush();
      expect(clipboard.text).toBe('theirs');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

/** A clipboard whose target starts reading at once and finishes only when told (a loaded machine). */
class SlowReaderClipboard extends FakeClipboard {
  #finish: ((read: boolean) => void) | undefined;
  started = true;
  override async writeTransient(
    text: string,
  ): Promise<{ transient: boolean; reading: Promise<void>; pasted: Promise<boolean> }> {
    await super.writeTransient(text);
    const pasted = new Promise<boolean>((resolve) => (this.#finish = resolve));
    return {
      transient: true,
      reading: this.started ? Promise.resolve() : new Promise<void>(() => undefined),
      pasted,
    };
  }
  finishReading(): void {
    this.#finish?.(true);
  }
}

describe('ClipboardPaster and a target that reads slowly', () => {
  const timings = { restoreDelayMs: 60_000, readWaitMs: 50, settleMs: 0 };

  it('waits out reads that started in time, however long they take, and calls the paste read', async () => {
    const desktop = oneWindow();
    const clipboard = new SlowReaderClipboard();
    const paster = new ClipboardPaster(clipboard, desktop, timings);
    let outcome: string | undefined;
    vi.useFakeTimers();
    try {
      const pasting = paster.paste('ours', 'ctrl-v').then((o) => (outcome = o));
      // Well past readWaitMs: still waiting, because the target is still reading.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(outcome).toBeUndefined();
      clipboard.finishReading();
      await pasting;
      expect(outcome).toBe('read');
    } finally {
      vi.useRealTimers();
    }
  });

  it('calls a paste nobody started reading within readWaitMs unread', async () => {
    const desktop = oneWindow();
    const clipboard = new SlowReaderClipboard();
    clipboard.started = false;
    const paster = new ClipboardPaster(clipboard, desktop, timings);
    await expect(paster.paste('ours', 'ctrl-v')).resolves.toBe('unread');
  });
});

describe('ClipboardPaster where reads cannot be seen, into a readable field', () => {
  const setup = (settleMs: number) => {
    const desktop = new FakeDesktop();
    desktop.addWindow('w', 'app');
    const clipboard = new FakeClipboard();
    const timings = { restoreDelayMs: 60_000, readWaitMs: 0, settleMs };
    return { clipboard, paster: new ClipboardPaster(unseenReads(clipboard), desktop, timings) };
  };

  it('writes the next paste once the field shows the last one (a target shows a paste once it has read it)', async () => {
    const { clipboard, paster } = setup(600_000);
    let looks = 0;
    // The field shows the text at the third look: long before the ten minutes of settle time.
    expect(await paster.paste('one', 'ctrl-v', async () => ++looks >= 3)).toBe('unknown');
    await paster.paste('two', 'ctrl-v');
    expect(looks).toBe(3);
    expect(clipboard.writes).toEqual(['one', 'two']);
  });

  it('waits the whole settle time when the field never shows the text, or cannot be read', async () => {
    const { clipboard, paster } = setup(60_000);
    vi.useFakeTimers();
    try {
      const unreadable = async (): Promise<boolean> => {
        throw new Error('unreadable');
      };
      await paster.paste('one', 'ctrl-v', unreadable);
      let second = false;
      const pasting = paster.paste('two', 'ctrl-v').then(() => (second = true));
      await vi.advanceTimersByTimeAsync(59_000);
      expect(second).toBe(false);
      expect(clipboard.writes).toEqual(['one']);
      await vi.advanceTimersByTimeAsync(2_000);
      await pasting;
      expect(clipboard.writes).toEqual(['one', 'two']);
    } finally {
      vi.useRealTimers();
    }
  });
});
