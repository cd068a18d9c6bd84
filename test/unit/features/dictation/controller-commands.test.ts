/**
 * Voice commands, undo and flagged corrections through the controller, with fakes: a scripted session, the
 * in-memory field (FakeInserter), a fake FieldNavigator and the overlay as a list of states.
 */
import { describe, expect, it, vi } from 'vitest';
import { setup } from './command-controller-setup.ts';

describe('voice commands through the controller', () => {
  it('scratch that takes the last phrase out of the field; inside a sentence it is text', async () => {
    const t = setup();
    const s = await t.session();
    s.unit(' Wound clean.');
    s.unit(' No drainage.');
    s.unit(' Scratch that.');
    await vi.waitFor(() => expect(t.inserter.field).toBe(' Wound clean.'));
    s.unit(' The patient will scratch that area.');
    await t.controller.stop();
    expect(t.inserter.field).toBe(' Wound clean. The patient will scratch that area.');
    expect(t.finished[0]?.text).toBe(' Wound clean. The patient will scratch that area.');
    expect(t.said('scratched')).toBe(true);
  });

  it('new line in Spanish, scratch in French: the dictation language decides', async () => {
    const es = setup({ locale: 'SPANISH_MX' });
    const s = await es.session();
    s.unit(' Herida limpia.');
    s.unit(' Nueva línea.');
    s.unit(' Sin fiebre.');
    await es.controller.stop();
    expect(es.inserter.field).toBe(' Herida limpia.\nSin fiebre.');
    const fr = setup({ locale: 'FRENCH_FR' });
    const f = await fr.session();
    f.unit(' Plaie propre.');
    f.unit(' Efface ça.');
    await fr.controller.stop();
    expect(fr.inserter.field).toBe('');
  });

  it('next field runs after the words before it and before the words after it, and says what it did', async () => {
    const t = setup();
    const s = await t.session();
    s.unit(' Pain 3.');
    s.unit(' Next field.');
    await vi.waitFor(() => expect(t.navigator.moves).toHaveLength(1));
    s.unit(' Left knee.');
    await t.controller.stop();
    expect(t.navigator.moves[0]).toEqual({ direction: 'next', field: ' Pain 3.' });
    expect(t.inserter.events).toEqual(['write: Pain 3.', 'move:next', 'write: Pain 3. Left knee.']);
    expect(t.said('field_selected')).toBe(true);
  });

  it('a field that cannot be read is said and nothing is inserted for the command', async () => {
    const t = setup();
    t.navigator.outcome = { kind: 'unreadable' };
    const s = await t.session();
    s.unit(' Previous field.');
    await vi.waitFor(() => expect(t.said('field_unreadable')).toBe(true));
    await t.controller.stop();
    expect(t.navigator.moves.map((m) => m.direction)).toEqual(['previous']);
    expect(t.inserter.field).toBe('');
    const none = setup({ navigator: false });
    (await none.session()).unit(' Next field.');
    await vi.waitFor(() => expect(none.said('field_unreadable')).toBe(true));
    await none.controller.stop();
  });

  it('in a browser whose fields cannot be read, each field command says the desktop accessibility must be on', async () => {
    const t = setup();
    t.inserter.target = { appName: 'Chromium' };
    t.navigator.outcome = { kind: 'unreadable' };
    const s = await t.session();
    for (const unit of [' Next field.', ' Select left knee.', ' Go to end.']) s.unit(unit);
    await vi.waitFor(() =>
      expect(t.overlay.filter((o) => o.message?.code === 'browser_unreadable').length).toBeGreaterThanOrEqual(
        3,
      ),
    );
    await t.controller.stop();
    expect(t.said('field_unreadable') || t.said('select_unreadable') || t.said('caret_unreadable')).toBe(
      false,
    );
    expect(t.inserter.field).toBe('');
  });

  it('select: in another application it cannot read, it says so; in the box it selects', async () => {
    const t = setup();
    (await t.session()).unit(' Select left knee.');
    await vi.waitFor(() => expect(t.said('select_unreadable')).toBe(true));
    await t.controller.stop();
    expect(t.selected).toEqual([]);
    expect(t.finished[0]?.text).toBe('');
    const box = setup({ box: true });
    const s = await box.session();
    s.unit(' Left knee swollen.');
    s.unit(' Select left knee.');
    await vi.waitFor(() => expect(box.said('selected_in_box')).toBe(true));
    expect(box.selected).toEqual(['Left knee']);
    // The next words replace the selection; words that are not there are said, and nothing changes.
    s.unit(' right ankle');
    s.unit(' Select fever.');
    await vi.waitFor(() => expect(box.said('select_not_found')).toBe(true));
    await box.controller.stop();
    expect(box.finished[0]?.text).toBe(' Right ankle swollen.');
  });

  it('stop dictating ends the dictation without inserting the words', async () => {
    const t = setup();
    const s = await t.session();
    s.unit(' Plan follows.');
    s.unit(' Stop dictating.');
    await vi.waitFor(() => expect(t.controller.active).toBe(false));
    expect(t.inserter.field).toBe(' Plan follows.');
  });

  it('turned off, every word is text', async () => {
    const t = setup({ enabled: false });
    const s = await t.session();
    s.unit(' Wound clean.');
    s.unit(' Scratch that.');
    await t.controller.stop();
    expect(t.inserter.field).toBe(' Wound clean. Scratch that.');
  });
});

