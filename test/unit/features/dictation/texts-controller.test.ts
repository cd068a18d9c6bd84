/**
 * "Insert ‹name›" (issue 29, Texts) through the controller with fakes: the clinician's Text goes into the
 * field in the place of the words, in each language; "next field" then walks its fields; "scratch that"
 * takes it back; a name that is not a Text, and any Text while voice commands are off, stay words.
 */
import { describe, expect, it, vi } from 'vitest';
import { CommandFilter } from '../../../../main/features/dictation/commands/command-filter.ts';
import { recognizeUnit } from '../../../../main/features/dictation/commands/recognize.ts';
import { setup } from './command-controller-setup.ts';

const KNEE = { name: 'Normal knee', content: 'Knee: [left|right|bilateral], [no] effusion.' };
const TEXTS = [KNEE, { name: 'plan', content: 'Follow up in [two] weeks.' }];

describe('insert ‹name›', () => {
  it.each([
    ['ENGLISH_US', 'Insert normal knee.'],
    ['SPANISH_ES', 'Inserta normal knee.'],
    ['FRENCH_FR', 'Insère « Normal knee ».'],
  ])('%s: "%s" names the Text', (locale, unit) => {
    expect(
      recognizeUnit(
        unit,
        locale,
        TEXTS.map((t) => t.name),
      ),
    ).toEqual({
      kind: 'insert_text',
      before: '',
      words: 'Normal knee',
    });
  });

  it('is words when the name is no Text of the clinician’s, or said inside a sentence', () => {
    const names = TEXTS.map((t) => t.name);
    expect(recognizeUnit('Insert a catheter.', 'ENGLISH_US', names)).toBeNull();
    expect(recognizeUnit('Insert normal knee.', 'ENGLISH_US', [])).toBeNull();
    expect(recognizeUnit('We will insert normal knee hardware.', 'ENGLISH_US', names)).toBeNull();
  });

  it('puts the Text in the field, next field walks it, and scratch that takes it back', async () => {
    const t = setup({ texts: TEXTS });
    const s = await t.session();
    s.unit(' Wound clean.');
    s.unit(' Insert normal knee.');
    await vi.waitFor(() => expect(t.inserter.field).toBe(` Wound clean. ${KNEE.content}`));
    s.unit(' Next field.');
    await vi.waitFor(() =>
      expect(t.navigator.moves).toEqual([{ direction: 'next', field: ` Wound clean. ${KNEE.content}` }]),
    );
    s.unit(' Scratch that.');
    await t.controller.stop();
    expect(t.finished[0]?.text).toBe(' Wound clean.');
  });

  it('in the box, at the start of the text, without a space before it', async () => {
    const t = setup({ box: true, texts: TEXTS, locale: 'FRENCH_FR' });
    const s = await t.session();
    s.unit(' Insère plan.');
    await t.controller.stop();
    expect(t.finished[0]?.text).toBe('Follow up in [two] weeks.');
  });

  it('stays words with voice commands off', () => {
    const filter = new CommandFilter({ locale: 'ENGLISH_US', enabled: false, texts: TEXTS });
    expect(filter.update(' Insert plan.').text).toBe(' Insert plan.');
  });
});
