/**
 * The catalogues (preload/words/<language>/*.json): every language has every file and every message of
 * English, each message parses as ICU MessageFormat, and a translation places no value English's message
 * does not (a value the logic does not pass would throw when shown), except the values the logic passes
 * for a language's grammar alone: `xInSentence`, the value `x` as written inside a sentence (French and
 * Spanish write language names in lower case there), and those of GRAMMAR.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { DISPLAY_LANGUAGES } from '../../../preload/contract/enums.ts';
import { hasSyntax } from '../../../preload/words/messages.ts';

const DIR = 'preload/words';

/**
 * Values a language may place beside one English places: `hour`, the hour (0–23) of the message's `time`
 * (Spanish's "a la 1" / "a las 2"); `languageName`, the `language` as `Intl` names it in that language.
 */
const GRAMMAR: Readonly<Record<string, string>> = { time: 'hour', language: 'languageName' };

interface Element {
  readonly type: number;
  readonly value?: unknown;
  readonly options?: Readonly<Record<string, { readonly value: readonly Element[] }>>;
  readonly children?: readonly Element[];
}

/** The names of the values a message places (arguments, numbers, dates, selects and plurals). */
function argumentsOf(elements: readonly Element[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type >= 1 && element.type <= 6 && typeof element.value === 'string') found.add(element.value);
    for (const option of Object.values(element.options ?? {})) argumentsOf(option.value, found);
    if (element.children) argumentsOf(element.children, found);
  }
  return found;
}

/** Every message of a catalogue file by its dotted key. */
function messages(tree: object, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') found.set(at, value);
    else for (const [p, v] of messages(value as object, at)) found.set(p, v);
  }
  return found;
}

const read = (language: string, file: string): Map<string, string> =>
  messages(JSON.parse(readFileSync(join(DIR, language, file), 'utf8')) as object);
const files = (language: string): string[] =>
  readdirSync(join(DIR, language))
    .filter((name) => name.endsWith('.json'))
    .sort();
const parsed = (message: string, language: string): Set<string> =>
  argumentsOf(
    new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst() as readonly Element[],
  );

describe('the catalogues', () => {
  const english = files('en');

  it('exist for English', () => {
    expect(english.length).toBeGreaterThan(0);
  });

  it.each(DISPLAY_LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every file and every message of English, and no other',
    (language) => {
      expect(files(language)).toEqual(english);
      for (const file of english)
        expect([...read(language, file).keys()].sort(), file).toEqual([...read('en', file).keys()].sort());
    },
  );

  it.each([...DISPLAY_LANGUAGES])(
    '%s: every message parses and places only values English places',
    (language) => {
      for (const file of english) {
        const own = read(language, file);
        for (const [key, message] of read('en', file)) {
          const allowed = parsed(message, 'en');
          for (const [name, beside] of Object.entries(GRAMMAR)) if (allowed.has(name)) allowed.add(beside);
          for (const name of [...allowed]) allowed.add(`${name}InSentence`);
          const translation = own.get(key);
          if (translation === undefined) continue;
          const used = parsed(translation, language);
          expect(
            [...used].filter((name) => !allowed.has(name)),
            `${file} ${key}`,
          ).toEqual([]);
        }
      }
    },
  );

  // The window's build parses only the messages with syntax (preload/words/precompile.ts): the rest it ships
  // as texts, and shows them as written, so they must read so.
  it.each([...DISPLAY_LANGUAGES])('%s: every message without syntax reads as written', (language) => {
    for (const file of english)
      for (const [key, message] of read(language, file))
        if (!hasSyntax(message))
          expect(new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).format(), key).toBe(
            message,
          );
  });
});
