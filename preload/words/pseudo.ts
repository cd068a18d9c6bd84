/**
 * The development pseudo-locale (`en-XA`, as Chromium and Android name it; PSEUDO_LOCALE): English with
 * every letter accented and each message about 40 % longer, bracketed, generated from the English catalogue
 * at run time (never a file to keep). A layout that cuts words off or overflows with longer words shows up
 * in it before a translator sees it. Chosen when the system's first language is `en-XA` (Chromium
 * `--lang=en-XA`, or a Playwright context with `locale: 'en-XA'`) and no setting names a language.
 * index.ts and window.ts build it from English's files (pseudoFiles). It works on parsed messages (the window's catalogues are parsed at build time; others are parsed here),
 * so the text is accented and the syntax (arguments, selectors, `#`) kept as it is.
 */
import { hasSyntax, parseMessage, type Catalogue, type Message } from './messages.ts';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'aeiouycnszAEIOUYCNSZ'].map((letter, i) => [letter, [...'áéíóúýçñšžÁÉÍÓÚÝÇÑŠŽ'][i]!]),
);

type Parsed = Exclude<Message, string>;
type Element = Parsed[number];

/** Text accented; `letters` counts the letters seen. */
function accent(text: string, letters: { n: number }): string {
  return text.replace(/\p{L}/gu, (letter) => {
    letters.n++;
    return ACCENTED[letter] ?? letter;
  });
}

/** Parsed elements with their text accented, in every branch of a plural or select. */
function accentElements(elements: Parsed, letters: { n: number }): Parsed {
  return elements.map((element): Element => {
    if (element.type === 0) return { ...element, value: accent(element.value, letters) };
    if (element.type !== 5 && element.type !== 6) return element;
    const options = Object.entries(element.options).map(([key, option]) => [
      key,
      { ...option, value: accentElements(option.value, letters) },
    ]);
    return { ...element, options: Object.fromEntries(options) } as Element;
  });
}

/** About 40 % longer, as translations into French or German often are, and bracketed. */
const padding = (letters: number): string => ` ${'·'.repeat(Math.ceil(letters * 0.4))}⟧`;

/** A message in the pseudo-locale: the text accented and padded, the syntax as it is. */
export function pseudoMessage(message: Message): Message {
  const letters = { n: 0 };
  if (typeof message === 'string' && !hasSyntax(message)) {
    const text = accent(message, letters);
    return letters.n === 0 ? text : `⟦${text}${padding(letters.n)}`;
  }
  const parsed = typeof message === 'string' ? parseMessage(message, 'en') : message;
  const accented = accentElements(parsed, letters);
  if (letters.n === 0) return accented;
  return [{ type: 0, value: '⟦' }, ...accented, { type: 0, value: padding(letters.n) }] as Parsed;
}

/** A catalogue with every message in the pseudo-locale. */
export function pseudoCatalogue<C extends Catalogue>(catalogue: C): C {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' || Array.isArray(value)
        ? pseudoMessage(value)
        : pseudoCatalogue(value as Catalogue),
    ]),
  ) as C;
}

/** Catalogue files (English's, whole or the window's part) with every message in the pseudo-locale. */
export function pseudoFiles<F extends object>(files: F): F {
  return Object.fromEntries(
    Object.entries(files).map(([name, file]) => [name, pseudoCatalogue(file as Catalogue)]),
  ) as F;
}
