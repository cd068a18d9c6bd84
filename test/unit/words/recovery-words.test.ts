/** What the Visit screen says of the visits kept on this computer: interrupted, ended, or both; in every language. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../preload/words/index.ts';

const en = LOCALES.en.ui.recovery;
const at = new Date(2026, 10, 27, 9, 10);

describe('recovery words', () => {
  it('keeps the interrupted visit words when none ended', () => {
    expect(en.heading(1, 0)).toBe('Interrupted visit');
    expect(en.intro(1, 0)).toBe(
      'The app stopped before this visit finished. The recording is kept, encrypted, on this computer: recover it to get the whole transcript back and write the note.',
    );
    expect(en.heading(2, 0)).toBe('Interrupted visits');
  });

  it('says an ended visit is whole and nothing is sent again', () => {
    expect(en.heading(1, 1)).toBe('A visit kept from before');
    expect(en.intro(1, 1)).toContain('after this visit ended');
    expect(en.intro(1, 1)).toContain('nothing is sent again');
  });

  it('names neither case alone when both are kept, and says each line how it was left', () => {
    expect(en.heading(2, 1)).toBe('Visits kept from before');
    expect(en.line(at, true, false).replace(/\s/g, ' ')).toBe(
      'Recorded Nov 27, 2026, 9:10 AM — ended, transcript complete',
    );
    expect(en.line(at, false, true).replace(/\s/g, ' ')).toBe(
      'Recorded Nov 27, 2026, 9:10 AM — interrupted — older than the retention period',
    );
  });

  it('dates the line as the window’s language writes dates, in French and Spanish too', () => {
    expect(LOCALES.fr.ui.recovery.heading(2, 0)).toBe('Consultations interrompues');
    expect(LOCALES.fr.ui.recovery.line(at, false, false).replace(/\s/g, ' ')).toBe(
      'Enregistrée le 27 nov. 2026, 09:10 — interrompue',
    );
    expect(LOCALES.es.ui.recovery.line(at, true, false).replace(/\s/g, ' ')).toBe(
      'Grabada el 27 nov 2026, 9:10 — terminada, transcripción completa',
    );
  });
});
