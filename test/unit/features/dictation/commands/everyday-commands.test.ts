/**
 * The everyday command set (issue 29) in the text: delete that, and what each does to the dictated text in
 * English, Spanish and French. Alone between pauses only; inside a sentence each is text.
 */
import { describe, expect, it } from 'vitest';
import { CommandFilter } from '../../../../../main/features/dictation/commands/command-filter.ts';
import { recognizeUnit } from '../../../../../main/features/dictation/commands/recognize.ts';
import { feed } from './feed-units.ts';

const filter = (locale: string, box = false) => new CommandFilter({ locale, enabled: true, box });

describe('recognised in each language, alone between pauses', () => {
  it.each([
    ['ENGLISH_US', ' Delete that.', 'delete'],
    ['SPANISH_ES', ' Elimina eso.', 'delete'],
    ['SPANISH_MX', ' suprime eso', 'delete'],
    ['FRENCH_FR', ' Supprime ça.', 'delete'],
    ['FRENCH_FR', ' supprimer ca', 'delete'],
  ])('%s %j is %s', (locale, unit, kind) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind, before: '' });
  });

  it.each([
    ['ENGLISH_US', ' Please delete that file.'],
    ['SPANISH_ES', ' El sistema elimina eso solo.'],
    ['FRENCH_FR', ' On supprime ça demain.'],
    ['FRENCH_FR', ' Delete that.'],
  ])('%s %j is text', (locale, unit) => {
    expect(recognizeUnit(unit, locale)).toBeNull();
  });
});

describe('delete that', () => {
  it('with nothing selected it is scratch that, in each language', () => {
    expect(feed(filter('ENGLISH_US'), [' Wound clean.', ' No drainage.', ' Delete that.']).text).toBe(
      ' Wound clean.',
    );
    expect(feed(filter('SPANISH_ES'), [' Herida limpia.', ' Elimina eso.', ' Sin fiebre.']).text).toBe(
      ' Sin fiebre.',
    );
    const fr = feed(filter('FRENCH_FR'), [' Supprime ça.']);
    expect(fr.text).toBe('');
    expect(fr.heard).toEqual([{ kind: 'delete', nothingToScratch: true }]);
  });

  it('in the dictation box, it deletes the words selected by voice, and the next words go there', () => {
    const box = filter('ENGLISH_US', true);
    const out = feed(box, [' Patient is stable today.', ' Select stable.', ' Delete that.']);
    expect(out.text).toBe(' Patient is today.');
    expect(out.heard.at(-1)).toEqual({ kind: 'delete', deletedSelection: true });
    expect(box.update(out.raw).selection).toBeUndefined();
    expect(box.update(`${out.raw} much better`).text).toBe(' Patient is much better today.');
    // At the end of a sentence the space before the words goes too.
    expect(
      feed(filter('FRENCH_FR', true), [' Genou gauche.', ' Sélectionne gauche.', ' Supprime ça.']).text,
    ).toBe(' Genou.');
  });

  it('outside the box, right after select it acts on the field (the runner), else it scratches', () => {
    const out = feed(filter('ENGLISH_US'), [' Patient is stable.', ' Select stable.', ' Delete that.']);
    expect(out.text).toBe(' Patient is stable.');
    expect(out.heard.at(-1)).toEqual({ kind: 'delete', onSelection: true });
    const later = feed(filter('ENGLISH_US'), [
      ' Patient is stable.',
      ' Select stable.',
      ' Good.',
      ' Delete that.',
    ]);
    expect(later.text).toBe(' Patient is stable.');
    expect(later.heard.at(-1)).toEqual({ kind: 'delete' });
  });
});

