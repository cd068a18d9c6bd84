/**
 * The everyday command set (issue 29) through the controller, with fakes: what each does to the field and
 * what the overlay (or the box) says when it acts or cannot.
 */
import { describe, expect, it, vi } from 'vitest';
import { setup } from './command-controller-setup.ts';

describe('everyday voice commands through the controller', () => {
  it('words said before a command could run wait for it: they go where it put the caret', async () => {
    const t = setup();
    const s = await t.session();
    s.unit(' Pain 3.');
    s.unit(' Next field.');
    s.unit(' Left knee.'); // no pause: it comes before the field move has run
    s.unit(' Previous field.');
    s.unit(' Mild.');
    await t.controller.stop();
    expect(t.inserter.events).toEqual([
      'write: Pain 3.',
      'move:next',
      'write: Pain 3. Left knee.',
      'move:previous',
      'write: Pain 3. Left knee. Mild.',
    ]);
  });

  it('delete that: the words selected by voice in the box, else the last phrase in the field', async () => {
    const box = setup({ box: true });
    const s = await box.session();
    s.unit(' Left knee swollen.');
    s.unit(' Select swollen.');
    s.unit(' Delete that.');
    await vi.waitFor(() => expect(box.said('selection_deleted')).toBe(true));
    await box.controller.stop();
    expect(box.finished[0]?.text).toBe(' Left knee.');
    const app = setup({ locale: 'SPANISH_ES' });
    const a = await app.session();
    a.unit(' Herida limpia.');
    a.unit(' Sin fiebre.');
    a.unit(' Elimina eso.');
    await vi.waitFor(() => expect(app.inserter.field).toBe(' Herida limpia.'));
    expect(app.said('scratched')).toBe(true);
    await app.controller.stop();
  });

  it('go to sleep: nothing goes in and the overlay shows the microphone asleep until wake up', async () => {
    const t = setup({ locale: 'FRENCH_FR' });
    const s = await t.session();
    s.unit(' Plaie propre.');
    s.unit(' Mets-toi en veille.');
    await vi.waitFor(() => expect(t.said('asleep')).toBe(true));
    s.unit(' Champ suivant.');
    s.unit(' Arrête la dictée.');
    s.unit(' Le café est froid.');
    await vi.waitFor(() => expect(t.overlay.at(-1)?.phase).toBe('asleep'));
    expect(t.inserter.field).toBe(' Plaie propre.');
    s.unit(' Réveille-toi.');
    await vi.waitFor(() => expect(t.said('awake')).toBe(true));
    expect(t.overlay.at(-1)?.phase).toBe('listening');
    s.unit(' Pansement.');
    await t.controller.stop();
    expect(t.inserter.field).toBe(' Plaie propre. Pansement.');
    expect(t.navigator.moves).toEqual([]);
  });

  it('stop listening ends the dictation as stop dictating does, and is not typed', async () => {
    const t = setup({ locale: 'ENGLISH_US' });
    const s = await t.session();
    s.unit(' Pain 3.');
    s.unit(' Stop listening.');
    await vi.waitFor(() => expect(t.finished).toHaveLength(1));
    expect(t.finished[0]?.text).toBe(' Pain 3.');
    expect(t.said('stopping')).toBe(true);
  });

  it('all caps that changes the last phrase in the field and says so; with nothing left it says that', async () => {
    const t = setup({ locale: 'SPANISH_MX' });
    const s = await t.session();
    s.unit(' Diagnóstico:');
    s.unit(' epoc.');
    s.unit(' Todo en mayúsculas.');
    await vi.waitFor(() => expect(t.inserter.field).toBe(' Diagnóstico: EPOC.'));
    expect(t.said('recased')).toBe(true);
    await t.controller.stop();
    const none = setup();
    (await none.session()).unit(' Cap that.');
    await vi.waitFor(() => expect(none.said('nothing_to_recase')).toBe(true));
    await none.controller.stop();
  });

  it('go to top: in the box the next words go first; where the field cannot be read it says so', async () => {
    const box = setup({ box: true, locale: 'FRENCH_FR' });
    const b = await box.session();
    b.unit(' Plaie propre.');
    b.unit(' Va au début.');
    await vi.waitFor(() => expect(box.said('caret_moved')).toBe(true));
    b.unit(' Antécédents revus.');
    await box.controller.stop();
    expect(box.finished[0]?.text).toBe('Antécédents revus. Plaie propre.');
    const app = setup();
    (await app.session()).unit(' Go to end.');
    await vi.waitFor(() => expect(app.said('caret_unreadable')).toBe(true));
    await app.controller.stop();
    expect(app.inserter.field).toBe('');
  });

  it('select that: in the box it selects; in an unreadable field both say the text cannot be read', async () => {
    const box = setup({ box: true });
    const b = await box.session();
    b.unit(' Left knee.');
    b.unit(' Select that.');
    await vi.waitFor(() => expect(box.said('selected_in_box')).toBe(true));
    expect(box.selected).toEqual(['Left knee.']);
    b.unit(' Unselect that.');
    await vi.waitFor(() => expect(box.said('unselected')).toBe(true));
    await box.controller.stop();
    const app = setup({ locale: 'SPANISH_ES' });
    const a = await app.session();
    a.unit(' Rodilla izquierda.');
    a.unit(' Selecciona eso.');
    await vi.waitFor(() => expect(app.said('select_unreadable')).toBe(true));
    a.unit(' Deselecciona eso.');
    await vi.waitFor(() =>
      expect(app.overlay.filter((o) => o.message?.code === 'select_unreadable')).toHaveLength(2),
    );
    await app.controller.stop();
    expect(app.inserter.field).toBe(' Rodilla izquierda.');
  });

  it('transfer text: from the box it ends the dictation, then transfers; elsewhere it says so', async () => {
    const transfers: number[] = [];
    const box = setup({ box: true, locale: 'FRENCH_FR', transfer: async () => void transfers.push(1) });
    const b = await box.session();
    b.unit(' Genou gauche.');
    b.unit(' Transfère le texte.');
    await vi.waitFor(() => expect(transfers).toHaveLength(1));
    expect(box.controller.active).toBe(false);
    expect(box.finished[0]?.text).toBe(' Genou gauche.');
    const app = setup({ transfer: async () => void transfers.push(2) });
    const a = await app.session();
    a.unit(' Left knee.');
    a.unit(' Transfer text.');
    await vi.waitFor(() => expect(app.said('transfer_box_only')).toBe(true));
    await app.controller.stop();
    expect([transfers, app.inserter.field]).toEqual([[1], ' Left knee.']);
  });
});
