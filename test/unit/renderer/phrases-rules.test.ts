import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES, useLocale } from '../../../preload/words/index.ts';
import { MAX_PHRASES, batchRefusal, parsePhrases } from '../../../renderer/lib/state/phrases-rules.ts';

const bulkCountText = (count: number, unread: number, tag: 'en' | 'fr' | 'es' = 'en') =>
  LOCALES[tag].ui.phrases.count(count, unread, MAX_PHRASES);

afterEach(() => useLocale('en'));

describe('dot phrases typed in bulk', () => {
  it('reads ".shortcut = text" lines, keeps "=" inside the text, and counts lines it cannot read', () => {
    expect(parsePhrases('.bp = BP 120/80\n\n.eq = a = b\n.nope no equals\n = no shortcut')).toEqual({
      phrases: [
        { trigger: '.bp', expansion: 'BP 120/80' },
        { trigger: '.eq', expansion: 'a = b' },
      ],
      unread: 2,
    });
    expect(parsePhrases('')).toEqual({ phrases: [], unread: 0 });
  });

  it('takes more than the service’s 100 per request (main sends batches), refusing over 1,000 a save', () => {
    expect(batchRefusal(250, 'add')).toBe('');
    expect(batchRefusal(1_000, 'add')).toBe('');
    expect(batchRefusal(1_001, 'add')).toBe(
      '1,001 phrases to add: at most 1,000 at a time. Leave out 1 and do them in a second step. Nothing was sent.',
    );
    // In the window's language, numbers as that language writes them.
    useLocale('fr');
    expect(batchRefusal(1_001, 'selectedDelete').replace(/\s/g, ' ')).toBe(
      '1 001 phrases sélectionnées pour suppression : au plus 1 000 à la fois. Laissez-en 1 de côté et traitez-les dans un second temps. Rien n’a été envoyé.',
    );
  });

  it('counts as the person types', () => {
    expect(bulkCountText(3, 0)).toBe('3 / 1,000 phrases per save');
    expect(bulkCountText(1_001, 1)).toBe(
      '1,001 / 1,000 phrases per save — 1 too many — 1 line without “=” left out',
    );
    expect(bulkCountText(0, 2)).toBe('0 / 1,000 phrases per save — 2 lines without “=” left out');
    expect(bulkCountText(2, 1, 'es').replace(/\s/g, ' ')).toBe(
      '2 / 1000 frases por guardado — 1 línea sin «=» omitida',
    );
  });
});
