/**
 * The development pseudo-locale (preload/words/pseudo.ts): made from English's catalogue, every message
 * still parses with English's arguments, reads accented and about 40 % longer, and is chosen only when
 * the system's first language is en-XA.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it } from 'vitest';
import { EN_CATALOGUE } from '../../../preload/words/en/index.ts';
import { PSEUDO_LOCALE, ui, useLocale, wantsPseudoLocale, words } from '../../../preload/words/index.ts';
import { pseudoCatalogue, pseudoMessage } from '../../../preload/words/pseudo.ts';

/** Every message of a catalogue tree. */
function messages(tree: object): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : messages(value as object),
  );
}

interface Element {
  readonly type: number;
  readonly value?: unknown;
  readonly options?: Readonly<Record<string, { readonly value: readonly Element[] }>>;
}

/** The values a message places, in order (arguments, numbers, dates, selects and plurals). */
function names(elements: readonly Element[]): string[] {
  return elements.flatMap((element) => [
    ...(element.type >= 1 && element.type <= 6 ? [String(element.value)] : []),
    ...Object.values(element.options ?? {}).flatMap((option) => names(option.value)),
  ]);
}

const argumentsOf = (message: string): string[] =>
  names(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as readonly Element[]);

describe('the pseudo-locale', () => {
  afterEach(() => useLocale('en'));

  it('keeps every message of English parsing, with the same arguments', () => {
    const english = messages(EN_CATALOGUE);
    const pseudo = messages(
      Object.fromEntries(Object.entries(EN_CATALOGUE).map(([k, v]) => [k, pseudoCatalogue(v)])),
    );
    expect(pseudo).toHaveLength(english.length);
    english.forEach((message, i) => expect(argumentsOf(pseudo[i]!), message).toEqual(argumentsOf(message)));
    expect(english.filter((message) => argumentsOf(message).length > 0).length).toBeGreaterThan(100);
  });

  it('accents the words and makes them about 40 % longer, leaving the arguments as they are', () => {
    expect(pseudoMessage('Visit')).toBe('⟦Víšít ··⟧');
    expect(pseudoMessage('{n, plural, one {# line} other {# lines}} of {name}')).toBe(
      '⟦{n, plural, one {# líñé} other {# líñéš}} óf {name} ·····⟧',
    );
  });

  it('words the window and the messages when chosen, and English otherwise', () => {
    useLocale(PSEUDO_LOCALE);
    expect(ui().visit.title).toBe('⟦Víšít ··⟧');
    expect(words().dictationMessageText({ code: 'inserted', app: 'Epic' })).toMatch(/^⟦Íñšértéd íñtó Epic\./);
    useLocale('en');
    expect(ui().visit.title).toBe('Visit');
    expect(wantsPseudoLocale(['en-XA', 'en-US'])).toBe(true);
    expect(wantsPseudoLocale(['en-US', 'en-XA'])).toBe(false);
  });
});
