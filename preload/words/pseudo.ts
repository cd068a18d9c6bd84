/**
 * The development pseudo-locale (`en-XA`, as Chromium and Android name it): English with every letter
 * accented and each message about 40 % longer, bracketed, generated from the English catalogue at run time
 * (never a file to keep). A layout that cuts words off or overflows with longer words shows up in it before
 * a translator sees it. Chosen when the system's first language is `en-XA` (Chromium `--lang=en-XA`, or a
 * Playwright context with `locale: 'en-XA'`) and no setting names a language.
 */
import { buildWords, type LanguageCatalogue } from './build/words.ts';
import { CLI_PROBLEM_WORDS } from './en/cli-problem-words.ts';
import { EN_CATALOGUE } from './en/index.ts';
import type { Catalogue } from './messages.ts';
import type { Words } from './words.ts';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'aeiouycnszAEIOUYCNSZ'].map((letter, i) => [letter, [...'áéíóúýçñšžÁÉÍÓÚÝÇÑŠŽ'][i]!]),
);

/**
 * An ICU message in the pseudo-locale: the text accented, the syntax (arguments, selectors, quoted
 * braces) as it is. Text is what lies at an even depth of braces: `{name, plural, one {text}}`.
 */
export function pseudoMessage(message: string): string {
  let depth = 0;
  let quoted = false;
  let text = 0;
  let out = '';
  for (const char of message) {
    if (char === "'") quoted = !quoted;
    else if (!quoted && char === '{') depth++;
    else if (!quoted && char === '}') depth--;
    else if (!quoted && depth % 2 === 0 && /\p{L}/u.test(char)) {
      out += ACCENTED[char] ?? char;
      text++;
      continue;
    }
    out += char;
  }
  // About 40 % longer, as translations into French or German often are.
  return text === 0 ? out : `⟦${out} ${'·'.repeat(Math.ceil(text * 0.4))}⟧`;
}

/** A catalogue with every message in the pseudo-locale. */
export function pseudoCatalogue<C extends Catalogue>(catalogue: C): C {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoMessage(value) : pseudoCatalogue(value),
    ]),
  ) as C;
}

/** English made pseudo, from English's catalogue. */
export function pseudoWords(): Words {
  const areas = Object.entries(EN_CATALOGUE).map(([area, c]) => [area, pseudoCatalogue(c)]);
  return buildWords('en', Object.fromEntries(areas) as unknown as LanguageCatalogue, CLI_PROBLEM_WORDS);
}
