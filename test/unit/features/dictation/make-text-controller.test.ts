/**
 * "Make that a Text" (issue 29) through the controller with fakes: the words selected by voice, else the
 * dictation so far, are kept for a new Text (named in the dictation box), in each language; nothing is typed
 * for the command; with nothing to keep it says so and keeps nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { recognizeUnit } from '../../../../main/features/dictation/commands/recognize.ts';
import { setup } from './command-controller-setup.ts';

describe('make that a Text', () => {
  it.each([
    ['ENGLISH_US', ' Make that a Text.'],
    ['SPANISH_ES', ' Convierte eso en un texto.'],
    ['FRENCH_FR', ' Fais-en un texte.'],
  ])('%s: "%s" is the command', (locale, unit) => {
    expect(recognizeUnit(unit, locale)).toEqual({ kind: 'make_text', before: '' });
  });

  it('in another application: the dictation so far is kept, the field keeps its words, the box is asked', async () => {
    const kept: string[] = [];
    const t = setup({ locale: 'FRENCH_FR', makeText: (content) => void kept.push(content) });
    const s = await t.session();
    s.unit(' Genou sec.');
    s.unit(' Pas d’épanchement. Fais-en un texte.');
    await vi.waitFor(() => expect(t.said('text_name_asked')).toBe(true));
    s.unit(' Suite.');
    await t.controller.stop();
    expect(kept).toEqual(['Genou sec. Pas d’épanchement.']);
    expect(t.inserter.field).toBe(' Genou sec. Pas d’épanchement. Suite.');
  });

  it('the words selected by voice, in the box and in a field', async () => {
    const kept: string[] = [];
    const box = setup({ box: true, makeText: (content) => void kept.push(content) });
    const b = await box.session();
    b.unit(' Left knee, no effusion, full range.');
    b.unit(' Select no effusion.');
    b.unit(' Make that a text.');
    await vi.waitFor(() => expect(kept).toHaveLength(1));
    await box.controller.stop();
    const app = setup({ locale: 'SPANISH_ES', makeText: (content) => void kept.push(content) });
    const a = await app.session();
    a.unit(' Rodilla izquierda sin derrame.');
    a.unit(' Selecciona sin derrame.');
    a.unit(' Haz de eso un texto.');
    await vi.waitFor(() => expect(kept).toHaveLength(2));
    await app.controller.stop();
    expect(kept).toEqual(['no effusion', 'sin derrame']);
  });

  it('with nothing dictated it says so and keeps nothing', async () => {
    const kept: string[] = [];
    const t = setup({ makeText: (content) => void kept.push(content) });
    const s = await t.session();
    s.unit(' Make that a text.');
    await vi.waitFor(() => expect(t.said('nothing_for_text')).toBe(true));
    await t.controller.stop();
    expect([kept, t.inserter.field]).toEqual([[], '']);
  });
});
