/** A clinician's dot phrases and replacements beyond one page of the service's list all come back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('lists of more than one page', () => {
  it('reads every dot phrase and every replacement, following the cursor', async () => {
    const core = await h.userCore('paged-clinician');
    const make = (from: number) =>
      Array.from({ length: 100 }, (_, i) => ({ trigger: `.p${from + i}`, content: `Phrase ${from + i}` }));
    await core.dotPhrases.bulkCreate(make(0));
    await core.dotPhrases.bulkCreate(make(100).slice(0, 50));
    const phrases = await core.dotPhrases.list();
    expect(phrases).toHaveLength(150);
    expect(new Set(phrases.map((p) => p.trigger)).size).toBe(150);
    for (let i = 0; i < 25; i++)
      await core.textReplacements.create({ original_text: `word ${i}`, replacement_text: `W${i}` });
    expect(await core.textReplacements.list()).toHaveLength(25);
    expect(h.count('/dot-phrases', 'GET')).toBeGreaterThanOrEqual(2);
  });
});
