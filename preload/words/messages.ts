/**
 * Catalogues of messages and how they become words. Each language's words are data: JSON files of ICU
 * MessageFormat messages (plurals, selects and numbers in the message), formatted by FormatJS's
 * `intl-messageformat` (docs/dependencies.md says why). The logic that picks a message and its values is
 * written once, in this folder; a language is its catalogue alone. Zod-free and DOM-free, like the rest of
 * preload/words, so the window and the CLI use the same code.
 */
import { IntlMessageFormat } from 'intl-messageformat';

/** A message parsed: what `intl-messageformat` formats. */
type Parsed = ReturnType<IntlMessageFormat['getAst']>;
/**
 * A message: its ICU text, or (in the window's build, see precompile.ts) that text parsed at build time, so
 * the window ships no ICU parser. A text without syntax stays a text either way: it is its own words.
 */
export type Message = string | Parsed;

/** A catalogue: messages by key, nested by screen or subject. */
export interface Catalogue {
  readonly [key: string]: Message | Catalogue;
}

/** Whether a message is worded by its ICU syntax; one that is not reads as it is written. */
export function hasSyntax(message: string): boolean {
  // Braces place values; an apostrophe before ' { } < > quotes (as FormatJS's parser reads it, tags ignored).
  return /[{}]|'['{}<>]/.test(message);
}

/** A message's text parsed as the words of this folder format it (tags are text). */
export function parseMessage(message: string, tag: string): Parsed {
  return new IntlMessageFormat(message, tag, undefined, { ignoreTag: true }).getAst();
}

/** A value a message places: a number, a text, a yes/no (`select` on `true`/`false`), or none (`null`). */
type Value = string | number | boolean | Date | null | undefined;
/** The values of one message, by argument name. */
type Params = Readonly<Record<string, Value>>;

const compiled = new Map<string, IntlMessageFormat>();
const precompiled = new WeakMap<Parsed, IntlMessageFormat>();

/** The formatter of a message in the locale `tag`, made once. */
function formatterOf(tag: string, message: Message): IntlMessageFormat {
  const key = `${tag}\u0000${typeof message === 'string' ? message : ''}`;
  let formatter = typeof message === 'string' ? compiled.get(key) : precompiled.get(message);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, tag, undefined, { ignoreTag: true });
    if (typeof message === 'string') compiled.set(key, formatter);
    else precompiled.set(message, formatter);
  }
  return formatter;
}

/**
 * A message's words in the locale `tag` for these values. Tags like `<b>` are text, not markup: nothing
 * here renders HTML. A value the message names but `params` lacks throws (a bug, caught by the tests).
 */
export function format(tag: string, message: Message, params?: Params): string {
  if (typeof message === 'string' && !hasSyntax(message)) return message;
  return String(formatterOf(tag, message).format(params as Record<string, string>));
}

/**
 * A function leaf's arguments, in order, as `name:type`: what a caller passes positionally and the name the
 * message gives it. `type` is only for the caller's type check.
 */
type Signature = readonly string[];
/** Signatures by the leaf's dotted path in its catalogue. */
export type Signatures = Readonly<Record<string, Signature>>;

type ArgType<S> = S extends `${string}:number`
  ? number
  : S extends `${string}:boolean`
    ? boolean
    : S extends `${string}:string?`
      ? string | null | undefined
      : S extends `${string}:number?`
        ? number | null | undefined
        : S extends `${string}:Date`
          ? Date
          : S extends `${string}:list`
            ? readonly string[]
            : string;
/** The positional arguments a signature takes. */
type ArgsOf<S> = S extends Signature ? { -readonly [I in keyof S]: ArgType<S[I]> } : never;

/** A catalogue as words: a text for each message without arguments, a function for each with a signature. */
export type Compiled<C, S, P extends string = ''> = {
  readonly [K in keyof C & string]: S extends { readonly [Q in `${P}${K}`]: infer A }
    ? (...args: ArgsOf<A>) => string
    : C[K] extends string
      ? string
      : Compiled<C[K], S, `${P}${K}.`>;
};

/** How a leaf's positional arguments become its message's values, where the message needs more than them. */
export type Prepares<S extends Signatures> = {
  readonly [K in keyof S]?: (...args: ArgsOf<S[K]>) => Params;
};

/**
 * A catalogue's messages as words: messages without arguments formatted once (so `'` and `{` escapes read
 * as meant), a function for each leaf with a signature, its arguments named by it (or by `prepare`).
 */
export function compile<C extends Catalogue, S extends Signatures>(
  tag: string,
  catalogue: C,
  signatures: S,
  prepare: Prepares<S> = {},
  path = '',
): Compiled<C, S> {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalogue)) {
    const at = `${path}${key}`;
    const signature = signatures[at];
    if (typeof message !== 'string' && !Array.isArray(message)) {
      out[key] = compile(tag, message as Catalogue, signatures, prepare, `${at}.`);
    } else if (signature) {
      const names = signature.map((arg) => arg.split(':')[0]!);
      const toParams = prepare[at] as ((...args: unknown[]) => Params) | undefined;
      out[key] = (...args: unknown[]) =>
        format(
          tag,
          message,
          toParams?.(...args) ?? Object.fromEntries(names.map((name, i) => [name, args[i] as Value])),
        );
    } else {
      out[key] = format(tag, message as Message);
    }
  }
  return out as Compiled<C, S>;
}

/** One catalogue's messages by key, for logic that picks a message and its values itself. */
export function messages<C extends Catalogue>(tag: string, catalogue: C) {
  return (key: keyof C & string, params?: Params): string => format(tag, catalogue[key] as Message, params);
}
