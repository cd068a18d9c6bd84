/**
 * Every sentence the window and the `scribe` command show comes from the words module (preload/words), so
 * it exists in every language: no text in a Svelte component's markup, no sentence in a string literal of
 * the renderer's code, and no words in a string the CLI (main/shells/cli) prints or the Electron shell
 * (main/shells/electron) shows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(svelte|ts)$/.test(name) ? [path] : [];
  });
}

/** Text between tags, outside scripts, styles, comments and `{…}` expressions: what a person reads. */
function markupTexts(source: string): string[] {
  let markup = source
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  // Expressions out first (innermost outwards): an arrow's `>` inside one is not a tag's end.
  for (let before = ''; before !== markup;) [before, markup] = [markup, markup.replace(/\{[^{}]*\}/g, ' ')];
  const texts: string[] = [];
  for (const match of markup.matchAll(/>([^<>]+)</g)) {
    const text = match[1]!.trim();
    if (/\p{L}{2,}/u.test(text)) texts.push(text);
  }
  // Attributes a person reads or hears: label, title, aria-label, placeholder, hint, heading, action.
  for (const match of markup.matchAll(
    /\s(?:label|title|aria-label|placeholder|hint|heading|action)="([^"{]*)"/g,
  ))
    if (/\p{L}{2,}/u.test(match[1]!)) texts.push(match[1]!);
  return texts;
}

/** Sentences in string literals: a capital (after any spaces), words, an end mark (code comments left out). */
function literalSentences(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/(['"`])\s*([A-Z][^'"`\n]* [^'"`\n]*[.!?…])\1/g)].map((m) => m[2]!);
}

/** Not words to translate: the product's name, abbreviations (HCC, LOINC), example addresses and file names. */
const NOT_WORDS = /^(?:Scribe|[A-Z0-9/&-]+|[^\s]*[./][^\s]*)$/;

function inlineTexts(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  // A component's code is its script and its markup's {…} expressions (a ternary's words in markup too).
  const script = path.endsWith('.svelte') ? source.replace(/<style[\s\S]*?<\/style>/g, '') : source;
  const texts = [...(path.endsWith('.svelte') ? markupTexts(source) : []), ...literalSentences(script)];
  return texts.filter((text) => !NOT_WORDS.test(text));
}

describe('the renderer’s sentences', () => {
  const found = new Map(
    files(join(ROOT, 'renderer')).map((path) => [relative(ROOT, path), inlineTexts(path)] as const),
  );

  it('come from preload/words, in every file', () => {
    const offenders = [...found].filter(([, texts]) => texts.length > 0);
    expect(Object.fromEntries(offenders)).toEqual({});
  });
});

/** Lines meant for programs, the same in every language (a service manager waits for `listening on`). */
const CLI_MACHINE_LINES: Readonly<Record<string, readonly string[]>> = {
  'main/shells/cli/commands/broker.ts': ['listening on {}'],
};

/** Two words of letters in a row: what a CLI line in words has (its messages start in lower case). */
const TWO_WORDS = /\p{L}{2,}[\s,;:]+\p{L}{2,}/u;
/** Flags (`--transcript`), their values' names (`FILE`), codes (`ENGLISH_US`): typed as they are. */
const TYPED = /--[\w-]+|\b[A-Z][A-Z0-9_]*\b|\[[^\]]*\]/g;

/**
 * Strings in a CLI file that hold words: string and template literals (a template's literal parts
 * joined by `{}`), read with TypeScript's own scanner so quotes inside strings and comments cannot mislead it.
 * Module paths and a command's `synopsis` (its flags, as typed) are not words.
 */
function cliTexts(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isPropertyAssignment(node) && node.name.getText(file) === 'synopsis') return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{}');
    if (text !== undefined && TWO_WORDS.test(text.replace(TYPED, ' ').replaceAll('{}', ' ')))
      texts.push(text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

describe('the CLI’s sentences', () => {
  const found = new Map(
    files(join(ROOT, 'main/shells/cli')).map((path) => {
      const file = relative(ROOT, path);
      const machine = CLI_MACHINE_LINES[file] ?? [];
      return [file, cliTexts(path).filter((text) => !machine.includes(text))] as const;
    }),
  );

  it('come from preload/words: results, errors and notes of every command', () => {
    const offenders = [...found].filter(([, texts]) => texts.length > 0);
    expect(Object.fromEntries(offenders)).toEqual({});
  });

  it('are found where they are written inline (the rule itself)', () => {
    const sample = join(ROOT, 'test/fixtures/words/cli-inline.ts.txt');
    expect(cliTexts(sample)).toEqual([
      'recover: there is no unfinished session.',
      'sent {} to conversation {}',
      'Voice command "don\'t" does nothing.',
      'tokens minted',
    ]);
  });
});

/** Strings of the Electron shell meant for programs: MIME types, channel and event names, the app's name. */
const SHELL_MACHINE = /^(?:[a-z]+\/[\w.+-]+; charset=utf-8|[a-z]+:[a-zA-Z]+|Scribe Desktop)$/;

describe('the Electron shell’s sentences', () => {
  it('come from preload/words: the tray, the quit question, a failed start', () => {
    const found = files(join(ROOT, 'main/shells/electron')).map(
      (path) => [relative(ROOT, path), cliTexts(path).filter((t) => !SHELL_MACHINE.test(t))] as const,
    );
    expect(Object.fromEntries(found.filter(([, texts]) => texts.length > 0))).toEqual({});
  });
});
