import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeDesktop } from '../../../../native/desktop.fake.ts';
import { StreamingInsertion } from '../../../../main/features/dictation/insertion/streaming-insertion.ts';
import type { InsertMode } from '../../../../main/features/dictation/insertion/insertion-types.ts';
import { FAST, setup } from './insertion-rig.ts';

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

  // A busy machine: the field loop had not written the line break yet when the correction came (seen in
  // insert-cli.test.ts under load: the paragraph break was missing from the field). Neither what was dictated
  // before the correction nor what came after it is lost with it.
  it('text dictated before a correction that goes to the box still reaches the field', async () => {
    const { desktop, field, insertion } = await setup();
    insertion.update('Patient is table.');
    await expect.poll(() => field.text).toBe('Patient is table.');
    desktop.personTypes('X');
    const release = insertion.hold(); // both updates arrive before the loop writes again
    insertion.update('Patient is table.\n\n');
    insertion.update('Patient is stable.\n\n');
    release();
    insertion.update('Patient is stable.\n\nContinue aspirin.');
    const result = await insertion.finish();
    expect(field.text).toBe('Patient is table.X\n\nContinue aspirin.');
    expect(result).toMatchObject({ complete: false, correctionsInBox: 1, correctionsInPlace: 0 });
  });

  // The same lag, nobody typing: the correction is applied in place as one replacement of only the word that
  // changed, not by first writing the later text and then replacing it with its paragraph break (in a
  // Chromium rich field that replaced one character too few: 'patient is tstable.').
  it('a correction in place while the field lags replaces only what changed', async () => {
    const { desktop, field, insertion } = await setup();
    insertion.update('Patient is table.');
    await expect.poll(() => field.text).toBe('Patient is table.');
    const release = insertion.hold();
    insertion.update('Patient is table.\n\nContinue aspirin.');
    insertion.update('Patient is stable.\n\nContinue aspirin.');
    release();
    const result = await insertion.finish();
    expect(field.text).toBe('Patient is stable.\n\nContinue aspirin.');
    // 'table.' (6 characters) selected back and pasted over, the later text in the same paste.
    expect(desktop.log.filter((entry) => entry !== 'release')).toEqual([
      'paste:ctrl-v',
      'left*6+shift',
      'backspace*1',
      'paste:ctrl-v',
    ]);
    expect(result).toMatchObject({ complete: true, correctionsInBox: 0, correctionsInPlace: 1 });
  });

  // A Chromium rich-text field keeps one line break less of a paste that ends in a paragraph break after text
  // (the fake's pasteDropsTrailingBreak; seen in browser-field-x11): the paragraph break was lost, and the
  // next correction across it selected one character too many (here the space: 'FirstSentence.').
  it('a correction whose text ends in a paragraph break keeps it, and a later one takes nothing more', async () => {
    const { desktop, field, insertion } = await setup();
    field.pasteDropsTrailingBreak = true;
    const said = [
      'First sentance.',
      'First sentance.\n\n',
      'First sentence.\n\n',
      'First sentence.\n\nSecond.',
    ];
    for (const text of [...said, 'First Sentence.\n\nSecond.']) {
      insertion.update(text);
      await insertion.settled();
    }
    const result = await insertion.finish();
    expect(field.text).toBe('First Sentence.\n\nSecond.');
    expect(result).toMatchObject({ complete: true, correctionsInPlace: 2 });
    expect(desktop.clipboard.writes).toContain('ence.'); // the break went in as a paste of its own
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
});
