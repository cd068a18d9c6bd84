import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ALL_PHRASES } from '../../../../../preload/contract/command-phrases.ts';

it('the clinician page lists every spoken form the app listens for', () => {
  const page = readFileSync('docs/dictation-commands.md', 'utf8').toLowerCase();
  const forms = Object.values(ALL_PHRASES).flatMap((table) => Object.values(table).flat());
  // "nueva linea" is the accentless spelling of a listed form (accents do not matter).
  const missing = forms.filter((form) => form !== 'nueva linea' && !page.includes(form.toLowerCase()));
  expect(missing).toEqual([]);
});
