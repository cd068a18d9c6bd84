/**
 * Accept defaults, field complete and choose ‹item› (issue 29, Texts): the pure edits, the phrases in
 * English, Spanish and French, the dictation's own text (box, `scribe dictate`, recovered), another
 * application's field through the desktop, and what the overlay says when nothing can change.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeDesktop } from '../../../../../native/desktop.fake.ts';
import { CommandFilter } from '../../../../../main/features/dictation/commands/command-filter.ts';
import { CommandRunner } from '../../../../../main/features/dictation/commands/command-runner.ts';
import { recognizeUnit } from '../../../../../main/features/dictation/commands/recognize.ts';
import { RecoveredCommands } from '../../../../../main/features/dictation/commands/recovered-commands.ts';
import { DesktopFieldNavigator } from '../../../../../main/features/dictation/fields/field-navigator.ts';
import type { InsertionRun } from '../../../../../main/features/dictation/ports.ts';
import { TEMPLATE_MARKERS, type DictationMessage } from '../../../../../preload/contract/index.ts';
import {
  applyEdits,
  fieldAt,
  fillFields,
  pickItem,
  textFields,
} from '../../../../../preload/contract/text-fields.ts';
import { feed } from './feed-units.ts';

const EXAM = 'Lungs [clear]. Side: [left|right|bilateral]. Pain: [ ]';
const TEXTS = [{ name: 'normal exam', content: EXAM }];

describe('the edits', () => {
  it('accept defaults: every field with words becomes its default (a pick-list its first item)', () => {
    const result = fillFields(EXAM, 'accept_defaults', undefined);
    expect(result.kind).toBe('done');
    expect(applyEdits(EXAM, result.kind === 'done' ? result.edits : [])).toBe(
      'Lungs clear. Side: left. Pain: [ ]',
    );
    expect(fillFields('No fields. Pain: [ ]', 'accept_defaults', undefined)).toEqual({ kind: 'none_left' });
  });

  it('the field at a selection or a caret, edges included', () => {
    const side = EXAM.indexOf('[left');
    expect(fieldAt(EXAM, { selectionStart: side, selectionLength: 20 })?.items).toEqual([
      'left',
      'right',
      'bilateral',
    ]);
    expect(fieldAt(EXAM, { selectionStart: side + 3, selectionLength: 0 })?.start).toBe(side);
    expect(fieldAt(EXAM, { selectionStart: 2, selectionLength: 0 })).toBeUndefined();
    expect(textFields(EXAM).map((f) => f.items[0])).toEqual(['clear', 'left']);
  });

  it('choose by the words (case and accents aside) or by number, in three languages', () => {
    const items = ['gauche', 'droite', 'bilatéral'];
    expect(pickItem(items, 'Bilateral.')).toBe('bilatéral');
    expect(pickItem(items, '2')).toBe('droite');
    expect(pickItem(items, 'number three')).toBe('bilatéral');
    expect(pickItem(items, 'deux')).toBe('droite');
    expect(pickItem(items, 'dos')).toBe('droite');
    expect(pickItem(items, 'four')).toBeUndefined();
    expect(pickItem(items, 'up the kids')).toBeUndefined();
  });
});

describe('said alone between pauses, in each language', () => {
  it.each([
    ['ENGLISH_US', ' Accept defaults.', { kind: 'accept_defaults', before: '' }],
    ['ENGLISH_US', ' Field complete.', { kind: 'field_complete', before: '' }],
    ['ENGLISH_US', ' Choose right.', { kind: 'choose', before: '', words: 'right' }],
    ['SPANISH_ES', ' Acepta los valores predeterminados.', { kind: 'accept_defaults', before: '' }],
    ['SPANISH_MX', ' Campo completo.', { kind: 'field_complete', before: '' }],
    ['SPANISH_ES', ' Elige 2.', { kind: 'choose', before: '', words: '2' }],
    ['FRENCH_FR', ' Accepte les valeurs par défaut.', { kind: 'accept_defaults', before: '' }],
    ['FRENCH_FR', ' Champ terminé.', { kind: 'field_complete', before: '' }],
    ['FRENCH_FR', ' Choisis droite.', { kind: 'choose', before: '', words: 'droite' }],
  ])('%s %j', (locale, unit, command) => {
    expect(recognizeUnit(unit, locale)).toEqual(command);
  });

  it('inside a sentence it is text', () => {
    expect(recognizeUnit(' We accept defaults here.', 'ENGLISH_US')).toBeNull();
    expect(recognizeUnit(' Elle choisit droite.', 'FRENCH_FR')).toBeNull();
  });
});

describe("the dictation's own text (box, scribe dictate): the first field left", () => {
  const own = (locale = 'ENGLISH_US') =>
    new CommandFilter({ locale, enabled: true, box: true, texts: TEXTS });

  it('field complete, choose, accept defaults, each said once', () => {
    const units = [' Insert normal exam.', ' Field complete.', ' Choose Right.', ' Accept defaults.'];
    const out = feed(own(), units);
    expect(out.text).toBe('Lungs clear. Side: right. Pain: [ ]');
    expect(out.heard.map((h) => [h.kind, h.filled])).toEqual([
      ['insert_text', undefined],
      ['field_complete', 'done'],
      ['choose', 'done'],
      ['accept_defaults', 'none_left'],
    ]);
  });

  it('in French: champ terminé keeps the default, choisis 3 picks the third', () => {
    const out = feed(own('FRENCH_FR'), [' Insère normal exam.', ' Champ terminé.', ' Choisis 3.']);
    expect(out.text).toBe('Lungs clear. Side: bilateral. Pain: [ ]');
  });

  it('cannot act: says why and changes nothing', () => {
    const out = feed(own('SPANISH_ES'), [' Inserta normal exam.', ' Elige 9.']);
    expect(out.text).toBe(EXAM);
    expect(out.heard.at(-1)).toMatchObject({ kind: 'choose', filled: 'no_item' });
    const none = feed(own(), [' Stable.', ' Field complete.', ' Accept defaults.']);
    expect(none.text).toBe(' Stable.');
    expect(none.heard.map((h) => h.filled)).toEqual(['no_field', 'none_left']);
  });

  it("into another application's field the text is left for the field to change", () => {
    const field = new CommandFilter({ locale: 'ENGLISH_US', enabled: true, inField: true, texts: TEXTS });
    const out = feed(field, [' Insert normal exam.', ' Accept defaults.']);
    expect(out.text).toBe(EXAM);
    expect(out.heard.at(-1)).toEqual({ kind: 'accept_defaults' });
  });

  it('recovered text knows the Texts library: insert ‹name› inserts it there too', () => {
    const recovered = new RecoveredCommands({ enabled: true, texts: TEXTS });
    recovered.update(' Insert normal exam.', 'ENGLISH_US');
    recovered.update(' Insert normal exam. Accept defaults.', 'ENGLISH_US');
    expect(recovered.result(' Insert normal exam. Accept defaults.').text).toBe(
      'Lungs clear. Side: left. Pain: [ ]',
    );
    const without = new RecoveredCommands({ enabled: true });
    without.update(' Insert normal exam.', 'ENGLISH_US');
    expect(without.result(' Insert normal exam.').text).toBe(' Insert normal exam.');
  });

  it('recovered text is filled too (it only shapes the text)', () => {
    const recovered = new RecoveredCommands({ enabled: true });
    recovered.update(' Side [left|right]. Choose right.', 'ENGLISH_US');
    expect(recovered.result(' Side [left|right]. Choose right.')).toEqual({
      text: ' Side right.',
      notReplayed: [],
    });
  });
});

describe("another application's field, through the desktop", () => {
  function setup(text: string, readable = true) {
    const desktop = new FakeDesktop();
    const w = desktop.addWindow('w1', 'ehr');
    w.readable = readable;
    w.text = text;
    w.caret = w.selectionStart = text.length;
    return { desktop, w, nav: new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS) };
  }

  it('accept defaults types each default over its field, last first', async () => {
    const { w, nav, desktop } = setup(EXAM);
    expect(await nav.fill('accept_defaults', '')).toBe('done');
    expect(w.text).toBe('Lungs clear. Side: left. Pain: [ ]');
    expect(desktop.log.filter((l) => l.startsWith('select'))).toEqual(['select:21+22', 'select:6+7']);
  });

  it('choose and field complete act on the field selected (after next field)', async () => {
    const { w, nav } = setup(EXAM);
    w.caret = w.selectionStart = 0;
    await nav.move('next');
    await nav.move('next');
    expect(await nav.fill('choose', 'Right')).toBe('done');
    expect(w.text).toBe('Lungs [clear]. Side: right. Pain: [ ]');
    w.selectionStart = 6;
    w.caret = 13;
    expect(await nav.fill('field_complete', '')).toBe('done');
    expect(w.text).toBe('Lungs clear. Side: right. Pain: [ ]');
  });

  it('nothing selected, no such item, unreadable: nothing typed', async () => {
    const { nav, desktop, w } = setup('Stable. Side: [left|right] now');
    expect(await nav.fill('choose', 'left')).toBe('no_field');
    w.selectionStart = 14;
    w.caret = 26;
    expect(await nav.fill('choose', 'both')).toBe('no_item');
    w.readable = false;
    expect(await nav.fill('accept_defaults', '')).toBe('unreadable');
    expect(desktop.log.filter((l) => l.startsWith('type'))).toEqual([]);
  });
});

describe('what is said', () => {
  function runner(target: boolean, outcome?: 'done' | 'no_item' | 'unreadable') {
    const said: DictationMessage[] = [];
    const run = { between: (action: () => Promise<unknown>) => action(), userTyped: vi.fn() };
    const navigator = { move: vi.fn(), fill: vi.fn(async () => outcome ?? 'done') };
    const r = new CommandRunner({
      run: run as unknown as InsertionRun,
      target: target ? { appName: 'EHR' } : null,
      navigator,
      say: (m) => said.push(m),
      stop: () => undefined,
    });
    return { r, said, run, navigator };
  }

  it('in the box, from what the text did', async () => {
    const { r, said } = runner(false);
    r.heard({ kind: 'choose', words: 'x', filled: 'no_item' });
    r.heard({ kind: 'accept_defaults', filled: 'done' });
    r.heard({ kind: 'field_complete', filled: 'no_field' });
    await r.settled();
    expect(said.map((m) => m.code)).toEqual(['no_such_item', 'defaults_accepted', 'no_field_here']);
  });

  it('next / previous field said into the box: from what the text did; a hotkey still moves the field', async () => {
    const { r, said, navigator } = runner(false);
    navigator.move.mockResolvedValue({ kind: 'none_left' });
    r.heard({ kind: 'next_field', found: true });
    r.heard({ kind: 'previous_field', found: false });
    r.heard({ kind: 'next_field' }); // a hotkey or a microphone button: no text was looked at
    await r.settled();
    expect(navigator.move.mock.calls).toEqual([['next']]); // the hotkey's only
    expect(said.map((m) => m.code)).toEqual(['field_selected', 'field_none_left', 'field_none_left']);
  });

  it('in another application, from the field; a change there ends corrections reaching back', async () => {
    const done = runner(true, 'done');
    done.r.heard({ kind: 'choose', words: 'right' });
    await done.r.settled();
    expect(done.navigator.fill).toHaveBeenCalledWith('choose', 'right');
    expect(done.said).toEqual([{ code: 'item_chosen', app: 'EHR' }]);
    expect(done.run.userTyped).toHaveBeenCalled();
    const unreadable = runner(true, 'unreadable');
    unreadable.r.heard({ kind: 'accept_defaults' });
    await unreadable.r.settled();
    expect(unreadable.said.map((m) => m.code)).toEqual(['field_unreadable']);
    expect(unreadable.run.userTyped).not.toHaveBeenCalled();
  });
});
