import { describe, expect, it } from 'vitest';
import { CommandFilter } from '../../../../../main/features/dictation/commands/command-filter.ts';
import { feed } from './feed-units.ts';

const en = () => new CommandFilter({ locale: 'ENGLISH_US', enabled: true });

describe('CommandFilter', () => {
  it('scratch that removes the last phrase still standing, again and again', () => {
    const out = feed(en(), [
      ' Wound clean.',
      ' No drainage.',
      ' Scratch that.',
      ' Scratch that.',
      ' Healing.',
    ]);
    expect(out.text).toBe(' Healing.');
    expect(out.heard.map((h) => h.kind)).toEqual(['scratch', 'scratch']);
  });

  it('after scratch that, the next words take the space the phrase had (none at the start of the field)', () => {
    expect(feed(en(), ['Wound clean.', ' Scratch that.', ' Healing.']).text).toBe('Healing.');
    expect(feed(en(), ['Wound clean.', ' Left knee.', ' Scratch that.', ' Healing.']).text).toBe(
      'Wound clean. Healing.',
    );
  });

  it('scratch that inside a sentence is text', () => {
    const out = feed(en(), [' The patient will scratch that area.']);
    expect(out.text).toBe(' The patient will scratch that area.');
    expect(out.heard).toEqual([]);
  });

  it('scratch that at the end of a unit drops the whole utterance', () => {
    expect(feed(en(), [' Wound clean.', ' Left knee. Scratch that.']).text).toBe(' Wound clean.');
  });

  it('says when there is nothing to scratch', () => {
    expect(feed(en(), [' Scratch that.']).heard).toEqual([{ kind: 'scratch', nothingToScratch: true }]);
  });

  it('new line and new paragraph become breaks, and the next unit starts the line', () => {
    const out = feed(en(), [' Wound clean.', ' New line.', ' Dressing applied.', ' New paragraph', ' Plan.']);
    expect(out.text).toBe(' Wound clean.\nDressing applied.\n\nPlan.');
  });

  it('a break the service already made is left as it is (no second break)', () => {
    expect(feed(en(), [' Wound clean.', '\n', 'Dressing applied.']).text).toBe(
      ' Wound clean.\nDressing applied.',
    );
  });

  it('field moves, select and stop insert nothing and are reported once', () => {
    const filter = en();
    const out = feed(filter, [
      ' Pain 3.',
      ' Next field.',
      ' Select pain.',
      ' Previous field',
      ' Stop dictating.',
    ]);
    expect(out.text).toBe(' Pain 3.');
    expect(out.heard).toEqual([
      { kind: 'next_field' },
      { kind: 'select', words: 'pain' },
      { kind: 'previous_field' },
      { kind: 'stop' },
    ]);
    expect(filter.update(out.raw).heard).toEqual([]);
  });

  it('a command replayed after a network drop is not run twice', () => {
    const filter = en();
    filter.update(' Pain 3.');
    expect(filter.update(' Pain 3. Next field.').heard).toEqual([{ kind: 'next_field' }]);
    filter.update(' Pain 3.'); // rolled back
    expect(filter.update(' Pain 3. Next field.').heard).toEqual([]);
  });

  it('a replay that cuts the units differently runs no command again; one said after the drop runs once', () => {
    const filter = en();
    filter.update(' Wound clean.');
    expect(filter.update(' Wound clean. Next field.').heard).toEqual([{ kind: 'next_field' }]);
    expect(filter.update('').heard).toEqual([]); // the drop took the socket's text back
    // The replay brings the same words as one unit: the command now ends the first unit, not the second.
    expect(filter.update(' Wound clean. Next field.').heard).toEqual([]);
    expect(filter.update(' Wound clean. Next field. Pain 3.').heard).toEqual([]);
    // Said after the drop: a second "next field" is new.
    expect(filter.update(' Wound clean. Next field. Pain 3. Next field.').heard).toEqual([
      { kind: 'next_field' },
    ]);
    // A second drop: both are taken back, and the replay (cut again differently) runs neither again.
    filter.update('');
    let raw = ' Wound clean.';
    expect(filter.update(raw).heard).toEqual([]);
    raw += ' Next field.';
    expect(filter.update(raw).heard).toEqual([]);
    raw += ' Pain 3. Next field.';
    expect(filter.update(raw).heard).toEqual([]);
    raw += ' Dressing applied, wound edges pink.';
    expect(filter.update(raw).heard).toEqual([]);
    raw += ' Next field.';
    expect(filter.update(raw).heard).toEqual([{ kind: 'next_field' }]);
  });

  it('in the dictation box, select chooses the words and the next words replace them', () => {
    const box = new CommandFilter({ locale: 'ENGLISH_US', enabled: true, box: true });
    const out = feed(box, [' Patient is stable.', ' Select stable.']);
    expect(out.heard).toEqual([{ kind: 'select', words: 'stable', found: true }]);
    expect(out.text).toBe(' Patient is stable.');
    expect(box.update(out.raw).selection).toEqual({ start: 12, length: 6 });
    // The service capitalised after "Select stable." (a sentence end): the words take the selection's case.
    let raw = `${out.raw} Improving`;
    expect(box.update(raw)).toEqual({ text: ' Patient is improving.', heard: [] });
    // Later words go on at the caret, after the words that replaced the selection.
    raw += ' slowly';
    expect(box.update(raw).text).toBe(' Patient is improving slowly.');
    // Words that are not there: said, nothing selected, nothing inserted.
    raw += ' Select fever.';
    expect(box.update(raw)).toEqual({
      text: ' Patient is improving slowly.',
      heard: [{ kind: 'select', words: 'fever', found: false }],
    });
    // Outside the box the text is never changed by select.
    expect(feed(en(), [' Patient is stable.', ' Select stable.', ' Improving.']).text).toBe(
      ' Patient is stable. Improving.',
    );
  });

  it('in the dictation box, scratch that after a selection was replaced puts the selected words back', () => {
    const box = new CommandFilter({ locale: 'ENGLISH_US', enabled: true, box: true });
    const out = feed(box, [' Patient is stable.', ' Select stable.', ' Improving']);
    expect(out.text).toBe(' Patient is improving.');
    expect(box.update(`${out.raw} Scratch that.`).text).toBe(' Patient is stable.');
  });

  it('in the dictation box, a line break after select keeps the selected words', () => {
    const box = new CommandFilter({ locale: 'ENGLISH_US', enabled: true, box: true });
    const out = feed(box, [' Patient is stable.', ' Select stable.', ' New paragraph.']);
    expect(out.text).toContain('stable');
    expect(out.text.replace(/\s+/g, ' ').trim()).toBe('Patient is stable .');
  });

  it('follows a correction that turns a command into words', () => {
    const filter = en();
    filter.update(' Wound clean.');
    expect(filter.update(' Wound clean. Scratch that.').text).toBe('');
    // ASYNC_CORRECTION of the tail: "Scratch that." → "Scratch the scab."
    expect(filter.update(' Wound clean. Scratch the scab.').text).toBe(' Wound clean. Scratch the scab.');
  });

  it('Spanish and French commands in their locale', () => {
    const es = feed(new CommandFilter({ locale: 'SPANISH_MX', enabled: true }), [
      ' Herida limpia.',
      ' Borra eso.',
      ' Sin fiebre.',
      ' Nueva línea.',
      ' Plan.',
    ]);
    expect(es.text).toBe(' Sin fiebre.\nPlan.');
    const fr = feed(new CommandFilter({ locale: 'FRENCH_FR', enabled: true }), [
      ' Plaie propre.',
      ' Nouveau paragraphe.',
      ' Champ suivant.',
      ' Pansement.',
    ]);
    expect(fr.text).toBe(' Plaie propre.\n\nPansement.');
    expect(fr.heard.map((h) => h.kind)).toEqual(['new_paragraph', 'next_field']);
  });

  it('turned off, the text passes through untouched', () => {
    const off = feed(new CommandFilter({ locale: 'ENGLISH_US', enabled: false }), [
      ' Wound.',
      ' Scratch that.',
    ]);
    expect(off.text).toBe(' Wound. Scratch that.');
    expect(off.heard).toEqual([]);
  });
});
