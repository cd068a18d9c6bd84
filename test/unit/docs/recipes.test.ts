/**
 * docs/recipes.md names, for each common change, the files it touches and what each holds for the change it
 * follows (`main/core/config/dictation-keys.ts` holds `DICTATION_KEYS` and `dictationCommands`). Every file a
 * row names must exist, `{en,fr,es}` standing for each language's folder, and still hold every name of its
 * row: a file that moves or a name that changes fails here, and the recipe is put right with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const recipes = readFileSync(path.join(repo, 'docs/recipes.md'), 'utf8');

/** One table row: the file it names (braces expanded) and the names that file must hold. */
interface Row {
  readonly line: number;
  readonly files: readonly string[];
  readonly holds: readonly string[];
}

const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** `a/{x,y}/b.ts` → `a/x/b.ts`, `a/y/b.ts` (one brace group). */
function expand(file: string): string[] {
  const group = /\{([^{}]+)\}/.exec(file);
  if (!group) return [file];
  return group[1]!.split(',').map((part) => file.replace(group[0], part.trim()));
}

/** The rows of the page's tables whose second cell names a file: `| step | file | holds | what to do |`. */
function rows(markdown: string): Row[] {
  return markdown.split('\n').flatMap((text, index) => {
    const cells = text.split('|').slice(1, -1);
    if (!text.startsWith('|') || cells.length < 3) return [];
    const [file] = spans(cells[1]!);
    if (!file) return [];
    return [{ line: index + 1, files: expand(file), holds: spans(cells[2]!) }];
  });
}

/** What a row gets wrong: a file missing, or a name its file no longer holds. */
function wrong(row: Row): string[] {
  return row.files.flatMap((file) => {
    const at = path.join(repo, file);
    if (!existsSync(at)) return [`line ${row.line}: ${file} does not exist`];
    const text = readFileSync(at, 'utf8');
    return row.holds
      .filter((name) => !text.includes(name))
      .map((name) => `line ${row.line}: ${file} lacks ${name}`);
  });
}

describe('the recipes name files that hold what they say', () => {
  const found = rows(recipes);

  it('reads every table row (each names a file and what it holds)', () => {
    expect(found.length).toBeGreaterThan(30);
    expect(found.filter((row) => row.holds.length === 0).map((row) => row.line)).toEqual([]);
  });

  it('every file a row names exists and holds every name of its row', () => {
    expect(found.flatMap(wrong)).toEqual([]);
  });

  it('finds a file that is gone and a name a file no longer holds (the check can fail)', () => {
    const page = [
      '| 1 | `preload/words/{en,xx}/settings.json` | `settingTitles` | … |',
      '| 2 | `main/core/config/dictation-keys.ts` | `DICTATION_KEYS`, `noSuchKey` | … |',
    ].join('\n');
    expect(rows(page).flatMap(wrong)).toEqual([
      'line 1: preload/words/xx/settings.json does not exist',
      'line 2: main/core/config/dictation-keys.ts lacks noSuchKey',
    ]);
  });
});
