/**
 * The README and docs/ name files of the tree (`main/core/journal/journal.ts`, `test/run.sh` …) and link to
 * each other: every repository path they name must exist, and every link between the pages must land on a
 * page and a heading that exist, so the docs cannot drift from a tree that moves under them. Paths with a
 * placeholder or a wildcard (`<id>`, `*`, `{a,b}`) are not checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const PAGES = ['README.md', ...readdirSync(path.join(repo, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
const text = (page: string) => readFileSync(path.join(repo, page), 'utf8');

/** Repository paths named in a page: from a top-level folder of the tree, after anything but a path character. */
const PATH =
  /(?<![\w./-])(?:\.\.\/)?((?:main|native|preload|renderer|test|docs|\.ci|\.github)\/[\w./@*<>{}-]*)/g;
/** Relative links of a page: [words](target#anchor). */
const LINK = /\]\((?!https?:|mailto:)([^)\s]*)\)/g;

/** The paths a page names (trailing punctuation trimmed; placeholders and wildcards left out). */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const match of markdown.matchAll(PATH)) {
    const named = match[1]!.replace(/[.,:;]+$/, '');
    if (!/[*<>{}]/.test(named)) found.add(named);
  }
  return [...found];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

const anchors = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!.trim())));

describe('the docs name only what exists', () => {
  it.each(PAGES)('%s: every repository path it names exists', (page) => {
    const missing = namedPaths(text(page)).filter((p) => !existsSync(path.join(repo, p)));
    expect(missing, `${page} names paths that are not in the tree`).toEqual([]);
  });

  it.each(PAGES)('%s: every link to another page lands on a page and a heading', (page) => {
    const broken: string[] = [];
    for (const [, target] of text(page).matchAll(LINK)) {
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = file ? path.join(path.dirname(page), file) : page;
      if (!existsSync(path.join(repo, resolved))) broken.push(target!);
      else if (anchor && resolved.endsWith('.md') && !anchors(text(resolved)).has(anchor))
        broken.push(target!);
    }
    expect(broken, `${page} has links that go nowhere`).toEqual([]);
  });

  it("the README lists every Debian package npm test installs (test/run.sh's PACKAGES)", () => {
    const packages = /^PACKAGES=\(([^)]*)\)/m.exec(text('test/run.sh'))![1]!.split(/\s+/).filter(Boolean);
    const readme = text('README.md');
    expect(packages.length).toBeGreaterThan(10);
    expect(packages.filter((p) => !new RegExp(`(^|\\s)${p}(\\s|$)`, 'm').test(readme))).toEqual([]);
  });

  it('finds a path that does not exist (the check can fail)', () => {
    expect(namedPaths('see `main/core/nowhere/gone.ts`, and main/base/failure.ts.')).toEqual([
      'main/core/nowhere/gone.ts',
      'main/base/failure.ts',
    ]);
    expect(existsSync(path.join(repo, 'main/core/nowhere/gone.ts'))).toBe(false);
  });
});
