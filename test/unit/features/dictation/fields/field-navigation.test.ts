import { describe, expect, it } from 'vitest';
import { FakeDesktop } from '../../../../../native/desktop.fake.ts';
import { DesktopFieldNavigator } from '../../../../../main/features/dictation/fields/field-navigator.ts';
import { blankFrom, blanksIn } from '../../../../../preload/contract/template-markers.ts';
import { TEMPLATE_MARKERS } from '../../../../../preload/contract/index.ts';

const ALL = TEMPLATE_MARKERS;
const TEMPLATE = 'HPI: ***\nExam: [ ] Lungs [clear] {side} Plan: _____ end';

describe('template blanks', () => {
  it('finds every kind, and only the kinds asked for', () => {
    expect(blanksIn(TEMPLATE, ALL).map((b) => TEMPLATE.slice(b.start, b.start + b.length))).toEqual([
      '***',
      '[ ]',
      '[clear]',
      '{side}',
      '_____',
    ]);
    expect(blanksIn(TEMPLATE, ['asterisks', 'underscores']).length).toBe(2);
    expect(blanksIn('a ** b __ c', ALL)).toEqual([]);
  });

  it('next steps over a selected blank; previous goes back from its start', () => {
    const at = (start: number, length = 0) => ({ selectionStart: start, selectionLength: length });
    expect(blankFrom(TEMPLATE, at(0), 'next', ALL)).toEqual({ start: 5, length: 3 });
    expect(blankFrom(TEMPLATE, at(5, 3), 'next', ALL)?.start).toBe(TEMPLATE.indexOf('[ ]'));
    expect(blankFrom(TEMPLATE, at(TEMPLATE.indexOf('[ ]'), 3), 'previous', ALL)).toEqual({
      start: 5,
      length: 3,
    });
    expect(blankFrom(TEMPLATE, at(TEMPLATE.length), 'next', ALL)).toBeUndefined();
    expect(blankFrom(TEMPLATE, at(2), 'previous', ALL)).toBeUndefined();
  });
});

describe('DesktopFieldNavigator', () => {
  function setup(readable: boolean) {
    const desktop = new FakeDesktop();
    const w = desktop.addWindow('w1', 'ehr');
    w.readable = readable;
    w.text = TEMPLATE;
    return { desktop, w, nav: new DesktopFieldNavigator(desktop, () => ALL) };
  }

  it('selects the next and previous blank so the next words replace it', async () => {
    const { w, nav } = setup(true);
    expect(await nav.move('next')).toEqual({ kind: 'selected' });
    expect(w.text.slice(w.selectionStart, w.caret)).toBe('***');
    expect(await nav.move('next')).toEqual({ kind: 'selected' });
    expect(w.text.slice(w.selectionStart, w.caret)).toBe('[ ]');
    expect(await nav.move('previous')).toEqual({ kind: 'selected' });
    expect(w.text.slice(w.selectionStart, w.caret)).toBe('***');
  });

  it('says none_left after the last blank, and touches nothing', async () => {
    const { w, nav, desktop } = setup(true);
    w.caret = w.selectionStart = w.text.length;
    expect(await nav.move('next')).toEqual({ kind: 'none_left' });
    expect(desktop.log).toEqual([]);
  });

  it('an unreadable field or a password field is left untouched', async () => {
    const { nav, desktop, w } = setup(false);
    expect(await nav.move('next')).toEqual({ kind: 'unreadable' });
    w.readable = true;
    w.facts = { password: true };
    expect(await nav.move('next')).toEqual({ kind: 'unreadable' });
    expect(desktop.log).toEqual([]);
  });
});
