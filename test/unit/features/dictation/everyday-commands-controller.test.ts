/**
 * The everyday command set (issue 29) through the controller, with fakes: what each does to the field and
 * what the overlay (or the box) says when it acts or cannot.
 */
import { describe, expect, it, vi } from 'vitest';
import { setup } from './command-controller-setup.ts';

describe('everyday voice commands through the controller', () => {
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
});
