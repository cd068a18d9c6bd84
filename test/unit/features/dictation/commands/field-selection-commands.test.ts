/**
 * Issue 29's selection commands in the text, in English, Spanish and French: insert before / after ‹words›
 * and transfer text recognised alone between pauses only; in the dictation box insert before / after puts
 * the next words there; in another application the filter leaves the text alone and hands the runner what
 * to find (select that: the last phrase's words) and what acts on the field's selection.
 */
import { describe, expect, it } from 'vitest';
import { CommandFilter } from '../../../../../main/features/dictation/commands/command-filter.ts';
import { recognizeUnit } from '../../../../../main/features/dictation/commands/recognize.ts';
import { feed } from './feed-units.ts';

const filter = (locale: string, box = false) => new CommandFilter({ locale, enabled: true, box });

describe('recognised in each language, alone between pauses', () => {
  it.each([
    ['ENGLISH_US', ' Insert before left knee.', 'insert_before', 'left knee'],
    ['ENGLISH_UK', ' insert after Pain', 'insert_after', 'Pain'],
    ['SPANISH_ES', ' Inserta antes de rodilla.', 'insert_before', 'rodilla'],
    ['SPANISH_MX', ' insertar despues de dolor', 'insert_after', 'dolor'],
    ['FRENCH_FR', ' Insère avant genou gauche.', 'insert_before', 'genou gauche'],
    ['FRENCH_FR', ' insérer après Douleur', 'insert_after', 'Douleur'],
    ['ENGLISH_US', ' Select Left knee.', 'select', 'Left knee'],
  ])('%s %j is %s ‹%s›', (locale, unit, kind, words) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind, before: '', words });
  });

  it.each([
    ['ENGLISH_US', ' Transfer text.'],
    ['SPANISH_ES', ' Transfiere el texto.'],
    ['SPANISH_ES', ' transferir texto'],
    ['FRENCH_FR', ' Transfère le texte.'],
    ['FRENCH_FR', ' transferer le texte'],
  ])('%s %j is transfer', (locale, unit) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind: 'transfer', before: '' });
  });

  it.each([
    ['ENGLISH_US', ' We insert before surgery a drain.'],
    ['ENGLISH_US', ' Insert before.'],
    ['SPANISH_ES', ' Se debe transferir texto y datos.'],
    ['FRENCH_FR', ' On insère avant la suture.'],
  ])('%s %j is text', (locale, unit) => {
    expect(recognizeUnit(unit, locale)).toBeNull();
  });
});

describe('in the dictation box', () => {
  it.each([
    ['ENGLISH_US', [' Pain in left knee.', ' Insert before knee.', ' severe'], ' Pain in left severe knee.'],
    [
      'SPANISH_ES',
      [' Dolor en rodilla.', ' Inserta después de dolor.', ' intenso'],
      ' Dolor intenso en rodilla.',
    ],
    ['FRENCH_FR', [' Douleur au genou.', ' Insère après douleur.', ' vive'], ' Douleur vive au genou.'],
    // At the top of the text: no space before the words, one between them and the word after.
    [
      'ENGLISH_US',
      ['Pain in left knee.', ' Insert before pain.', ' Severe', ' sharp'],
      'Severe sharp Pain in left knee.',
    ],
  ])('%s: insert before / after puts the next words there', (locale, units, text) => {
    const out = feed(filter(locale, true), units);
    expect(out.text).toBe(text);
    expect(out.heard[0]).toMatchObject({ found: true });
  });

  it('words not in the box: found false, the text unchanged', () => {
    const out = feed(filter('ENGLISH_US', true), [' Pain.', ' Insert after elbow.', ' Good.']);
    expect(out.text).toBe(' Pain. Good.');
    expect(out.heard).toEqual([{ kind: 'insert_after', words: 'elbow', found: false }]);
  });
});

describe('in another application', () => {
  it('the text is left alone; select that hands the runner the last phrase', () => {
    const out = feed(filter('FRENCH_FR'), [' Genou gauche.', ' Sélectionne ça.', ' Majuscules ça.']);
    expect(out.text).toBe(' Genou gauche.');
    expect(out.heard).toEqual([
      { kind: 'select_that', words: 'Genou gauche.' },
      { kind: 'all_caps', onSelection: true },
    ]);
  });

  it('after a selection by voice the case commands act on it until other words are said', () => {
    const out = feed(filter('SPANISH_ES'), [
      ' Rodilla izquierda.',
      ' Selecciona rodilla.',
      ' Mayúscula eso.',
      ' Elimina eso.',
      ' Todo en minúsculas.',
    ]);
    expect(out.heard.map((h) => [h.kind, h.onSelection ?? false])).toEqual([
      ['select', false],
      ['cap', true],
      ['delete', true],
      ['no_caps', false],
    ]);
    expect(out.text).toBe(' rodilla izquierda.');
  });

  it('insert before / after and transfer text leave the text as it is', () => {
    const out = feed(filter('ENGLISH_US'), [' Pain.', ' Insert after pain.', ' Transfer text.']);
    expect(out.text).toBe(' Pain.');
    expect(out.heard).toEqual([{ kind: 'insert_after', words: 'pain' }, { kind: 'transfer' }]);
  });
});

describe('a field key or microphone button pressed while dictating into the box', () => {
  const box = () => filter('ENGLISH_US', true);

  it('acts where the text has got to, once; asleep it does nothing', () => {
    const f = box();
    f.update(' Side [left|right] pain [mild].');
    f.press('previous_field');
    const out = f.update(' Side [left|right] pain [mild].');
    expect(out.heard).toEqual([{ kind: 'previous_field', found: true }]);
    expect(out.selection).toEqual({ start: ' Side [left|right] pain '.length, length: 6 });
    expect(f.update(' Side [left|right] pain [mild]. Severe.').heard).toEqual([]); // reported once
    f.press('accept_defaults');
    expect(f.update(' Side [left|right] pain [mild]. Severe.')).toMatchObject({
      heard: [{ kind: 'accept_defaults', filled: 'done' }],
      text: ' Side left pain severe.', // cased for the middle of the sentence, its full stop gone
    });
    const asleep = box();
    asleep.update(' Pain [mild]. Go to sleep.');
    asleep.press('previous_field');
    expect(asleep.update(' Pain [mild]. Go to sleep.')).toMatchObject({ heard: [], text: ' Pain [mild].' });
  });

  it('is taken back by a rollback with the words before it, and never swallows a command said in the replay', () => {
    const f = box();
    f.update(' Pain [mild].');
    f.press('previous_field');
    f.update(' Pain [mild].');
    f.update(''); // a drop: the socket's text taken back
    const replay = f.update(' Pain [mild]. Previous field.');
    expect(replay.heard).toEqual([{ kind: 'previous_field', found: true }]);
    expect(replay.selection).toEqual({ start: ' Pain '.length, length: 6 });
  });
});
