/**
 * The README, docs/ and every other markdown page of the repository (the local service's README) name files
 * of the tree (`main/core/journal/journal.ts`, `test/run.sh` …) and link to each other: every repository path
 * they name must exist, and every link between the pages must land on a page and a heading that exist, so the docs cannot drift from a tree that moves under them. Paths with a
 * placeholder or a wildcard (`<id>`, `*`, `{a,b}`) are not checked. No link or path leaves the repository,
 * and every document a page names by its file name (`journal.md`) is one of the repository's: a reader with
 * only this repository can follow every reference.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
/** Every markdown page of the repository: the README, docs/ and the pages beside code. */
const PAGES = markdownFiles();
const text = (page: string) => readFileSync(path.join(repo, page), 'utf8');

/** Repository paths named in a page: from a top-level folder of the tree, after anything but a path character. */
const PATH =
  /(?<![\w./-])(?:\.\.\/)?((?:main|native|preload|renderer|test|docs|\.ci|\.github)\/[\w./@*<>{}-]*)/g;
/** Relative links of a page: [words](target#anchor). */
const LINK = /\]\((?!https?:|mailto:)([^)\s]*)\)/g;

/** Paths that go up a folder (`../x`), wherever a page names one. */
const UPWARD = /(?<![\w./-])((?:\.\.\/)+[\w./@-]*)/g;
/** Markdown file names a page mentions (`journal.md`, `docs/testing.md`), outside web addresses. */
const MD_NAME = /(?<![\w./:-])([\w./-]*[\w-]\.md)\b/g;

/** The repository's own markdown files, by path from its root (dependencies and build output left out). */
function markdownFiles(folder = ''): string[] {
  return readdirSync(path.join(repo, folder), { withFileTypes: true }).flatMap((entry) => {
    const at = path.posix.join(folder, entry.name);
    if (entry.isDirectory())
      return /^(node_modules|dist|out|\..*)$/.test(entry.name) ? [] : markdownFiles(at);
    return entry.name.endsWith('.md') ? [at] : [];
  });
}

/** The links and paths of a page (at `page`, from the repository's root) that resolve outside the repository. */
function leavesRepository(page: string, markdown: string): string[] {
  const links = [...markdown.matchAll(LINK)].map((m) => m[1]!.split('#')[0]!).filter(Boolean);
  const upward = [...markdown.matchAll(UPWARD)].map((m) => m[1]!);
  return [...new Set([...links, ...upward])].filter(
    (target) =>
      /^file:/i.test(target) ||
      path.isAbsolute(target) ||
      path.relative(repo, path.resolve(repo, path.dirname(page), target)).startsWith('..'),
  );
}

/** Markdown files a page names that the repository does not hold (by path from the page or the root, or by name). */
function foreignDocuments(page: string, markdown: string, ours: readonly string[]): string[] {
  const names = new Set(ours.map((file) => path.posix.basename(file)));
  return [...new Set([...markdown.matchAll(MD_NAME)].map((m) => m[1]!))].filter((named) =>
    named.includes('/')
      ? !existsSync(path.join(repo, path.dirname(page), named)) && !existsSync(path.join(repo, named))
      : !names.has(named),
  );
}

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

  it.each(PAGES)('%s: no link or path leaves the repository', (page) => {
    expect(leavesRepository(page, text(page)), `${page} points outside the repository`).toEqual([]);
  });

  it.each(PAGES)('%s: every document it names by file name is in the repository', (page) => {
    expect(foreignDocuments(page, text(page), markdownFiles()), `${page} names documents not here`).toEqual(
      [],
    );
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

  it('finds a link or a path that leaves the repository, and a document that is not in it (the checks can fail)', () => {
    const outside =
      'a contract `../shared/spec/service-interface.md`, [b](../../b.md), [c](/etc/c), [d](file:///d)';
    expect(leavesRepository('README.md', outside)).toEqual([
      '../../b.md',
      '/etc/c',
      'file:///d',
      '../shared/spec/service-interface.md',
    ]);
    expect(leavesRepository('docs/a.md', 'the [journal](journal.md) and [the root](../README.md)')).toEqual(
      [],
    );
    expect(leavesRepository('docs/a.md', 'see ../../elsewhere/x.ts')).toEqual(['../../elsewhere/x.ts']);
    const ours = ['README.md', 'docs/journal.md'];
    expect(
      foreignDocuments('docs/a.md', 'as `public-facts.md` says; see journal.md, https://x.org/y.md', ours),
    ).toEqual(['public-facts.md']);
  });
});
