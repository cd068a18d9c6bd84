import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeDesktop } from '../../../../native/desktop.fake.ts';
import { StreamingInsertion } from '../../../../main/features/dictation/insertion/streaming-insertion.ts';
import type { InsertMode } from '../../../../main/features/dictation/insertion/insertion-types.ts';

const FAST = { restoreDelayMs: 20, settleMs: 0, readWaitMs: 0 };

async function setup(mode: InsertMode = 'paste', app = 'Tk', timings = FAST) {
  const desktop = new FakeDesktop();
  const field = desktop.addWindow('w1', app);
  const other = desktop.addWindow('w2', 'other');
  desktop.clipboard.text = 'what the person had copied';
  const insertion = await StreamingInsertion.begin({
    desktop,
    clipboard: desktop.clipboard,
    mode,
    pasteTimings: timings,
  });
  return { desktop, field, other, insertion };
}

afterEach(() => void vi.useRealTimers());

describe('StreamingInsertion', () => {
  it.each<InsertMode>(['paste', 'type'])(
    '%s: units land in order, the clipboard comes back',
    async (mode) => {
      const { desktop, field, other, insertion } = await setup(mode);
      insertion.update('Patient is stable.');
      insertion.update('Patient is stable.\n\n');
      insertion.update('Patient is stable.\n\nTemp 37 °C, SpO₂ 98 % — µg Müller.');
      const result = await insertion.finish();
      expect(field.text).toBe('Patient is stable.\n\nTemp 37 °C, SpO₂ 98 % — µg Müller.');
      expect(other.text).toBe('');
      expect(result).toMatchObject({ complete: true, correctionsInPlace: 0, correctionsInBox: 0 });
      expect(desktop.clipboard.text).toBe('what the person had copied');
      expect(desktop.log[0]).toBe('release'); // modifiers released before the first key
    },
  );

  it('applies a correction in place while the tail is ours (paste: select back, delete, paste)', async () => {
    const { desktop, field, insertion } = await setup('paste');
    insertion.update('Continue a spring, recheck.');
    await expect.poll(() => field.text).toBe('Continue a spring, recheck.');
    insertion.update('Continue aspirin, recheck.');
    const result = await insertion.finish();
    expect(field.text).toBe('Continue aspirin, recheck.');
    expect(result).toMatchObject({ complete: true, correctionsInPlace: 1 });
    expect(desktop.log).toContain('left*17+shift'); // ' spring, recheck.' selected back
    expect(desktop.clipboard.text).toBe('what the person had copied');
  });

  it('type mode corrects with Backspace', async () => {
    const { desktop, field, insertion } = await setup('type');
    insertion.update('Continue a spring.');
    await expect.poll(() => field.text).toBe('Continue a spring.');
    insertion.update('Continue aspirin.');
    await insertion.finish();
    expect(field.text).toBe('Continue aspirin.');
    expect(desktop.log).toContain('backspace*8');
  });

  it('does not correct in place after the person typed: the dictation box gets it', async () => {
    const { desktop, field, insertion } = await setup();
    const skipped: string[] = [];
    insertion.on('correctionInBox', (e) => skipped.push(e.reason));
    insertion.update('Continue a spring.');
    await expect.poll(() => field.text).toBe('Continue a spring.');
    desktop.personTypes(' ok');
    insertion.update('Continue aspirin.');
    const result = await insertion.finish();
    expect(field.text).toBe('Continue a spring. ok');
    expect(skipped).toEqual(['person_typed']);
    expect(result).toMatchObject({ complete: false, correctionsInBox: 1, correctionsInPlace: 0 });
  });

  it('noteUserTyped (the key hook) blocks a correction even when the OS reported nothing', async () => {
    const { desktop, field, insertion } = await setup();
    insertion.update('Continue a spring.');
    await expect.poll(() => field.text).toBe('Continue a spring.');
    desktop.personTypes('!', false);
    insertion.noteUserTyped();
    insertion.update('Continue aspirin.');
    expect(await insertion.finish()).toMatchObject({ correctionsInBox: 1 });
    expect(field.text).toBe('Continue a spring.!');
  });

  it('never corrects in place when typing cannot be observed', async () => {
    const desktop = new FakeDesktop();
    const field = desktop.addWindow('w1', 'Tk');
    const insertion = await StreamingInsertion.begin({
      desktop,
      clipboard: desktop.clipboard,
      pasteTimings: FAST,
      typingObserved: false,
    });
    insertion.update('A spring.');
    await expect.poll(() => field.text).toBe('A spring.');
    insertion.update('Aspirin.');
    expect(await insertion.finish()).toMatchObject({ correctionsInBox: 1, correctionsInPlace: 0 });
    expect(field.text).toBe('A spring.');
  });

  it('does not correct in place when focus moved, but brings focus back for new text', async () => {
    const { desktop, field, other, insertion } = await setup();
    insertion.update('One a spring.');
    await expect.poll(() => field.text).toBe('One a spring.');
    const skipped: string[] = [];
    insertion.on('correctionInBox', (e) => skipped.push(e.reason));
    desktop.active = 'w2';
    insertion.update('One aspirin.');
    await expect.poll(() => skipped).toEqual(['focus_moved']);
    insertion.update('One aspirin. Two.');
    const result = await insertion.finish();
    expect(field.text).toBe('One a spring. Two.');
    expect(other.text).toBe('');
    expect(result.correctionsInBox).toBe(1);
    expect(desktop.log).toContain('activate:w1');
  });

  it('a correction of text typed before the person typed is not ours; a later one of new text is', async () => {
    const { desktop, field, insertion } = await setup();
    insertion.update('A.');
    await expect.poll(() => field.text).toBe('A.');
    desktop.personTypes('x');
    insertion.update('A. B c.');
    await expect.poll(() => field.text).toBe('A.x B c.');
    insertion.update('A. B see.');
    expect(await insertion.finish()).toMatchObject({ correctionsInPlace: 1, correctionsInBox: 0 });
    expect(field.text).toBe('A.x B see.');
  });

  it('after a drop the replayed text is not inserted twice, even through a first-pass mishearing', async () => {
    const { desktop, field, insertion } = await setup();
    insertion.update('One. Continue a spring.');
    insertion.update('One. Continue aspirin.');
    await expect.poll(() => field.text).toBe('One. Continue aspirin.');
    const keys = desktop.log.length;
    // The replay's text arrives unit by unit; the clock is driven so each could reach the field.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    for (const text of ['', 'One.', 'One. Continue a spring.', 'One. Continue aspirin.']) {
      insertion.update(text, text === '');
      await vi.advanceTimersByTimeAsync(100);
    }
    vi.useRealTimers();
    expect(desktop.log.slice(keys)).toEqual([]); // nothing deleted, nothing typed twice
    insertion.update('One. Continue aspirin. Two.');
    expect(await insertion.finish()).toMatchObject({ complete: true });
    expect(field.text).toBe('One. Continue aspirin. Two.');
  });

  it('holds insertion while a push-to-talk modifier is down', async () => {
    const { field, insertion } = await setup();
    let release!: () => void;
    insertion.holdUntil(new Promise<void>((r) => (release = r)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }); // time passes while held
    insertion.update('Held text.');
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    expect(field.text).toBe('');
    release();
    await expect.poll(() => field.text).toBe('Held text.');
    await insertion.finish();
  });

  it('finish() waits for a held modifier to be released, then inserts', async () => {
    const { field, insertion } = await setup();
    const release = insertion.hold();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }); // finish polls the hold on this clock
    insertion.update('Last words.');
    let finished = false;
    const done = insertion.finish().finally(() => (finished = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(finished).toBe(false);
    expect(field.text).toBe('');
    release();
    await vi.advanceTimersByTimeAsync(1_000); // the next poll sees the release; the paste and its restore follow
    vi.useRealTimers();
    expect(await done).toMatchObject({ complete: true });
    expect(field.text).toBe('Last words.');
  });

  it('says while its own keys may still reach a key hook', async () => {
    const { field, insertion } = await setup();
    expect(insertion.sendingKeys).toBe(false);
    insertion.update('Words.');
    expect(insertion.sendingKeys).toBe(true);
    await expect.poll(() => field.text).toBe('Words.');
    await expect.poll(() => insertion.sendingKeys).toBe(false);
    await insertion.finish();
  });

  it('terminals paste with Ctrl+Shift+V; XTerm (no clipboard paste key) is typed into', async () => {
    const xterm = await setup('paste', 'XTerm');
    xterm.insertion.update('ls');
    await xterm.insertion.finish();
    expect(xterm.desktop.log).toContain('type:ls');
    const { desktop, insertion } = await setup('paste', 'gnome-terminal');
    insertion.update('ls');
    await insertion.finish();
    expect(desktop.log).toContain('paste:ctrl-shift-v');
  });

  it('never types into a password field: copies and says so', async () => {
    const desktop = new FakeDesktop();
    const field = desktop.addWindow('w1', 'login', { password: true });
    const events: string[] = [];
    const insertion = await StreamingInsertion.begin({
      desktop,
      clipboard: desktop.clipboard,
      pasteTimings: FAST,
    });
    insertion.on('notInserted', (e) => events.push(e.reason));
    insertion.update('secret words');
    const result = await insertion.finish();
    expect(field.text).toBe('');
    expect(desktop.clipboard.text).toBe('secret words');
    expect(result).toMatchObject({ complete: false, notInserted: 'password_field' });
    expect(result.message).toMatch(/password field/);
    expect(insertion.fieldContext).toBeUndefined();
  });

  it('an elevated window gets nothing (SendInput would drop it silently)', async () => {
    const desktop = new FakeDesktop();
    const field = desktop.addWindow('w1', 'regedit.exe', { elevated: true });
    const insertion = await StreamingInsertion.begin({
      desktop,
      clipboard: desktop.clipboard,
      pasteTimings: FAST,
    });
    insertion.update('text');
    expect(await insertion.finish()).toMatchObject({ notInserted: 'elevated_window' });
    expect(field.text).toBe('');
  });

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
    const { desktop, insertion } = await setup('paste', 'Tk', { ...FAST, restoreDelayMs: 60_000 });
    insertion.update('Ours.');
    await expect.poll(() => desktop.clipboard.writes.length).toBe(1);
    desktop.clipboard.text = 'copied by the person';
    await insertion.finish();
    expect(desktop.clipboard.text).toBe('copied by the person');
    expect(desktop.clipboard.restores).toBe(0);
  });
});
