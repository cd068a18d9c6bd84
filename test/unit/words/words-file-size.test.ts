/**
 * The words module's shared files (the `Words` shape, its part types, the helpers every locale uses) stay
 * under the house's 300 lines counted as a reader sees them, comments and blank lines included: lint's
 * max-lines skips comments, and these files are mostly doc comments, so lint alone let words.ts grow past it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'preload/words';

describe('the words module’s shared files', () => {
  const files = readdirSync(DIR).filter((name) => name.endsWith('.ts'));

  it('include the Words shape and its part types', () => {
    expect(files).toEqual(
      expect.arrayContaining(['words.ts', 'shell-words-type.ts', 'medication-words-type.ts']),
    );
  });

  it.each(files)('%s has at most 300 lines, comments included', (name) => {
    const lines = readFileSync(join(DIR, name), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(300);
  });
});
