/**
 * The words module's shape: every locale words every code the contract names (the `Words` type says so at
 * compile time; this checks the tables at run time too, where a cast could hide a gap), the window and the
 * CLI read the chosen locale through one lookup, and the contract itself carries no sentence.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CALLER_OPERATIONS,
  CHECK_IDS,
  DICTATION_MESSAGES,
  DISK_WARNINGS,
  ERROR_CODES,
  FAILURE_REASONS,
  FIXED_LIMIT_RULES,
  HOTKEY_NAMES,
  LIMIT_SUBJECTS,
  RESERVED_KEY_USES,
  SETTING_KEYS,
} from '../../../preload/contract/index.ts';
import { formatError, LOCALES, useLocale, words, type Words } from '../../../preload/words/index.ts';

const sorted = (keys: Iterable<string>): string[] => [...keys].sort();

/** Each table of a locale and the closed list of codes it must word, whole. */
function tables(w: Words): [string, object, readonly string[]][] {
  return [
    ['errors', w.errors, ERROR_CODES],
    ['reservedKeyUses', w.reservedKeyUses, RESERVED_KEY_USES],
    ['hotkeyNames', w.hotkeyNames, HOTKEY_NAMES],
    ['limitSubjects', w.limitSubjects, LIMIT_SUBJECTS],
    ['fixedLimits', w.fixedLimits, FIXED_LIMIT_RULES],
    ['checkLabels', w.checkLabels, CHECK_IDS],
    ['callerOperations', w.callerOperations, CALLER_OPERATIONS],
    ['settingTitles', w.settingTitles, SETTING_KEYS],
    ['dictation', w.dictation, DICTATION_MESSAGES],
    ['diskWarnings', w.diskWarnings, DISK_WARNINGS],
    ...Object.entries(FAILURE_REASONS).map(([code, reasons]): [string, object, readonly string[]] => [
      `reasons.${code}`,
      (w.reasons as Record<string, object>)[code] ?? {},
      reasons,
    ]),
  ];
}

describe('the words module', () => {
  it.each(Object.entries(LOCALES))('words every code the contract names in %s', (tag, locale) => {
    expect(locale.tag).toBe(tag);
    expect(sorted(Object.keys(locale.reasons))).toEqual(sorted(Object.keys(FAILURE_REASONS)));
    for (const [name, table, codes] of tables(locale)) {
      expect(sorted(Object.keys(table)), name).toEqual(sorted(codes));
      for (const value of Object.values(table)) {
        const text = typeof value === 'function' ? (value as (app: null) => string)(null) : value;
        expect(typeof text === 'string' && text.trim().length > 0, name).toBe(true);
      }
    }
    expect(locale.recoveredCut.length).toBeGreaterThan(10);
  });

  it('answers through one lookup in the chosen locale (English today)', () => {
    expect(Object.keys(LOCALES)).toEqual(['en']);
    useLocale('en');
    expect(words()).toBe(LOCALES.en);
    expect(formatError({ code: 'no_note' })).toBe(LOCALES.en.errors.no_note);
  });

  it('leaves the contract without sentences: its strings are codes, keys and schema checks', () => {
    const root = new URL('../../../preload/contract/', import.meta.url);
    for (const file of readdirSync(root).filter((f) => f.endsWith('.ts'))) {
      const code = readFileSync(new URL(file, root), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        // A bug throws with words for the developer (house style: bugs throw), never shown to a person.
        .replace(/throw new \w*Error\([^;]*;/g, '');
      // A sentence: a capital, words, and a full stop, question or exclamation mark at the end.
      const sentences = [...code.matchAll(/(['"`])([A-Z][^'"`\n]* [^'"`\n]*[.!?])\1/g)].map((m) => m[2]);
      expect(sentences, file).toEqual([]);
    }
  });
});