describe('go to sleep … wake up, stop listening', () => {
  it.each([
    ['ENGLISH_US', ' Go to sleep.', 'sleep'],
    ['ENGLISH_UK', ' Wake up.', 'wake'],
    ['ENGLISH_US', ' Stop listening.', 'stop'],
    ['SPANISH_ES', ' A dormir.', 'sleep'],
    ['SPANISH_MX', ' ¡Despiértate!', 'wake'],
    ['SPANISH_ES', ' Deja de escuchar.', 'stop'],
    ['FRENCH_FR', ' Mets-toi en veille.', 'sleep'],
    ['FRENCH_FR', ' Réveille toi.', 'wake'],
    ['FRENCH_FR', ' Arrête d’écouter.', 'stop'],
  ])('%s %j is %s', (locale, unit, kind) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind, before: '' });
  });

  it.each([
    ['ENGLISH_US', ' He could not go to sleep last night.'],
    ['SPANISH_ES', ' Se despierta de noche.'],
    ['FRENCH_FR', ' Il se réveille toi aussi.'],
  ])('%s %j is text', (locale, unit) => {
    expect(recognizeUnit(unit, locale)).toBeNull();
  });

  it('between them nothing said is written or acted on; wake up is the only thing heard', () => {
    const f = filter('ENGLISH_US');
    const asleep = feed(f, [
      ' Wound clean.',
      ' Go to sleep.',
      ' The coffee is cold.',
      ' Next field.',
      ' Scratch that.',
    ]);
    expect(asleep.text).toBe(' Wound clean.');
    expect(asleep.heard).toEqual([{ kind: 'sleep' }]);
    expect(f.update(asleep.raw).asleep).toBe(true);
    const raw = `${asleep.raw} Stop dictating. Wake up.`;
    const woke = f.update(raw);
    // "Wake up" ends a unit whose earlier sentence was said asleep: left out.
    expect(woke).toEqual({ text: ' Wound clean.', heard: [{ kind: 'wake' }] });
    expect(f.update(`${raw} No drainage.`).text).toBe(' Wound clean. No drainage.');
  });

  it('wake up while awake says so; go to sleep keeps the words said before it in the same breath', () => {
    expect(feed(filter('SPANISH_ES'), [' Despierta.']).heard).toEqual([{ kind: 'wake', notAsleep: true }]);
    const fr = feed(filter('FRENCH_FR'), [
      ' Plaie propre. Mets-toi en veille.',
      ' Bonjour.',
      ' Réveille-toi.',
      ' Pansement.',
    ]);
    expect(fr.text).toBe(' Plaie propre. Pansement.');
  });

  it('asleep across a dropped connection: the replay brings nothing back, and sleep is not reported twice', () => {
    const f = filter('ENGLISH_US');
    const before = feed(f, [' Wound clean.', ' Go to sleep.', ' Chatting.']);
    // The drop takes back everything after " Wound clean."; the replay cuts the units differently (the
    // service still ends a unit at the pause after the command).
    f.update(' Wound clean.');
    expect(f.update(' Wound clean. Go to sleep.')).toEqual({
      text: ' Wound clean.',
      heard: [],
      asleep: true,
    });
    const replay = f.update(' Wound clean. Go to sleep. Chatting.');
    expect(before.heard).toEqual([{ kind: 'sleep' }]);
    expect(replay).toEqual({ text: ' Wound clean.', heard: [], asleep: true });
  });
});

describe('cap that, all caps that, no caps that', () => {
  it.each([
    ['ENGLISH_US', ' Cap that.', 'cap'],
    ['ENGLISH_US', ' All caps that.', 'all_caps'],
    ['ENGLISH_UK', ' no caps that', 'no_caps'],
    ['SPANISH_ES', ' Mayúscula eso.', 'cap'],
    ['SPANISH_MX', ' Todo en mayúsculas.', 'all_caps'],
    ['SPANISH_ES', ' Minúsculas eso.', 'no_caps'],
    ['FRENCH_FR', ' Majuscules initiales.', 'cap'],
    ['FRENCH_FR', ' Tout en majuscules.', 'all_caps'],
    ['FRENCH_FR', ' Minuscules ça.', 'no_caps'],
  ])('%s %j is %s', (locale, unit, kind) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind, before: '' });
  });

  it('act on the last phrase still standing, in each language', () => {
    expect(feed(filter('ENGLISH_US'), [' Seen in', ' emergency department.', ' Cap that.']).text).toBe(
      ' Seen in Emergency Department.',
    );
    expect(feed(filter('SPANISH_ES'), [' Diagnóstico:', ' epoc.', ' Todo en mayúsculas.']).text).toBe(
      ' Diagnóstico: EPOC.',
    );
    const fr = feed(filter('FRENCH_FR'), [' Plaie propre.', ' PANSEMENT FAIT.', ' Minuscules ça.']);
    expect(fr.text).toBe(' Plaie propre. pansement fait.');
    expect(fr.heard).toEqual([{ kind: 'no_caps' }]);
  });

  it('act on the words selected by voice in the box; with nothing to change they say so', () => {
    const box = feed(filter('ENGLISH_US', true), [
      ' Patient has copd today.',
      ' Select copd.',
      ' All caps that.',
    ]);
    expect(box.text).toBe(' Patient has COPD today.');
    expect(feed(filter('ENGLISH_US'), [' Cap that.']).heard).toEqual([
      { kind: 'cap', nothingToRecase: true },
    ]);
    // Inside a sentence it is text.
    expect(feed(filter('ENGLISH_US'), [' Wear a cap that fits.']).text).toBe(' Wear a cap that fits.');
  });
});

