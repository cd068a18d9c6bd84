/**
 * "What can I say" (issue 29): the panel the overlay shows, through the controller with fakes — the commands
 * that can act for the field's state, in English, French and Spanish; closed when said again or by the next
 * utterance; nothing typed for it.
 */
import { describe, expect, it, vi } from 'vitest';
import { sayPanel } from '../../../../../main/features/dictation/commands/say-panel.ts';
import { setup } from '../command-controller-setup.ts';

const TEXTS = [{ name: 'normal exam', content: 'Knee [left|right], effusion [none].' }];

describe('what can I say', () => {
  it('in an application whose field cannot be read: no selecting nor filling, field moves, the Texts', async () => {
    const t = setup({ locale: 'ENGLISH_US', texts: TEXTS });
    const s = await t.session();
    s.unit(' Wound clean.');
    s.unit(' What can I say?');
    await vi.waitFor(() => expect(t.overlay.at(-1)?.panel).toBeTruthy());
    const panel = t.overlay.at(-1)!.panel!;
    expect(panel).toMatchObject({ locale: 'ENGLISH_US', field: 'unreadable', fieldsLeft: null });
    expect(panel.texts).toEqual(['normal exam']);
    expect(panel.commands).toEqual(expect.arrayContaining(['scratch', 'next_field', 'insert_text', 'stop']));
    for (const kind of ['select', 'go_end', 'accept_defaults', 'choose', 'transfer', 'wake'] as const)
      expect(panel.commands).not.toContain(kind);
    await t.controller.stop();
    expect(t.inserter.field).toBe(' Wound clean.');
  });

  it('in the dictation box (French): selecting, the Text fields left, transfer', async () => {
    const t = setup({ locale: 'FRENCH_FR', box: true, texts: [], transfer: async () => undefined });
    const s = await t.session();
    s.unit(' Genou [gauche|droit], épanchement [aucun].');
    s.unit(' Que puis-je dire ?');
    await vi.waitFor(() => expect(t.overlay.at(-1)?.panel).toBeTruthy());
    const panel = t.overlay.at(-1)!.panel!;
    expect(panel).toMatchObject({ locale: 'FRENCH_FR', field: 'box', fieldsLeft: 2, texts: [] });
    expect(panel.commands).toEqual(
      expect.arrayContaining(['select', 'go_top', 'accept_defaults', 'choose', 'transfer']),
    );
    expect(panel.commands).not.toContain('insert_text');
    await t.controller.stop();
    expect(t.finished[0]?.text).toBe(' Genou [gauche|droit], épanchement [aucun].');
  });

  it('said again, or the next utterance, closes it (Spanish)', async () => {
    const t = setup({ locale: 'SPANISH_ES' });
    const s = await t.session();
    const open = () => t.overlay.at(-1)?.panel ?? null;
    s.unit(' ¿Qué puedo decir?');
    await vi.waitFor(() => expect(open()?.field).toBe('unreadable'));
    s.unit(' Qué puedo decir.');
    await vi.waitFor(() => expect(open()).toBeNull());
    s.unit(' ¿Qué puedo decir?');
    await vi.waitFor(() => expect(open()).not.toBeNull());
    s.unit(' Herida limpia.');
    await vi.waitFor(() => expect(open()).toBeNull());
    await t.controller.stop();
    expect(t.inserter.field).toBe(' Herida limpia.');
  });

  it('a field read at the start: selecting and the Text fields left there and in the dictation', () => {
    const panel = sayPanel({
      locale: 'ENGLISH_UK',
      box: false,
      fieldText: 'Plan: [ice|rest]',
      text: ' Knee [left].',
      navigator: true,
      texts: [],
      transfer: true,
      makeText: false,
    });
    expect(panel).toMatchObject({ field: 'readable', fieldsLeft: 2 });
    expect(panel.commands).toEqual(expect.arrayContaining(['select', 'insert_after', 'field_complete']));
    for (const kind of ['transfer', 'make_text', 'insert_text'] as const)
      expect(panel.commands).not.toContain(kind);
  });

  it('in the dictation box, next and previous field walk its own text even with no field navigator', () => {
    const facts = { locale: 'ENGLISH_US', text: ' Knee [left].', navigator: false, texts: [] };
    const box = sayPanel({ ...facts, box: true, transfer: true, makeText: false });
    const elsewhere = sayPanel({ ...facts, box: false, transfer: false, makeText: false });
    expect(box.commands).toEqual(expect.arrayContaining(['next_field', 'previous_field']));
    expect(elsewhere.commands).not.toContain('next_field');
  });
});
