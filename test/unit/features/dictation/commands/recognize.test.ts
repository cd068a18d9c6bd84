import { describe, expect, it } from 'vitest';
import { recognizeUnit } from '../../../../../main/features/dictation/commands/recognize.ts';

describe('recognizeUnit: a command stands alone between pauses', () => {
  it.each([
    ['ENGLISH_US', ' Scratch that.', 'scratch'],
    ['ENGLISH_UK', ' undo that', 'scratch'],
    ['ENGLISH_US', ' Next field.', 'next_field'],
    ['ENGLISH_US', ' Previous field', 'previous_field'],
    ['ENGLISH_US', ' New line.', 'new_line'],
    ['ENGLISH_US', ' New paragraph', 'new_paragraph'],
    ['ENGLISH_US', ' Stop dictating.', 'stop'],
    ['SPANISH_ES', ' Borra eso.', 'scratch'],
    ['SPANISH_MX', ' Campo siguiente', 'next_field'],
    ['SPANISH_ES', ' campo anterior.', 'previous_field'],
    ['SPANISH_ES', ' Nueva linea', 'new_line'],
    ['SPANISH_ES', ' Nuevo párrafo.', 'new_paragraph'],
    ['SPANISH_MX', ' Deja de dictar.', 'stop'],
    ['FRENCH_FR', ' Efface ça.', 'scratch'],
    ['FRENCH_FR', ' Champ suivant.', 'next_field'],
    ['FRENCH_FR', ' champ precedent', 'previous_field'],
    ['FRENCH_FR', ' À la ligne.', 'new_line'],
    ['FRENCH_FR', ' Nouveau paragraphe', 'new_paragraph'],
    ['FRENCH_FR', ' Arrête la dictée.', 'stop'],
  ])('%s %j is %s', (locale, unit, kind) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind, before: '' });
  });

  it.each([
    ['ENGLISH_US', ' The patient will scratch that area.'],
    ['ENGLISH_US', ' the patient will scratch that'],
    ['ENGLISH_US', ' She started a new line of treatment.'],
    ['ENGLISH_US', ' Move to the next field trip.'],
    ['SPANISH_ES', ' El paciente borra eso cada día.'],
    ['SPANISH_ES', ' Se abrió una nueva línea'],
    ['FRENCH_FR', ' Le patient efface ça tout seul.'],
    ['FRENCH_FR', ' Il est revenu à la ligne de base'],
    // Another language's command is text in this one.
    ['FRENCH_FR', ' Scratch that.'],
    ['ENGLISH_US', ' Champ suivant.'],
  ])('%s %j is text', (locale, unit) => {
    expect(recognizeUnit(unit, locale)).toBeNull();
  });

  it('a unit that ends with a command after a sentence keeps its earlier sentences', () => {
    expect(recognizeUnit(' Wound is clean. Next field.', 'ENGLISH_US')).toEqual({
      kind: 'next_field',
      before: ' Wound is clean.',
    });
    expect(recognizeUnit(' Plaie propre.\nÀ la ligne.', 'FRENCH_FR')).toEqual({
      kind: 'new_line',
      before: ' Plaie propre.\n',
    });
    // A decimal point is no sentence end.
    expect(recognizeUnit(' Dose 2.5 next field', 'ENGLISH_US')).toBeNull();
  });

  it('select takes the words after it, as dictated', () => {
    expect(recognizeUnit(' Select left knee.', 'ENGLISH_US')).toEqual({
      kind: 'select',
      before: '',
      words: 'left knee',
    });
    expect(recognizeUnit(' Selecciona rodilla izquierda', 'SPANISH_ES')).toMatchObject({
      kind: 'select',
      words: 'rodilla izquierda',
    });
    expect(recognizeUnit(' Sélectionne genou gauche.', 'FRENCH_FR')).toMatchObject({
      kind: 'select',
      words: 'genou gauche',
    });
    expect(recognizeUnit(' Select.', 'ENGLISH_US')).toBeNull();
    expect(recognizeUnit(' We select patients carefully.', 'ENGLISH_US')).toBeNull();
  });
});