describe('go to end, go to top', () => {
  it.each([
    ['ENGLISH_US', ' Go to the end.', 'go_end'],
    ['ENGLISH_US', ' Go to top.', 'go_top'],
    ['SPANISH_ES', ' Ve al final.', 'go_end'],
    ['SPANISH_MX', ' Ir al principio.', 'go_top'],
    ['FRENCH_FR', ' Va à la fin.', 'go_end'],
    ['FRENCH_FR', ' Aller au début.', 'go_top'],
  ])('%s %j is %s', (locale, unit, kind) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind, before: '' });
  });

  it('in the dictation box the next words go to the top or the end of the text', () => {
    const box = filter('ENGLISH_US', true);
    const out = feed(box, [' Patient stable.', ' Go to top.', ' History reviewed.']);
    expect(out.text).toBe('History reviewed. Patient stable.');
    box.update(`${out.raw} Go to end.`);
    expect(box.update(`${out.raw} Go to end. Plan follows.`).text).toBe(
      'History reviewed. Patient stable. Plan follows.',
    );
    // Outside the box the text is not changed: the runner moves the field's caret.
    const app = feed(filter('FRENCH_FR'), [' Plaie propre.', ' Va au début.']);
    expect(app).toMatchObject({ text: ' Plaie propre.', heard: [{ kind: 'go_top' }] });
  });
});

describe('select that, unselect that', () => {
  it.each([
    ['ENGLISH_US', ' Select that.', 'select_that'],
    ['ENGLISH_US', ' Unselect that.', 'unselect'],
    ['SPANISH_ES', ' Selecciona eso.', 'select_that'],
    ['SPANISH_MX', ' Quita la selección.', 'unselect'],
    ['FRENCH_FR', ' Sélectionne ça.', 'select_that'],
    ['FRENCH_FR', ' Désélectionne ça.', 'unselect'],
  ])('%s %j is %s', (locale, unit, kind) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind, before: '' });
  });

  it('in the box, select that selects the last utterance and the next words replace it', () => {
    const box = filter('ENGLISH_US', true);
    const out = feed(box, [' Wound clean.', ' Left knee.', ' Select that.']);
    expect(out.heard.at(-1)).toEqual({ kind: 'select_that', found: true });
    expect(box.update(out.raw).selection).toEqual({ start: 14, length: 10 });
    expect(box.update(`${out.raw} Right ankle.`).text).toBe(' Wound clean. Right ankle.');
  });

  it('in the box, unselect that keeps the words and the next ones go after them', () => {
    const box = filter('FRENCH_FR', true);
    const out = feed(box, [' Genou gauche.', ' Sélectionne ça.', ' Désélectionne ça.', ' Œdème.']);
    expect(out.text).toBe(' Genou gauche. Œdème.');
    expect(out.heard.map((h) => h.found)).toEqual([true, true]);
    expect(feed(filter('FRENCH_FR', true), [' Désélectionne ça.']).heard).toEqual([
      { kind: 'unselect', found: false },
    ]);
  });
});

describe('next field, previous field in the dictation box', () => {
  it.each([
    ['ENGLISH_US', ' Go to top.', ' Next field.', ' Previous field.'],
    ['SPANISH_ES', ' Ve al principio.', ' Campo siguiente.', ' Campo anterior.'],
    ['FRENCH_FR', ' Va au début.', ' Champ suivant.', ' Champ précédent.'],
  ])(
    '%s: select the Text blank after or before the caret; the next words replace it',
    (locale, top, next, previous) => {
      const box = filter(locale, true);
      const text = ' Side: [left] Plan: [rest].';
      const out = feed(box, [text, next, top, next, next, previous]);
      expect(out.heard.map((h) => [h.kind, h.found])).toEqual([
        ['next_field', false], // the caret is after the last blank
        ['go_top', undefined],
        ['next_field', true],
        ['next_field', true],
        ['previous_field', true],
      ]);
      expect(box.update(out.raw).selection).toEqual({ start: text.indexOf('[left]'), length: 6 });
      expect(box.update(`${out.raw} right`).text).toBe(' Side: right Plan: [rest].');
      // Outside the box the text is not changed: the runner moves the field's selection.
      expect(feed(filter(locale), [text, top, next]).heard.at(-1)).toEqual({ kind: 'next_field' });
    },
  );

  it('counts only the kinds of blank the setting counts, as the box’s own buttons do', () => {
    const box = new CommandFilter({ locale: 'ENGLISH_US', enabled: true, box: true, markers: ['asterisks'] });
    const out = feed(box, [' Side: [left] Pain ***.', ' Go to top.', ' Next field.']);
    expect(box.update(out.raw).selection).toEqual({ start: ' Side: [left] Pain '.length, length: 3 });
  });
});