describe('undo last dictation', () => {
  it('removes exactly what was inserted while it is all ours', async () => {
    const t = setup();
    t.inserter.field = 'Before. ';
    (await t.session()).unit('Wound clean.');
    await t.controller.stop();
    expect(t.inserter.field).toBe('Before. Wound clean.');
    await t.controller.undo();
    expect(t.inserter.field).toBe('Before. ');
    expect(t.undone).toEqual([{ text: 'Wound clean.', removed: true }]);
    expect(t.overlay.at(-1)?.message?.code).toBe('undone');
    await t.controller.undo(); // once only
    expect(t.overlay.at(-1)?.message?.code).toBe('nothing_to_undo');
  });

  it('after the person typed, the field is left alone and the text goes to the box', async () => {
    const t = setup();
    (await t.session()).unit('Wound clean.');
    await t.controller.stop();
    t.controller.userTyped();
    await t.controller.undo();
    expect(t.inserter.field).toBe('Wound clean.');
    expect(t.undone).toEqual([{ text: 'Wound clean.', removed: false }]);
    expect(t.overlay.at(-1)?.message?.code).toBe('undo_in_box');
  });
});

describe('undo and field moves from a hotkey, a button or the tray', () => {
  it('the overlay offers Undo after an insertion, and not once it was taken back', async () => {
    const t = setup();
    expect(t.controller.undoable).toBe(false);
    (await t.session()).unit('Wound clean.');
    await t.controller.stop();
    expect(t.overlay.at(-1)).toMatchObject({ phase: 'inserted', undoable: true });
    expect(t.controller.undoable).toBe(true);
    await t.controller.undo();
    expect(t.controller.undoable).toBe(false);
    expect(t.overlay.at(-1)).toMatchObject({ phase: 'notice', message: { code: 'undone' } });
    expect(t.overlay.at(-1)?.undoable).toBeFalsy();
  });

  it('nothing is offered for a dictation that did not go into an application', async () => {
    const t = setup({ box: true });
    (await t.session()).unit('Wound clean.');
    await t.controller.stop();
    expect(t.overlay.at(-1)?.undoable).toBe(false);
    expect(t.controller.undoable).toBe(false);
  });

  it('a field-move hotkey while dictating runs between the words before and after it', async () => {
    const t = setup();
    const s = await t.session();
    s.unit(' Pain 3.');
    await vi.waitFor(() => expect(t.inserter.field).toBe(' Pain 3.'));
    await t.controller.fieldButton('next_field');
    s.unit(' Left knee.');
    await t.controller.stop();
    expect(t.inserter.events).toEqual(['write: Pain 3.', 'move:next', 'write: Pain 3. Left knee.']);
    expect(t.said('field_selected')).toBe(true);
  });

  it('a field-move hotkey between dictations moves in the focused field and says so', async () => {
    const t = setup();
    await t.controller.fieldButton('previous_field');
    expect(t.navigator.moves.map((m) => m.direction)).toEqual(['previous']);
    expect(t.overlay.at(-1)).toMatchObject({ phase: 'notice', message: { code: 'field_selected' } });
    t.navigator.outcome = { kind: 'none_left' };
    await t.controller.fieldButton('next_field');
    expect(t.overlay.at(-1)).toMatchObject({ phase: 'notice', message: { code: 'field_none_left' } });
    const none = setup({ navigator: false });
    await none.controller.fieldButton('next_field');
    expect(none.overlay.at(-1)?.message?.code).toBe('field_unreadable');
  });

  it('accept defaults (a microphone button) acts between the words while dictating, else in the focused field', async () => {
    const t = setup();
    const s = await t.session();
    s.unit(' Exam.');
    await vi.waitFor(() => expect(t.inserter.field).toBe(' Exam.'));
    await t.controller.fieldButton('accept_defaults');
    s.unit(' Stable.');
    await t.controller.stop();
    expect(t.inserter.events).toEqual(['write: Exam.', 'fill:accept_defaults', 'write: Exam. Stable.']);
    await t.controller.fieldButton('accept_defaults');
    expect(t.inserter.events.at(-1)).toBe('fill:accept_defaults');
    expect(t.overlay.at(-1)).toMatchObject({ phase: 'notice', message: { code: 'defaults_accepted' } });
    t.navigator.fillOutcome = 'none_left';
    await t.controller.fieldButton('accept_defaults');
    expect(t.overlay.at(-1)?.message?.code).toBe('no_defaults_left');
    const none = setup({ navigator: false });
    await none.controller.fieldButton('accept_defaults');
    expect(none.overlay.at(-1)?.message?.code).toBe('field_unreadable');
  });

  it('dictating into the box, a field key or button acts on its own text, never the focused field', async () => {
    const t = setup({ box: true });
    const s = await t.session();
    s.unit(' Knee [left|right], pain [mild].');
    await vi.waitFor(() => expect(t.shown.at(-1)).toContain('[mild]'));
    await t.controller.fieldButton('previous_field');
    expect(t.said('field_selected')).toBe(true);
    expect(t.selected).toEqual(['[mild]']);
    s.set(' Knee [left|right], pain [mild]'); // the service corrects the words before: the press stays
    s.unit(' severe.');
    await t.controller.fieldButton('accept_defaults');
    expect(t.said('defaults_accepted')).toBe(true);
    await t.controller.fieldButton('next_field');
    expect(t.said('field_none_left')).toBe(true);
    await t.controller.stop();
    expect(t.finished[0]?.text).toBe(' Knee left, pain severe.');
    expect(t.selected).toEqual(['[mild]', '[mild]']); // and again after the correction
    expect(t.navigator.moves).toEqual([]);
  });

  it('after a field move the last dictation is no longer taken out of the field: it goes to the box', async () => {
    const t = setup();
    (await t.session()).unit('Wound clean.');
    await t.controller.stop();
    await t.controller.fieldButton('next_field');
    await t.controller.undo();
    expect(t.inserter.field).toBe('Wound clean.');
    expect(t.undone).toEqual([{ text: 'Wound clean.', removed: false }]);
  });
});

describe('corrections that change a dose are shown', () => {
  it('a changed number is flagged on the overlay and kept with the text; a spelling fix is not', async () => {
    const t = setup();
    const s = await t.session();
    s.unit(' Give 5 mg of morfine.');
    s.set(' Give 5 mg of morphine.'); // ASYNC_CORRECTION: spelling only
    s.set(' Give 50 mg of morphine.'); // ASYNC_CORRECTION: the dose
    await vi.waitFor(() => expect(t.said('correction_flagged')).toBe(true));
    await t.controller.stop();
    expect(t.inserter.field).toBe(' Give 50 mg of morphine.');
    const changed = { code: 'dose_changed', facts: { said: '50 mg', instead: '5 mg' }, correction: true };
    expect(t.finished[0]?.flags).toEqual([expect.objectContaining(changed)]);
    expect(t.overlay.at(-1)?.flagged).toMatchObject(changed);
  });
});
