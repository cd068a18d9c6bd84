/**
 * The development pseudo-locale (preload/words/pseudo.ts): made from English's catalogue, every message
 * still parses with English's arguments, reads accented and about 40 % longer, and is chosen only when
 * the system's first language is en-XA.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as EN_CATALOGUE from '../../../preload/words/en/catalogue.ts';
import { PSEUDO_LOCALE, ui, useLocale, wantsPseudoLocale, words } from '../../../preload/words/index.ts';
import { format, parseMessage, type Catalogue, type Message } from '../../../preload/words/messages.ts';
import { precompileCatalogue } from '../../../preload/words/precompile.ts';
import { pseudoCatalogue, pseudoMessage } from '../../../preload/words/pseudo.ts';

/** Every message of a catalogue tree. */
function messages(tree: object): Message[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' || Array.isArray(value) ? [value as Message] : messages(value as object),
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

const argumentsOf = (message: Message): string[] =>
  names((typeof message === 'string' ? parseMessage(message, 'en') : message) as readonly Element[]);

describe('the pseudo-locale', () => {
  afterEach(() => useLocale('en'));

  it('keeps every message of English parsing, with the same arguments', () => {
    const english = messages(EN_CATALOGUE);
    const pseudo = messages(
      Object.fromEntries(Object.entries(EN_CATALOGUE).map(([k, v]) => [k, pseudoCatalogue(v as Catalogue)])),
    );
    expect(pseudo).toHaveLength(english.length);
    english.forEach((message, i) =>
      expect(argumentsOf(pseudo[i]!), String(message)).toEqual(argumentsOf(message)),
    );
    expect(english.filter((message) => argumentsOf(message).length > 0).length).toBeGreaterThan(100);
  });

  it('accents the words and makes them about 40 % longer, leaving the arguments as they are', () => {
    expect(pseudoMessage('Visit')).toBe('⟦Víšít ··⟧');
    const plural = '{n, plural, one {# line} other {# lines}} of {name}';
    expect(format('en', pseudoMessage(plural), { n: 1, name: 'Epic' })).toBe('⟦1 líñé óf Epic ·····⟧');
    expect(format('en', pseudoMessage(plural), { n: 2, name: 'Epic' })).toBe('⟦2 líñéš óf Epic ·····⟧');
  });

  it("is the same made from the catalogue as written or as the window's build parses it", () => {
    for (const catalogue of Object.values(EN_CATALOGUE)) {
      const written = messages(pseudoCatalogue(catalogue as Catalogue));
      const parsed = messages(pseudoCatalogue(precompileCatalogue(catalogue as Catalogue, 'en')));
      parsed.forEach((message, i) => expect(message).toEqual(written[i]));
    }
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
