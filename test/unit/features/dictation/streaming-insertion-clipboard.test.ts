/**
 * StreamingInsertion where the clipboard carries the text: copy mode, the copied text cleared when its time
 * comes, a window that cannot be brought back, keys the OS refused, a paste the window never read, and the
 * person's own copy never overwritten.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeDesktop } from '../../../../native/desktop.fake.ts';
import type { InsertionClipboard } from '../../../../native/desktop.ts';
import { StreamingInsertion } from '../../../../main/features/dictation/insertion/streaming-insertion.ts';
import { FAST, setup } from './insertion-rig.ts';

afterEach(() => void vi.useRealTimers());

describe('StreamingInsertion through the clipboard', () => {
  it('copy mode copies the whole text and leaves it there', async () => {
    const { desktop, field, insertion } = await setup('copy');
    insertion.update('All of it.');
    expect(await insertion.finish()).toMatchObject({ notInserted: 'copy_mode' });
    expect(field.text).toBe('');
    expect(desktop.clipboard.text).toBe('All of it.');
  });

  it('clears the copied text when its time comes, unless someone copied since', async () => {
    for (const copiedSince of [false, true]) {
      const desktop = new FakeDesktop();
      desktop.addWindow('w1', 'Tk');
      const insertion = await StreamingInsertion.begin({
        desktop,
        clipboard: desktop.clipboard,
        mode: 'copy',
        pasteTimings: FAST,
        clearCopiedAfterMs: 30,
      });
      insertion.update('CANARY-9d2e dose.');
      await insertion.finish();
      expect(desktop.clipboard.text).toBe('CANARY-9d2e dose.');
      if (copiedSince) desktop.clipboard.text = 'theirs';
      await expect.poll(() => desktop.clipboard.writes.length).toBe(copiedSince ? 1 : 2);
      expect(desktop.clipboard.text).toBe(copiedSince ? 'theirs' : '');
    }
  });

  it('a window that cannot be brought back: the rest is copied, nothing typed elsewhere', async () => {
    const { desktop, field, other, insertion } = await setup();
    insertion.update('First.');
    await expect.poll(() => field.text).toBe('First.');
    desktop.active = 'w2';
    desktop.refuseFocus.add('w1');
    insertion.update('First. Second.');
    const result = await insertion.finish();
    expect(result).toMatchObject({ notInserted: 'focus_lost', complete: false });
    expect(other.text).toBe('');
    expect(desktop.clipboard.text).toBe(' Second.');
  });

  it('keys the OS refused: the text is copied instead', async () => {
    const { desktop, insertion } = await setup('type');
    desktop.failKeys = true;
    insertion.update('Words.');
    expect(await insertion.finish()).toMatchObject({ notInserted: 'insert_failed' });
    expect(desktop.clipboard.text).toBe('Words.');
  });

  it('a paste the window never read: reported as not landed, the text from there on kept on the clipboard', async () => {
    const { desktop, field, insertion } = await setup('paste');
    insertion.update('First.');
    await expect.poll(() => field.text).toBe('First.');
    field.ignoresPaste = true;
    insertion.update('First. Second.');
    insertion.update('First. Second. Third.');
    const result = await insertion.finish();
    expect(result).toMatchObject({ notInserted: 'not_landed', complete: false });
    expect(field.text).toBe('First.');
    expect(desktop.clipboard.text).toBe(' Second. Third.');
  });

  it('a correction whose paste was never read: the corrected words are kept with the rest', async () => {
    const { desktop, field, insertion } = await setup('paste');
    insertion.update('Continue a spring, recheck.');
    await expect.poll(() => field.text).toBe('Continue a spring, recheck.');
    field.ignoresPaste = true;
    insertion.update('Continue aspirin, recheck.');
    const result = await insertion.finish();
    expect(result).toMatchObject({ notInserted: 'not_landed', correctionsInPlace: 0 });
    expect(field.text).toBe('Continue a'); // the tail was taken out, its replacement never arrived
    expect(desktop.clipboard.text).toBe('spirin, recheck.');
  });

  it('keys the person typed while a paste went out: a later correction goes to the dictation box', async () => {
    const { desktop, field, insertion } = await setup('paste');
    const paste = desktop.sendPaste.bind(desktop);
    desktop.sendPaste = async (chord) => {
      await paste(chord);
      desktop.personTypes('X'); // before the target finished reading: the write is still going out
    };
    insertion.update('Continue a spring.');
    await insertion.settled();
    insertion.update('Continue aspirin.');
    const result = await insertion.finish();
    expect(result).toMatchObject({ correctionsInPlace: 0, correctionsInBox: 1 });
    expect(field.text).toBe('Continue a spring.X');
  });

  it('does not restore the clipboard when the person copied something meanwhile', async () => {
    const { desktop, insertion } = await setup('paste', 'Tk', { ...FAST, restoreDelayMs: 50 });
    insertion.update('Ours.');
    await expect.poll(() => desktop.clipboard.writes.length).toBe(1);
    desktop.clipboard.text = 'copied by the person';
    await insertion.finish();
    expect(desktop.clipboard.text).toBe('copied by the person');
    expect(desktop.clipboard.restores).toBe(0);
  });

  it('a paste its read-back saw in the field is read: after a scratch the next paste does not wait its settle time', async () => {
    const desktop = new FakeDesktop();
    const field = desktop.addWindow('w1', 'Notepad');
    field.readable = true;
    const clipboard = desktop.clipboard;
    // As Windows' clipboard: it cannot tell when the target read it, so each paste holds the next write.
    const blind: InsertionClipboard = {
      snapshot: () => clipboard.snapshot(),
      writeTransient: async (text) => ({ transient: (await clipboard.writeTransient(text)).transient }),
      readText: () => clipboard.readText(),
      restore: (snapshot) => clipboard.restore(snapshot),
      close: () => clipboard.close(),
    };
    const timings = { restoreDelayMs: 20, readWaitMs: 0, settleMs: 60_000, blindSettleMs: 60_000 };
    const insertion = await StreamingInsertion.begin({
      desktop,
      clipboard: blind,
      mode: 'paste',
      pasteTimings: timings,
    });
    insertion.update('Start. Dose 1 mg.');
    await insertion.settled();
    insertion.update('Start.'); // scratch that: keys only, and the field no longer shows that paste
    await insertion.settled();
    insertion.update('Start. Item 1.');
    await insertion.settled();
    expect([field.text, clipboard.writes]).toEqual(['Start. Item 1.', ['Start. Dose 1 mg.', ' Item 1.']]);
  });
});
