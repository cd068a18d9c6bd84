/**
 * The house's limit: no file of ours over 300 lines, counted as a reader sees them (comments and blank lines
 * included; lint's max-lines skips comments, so lint alone lets a file of doc comments grow past it). Every
 * tracked source, test and document: .ts, .svelte and .md. Data files (.json, .wav, .admx …) are not read.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LIMIT = 300;

/** Tracked files by their ending, as git lists them from the repository's root. */
const files = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.svelte', '*.md'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(file));

const lines = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('file length', () => {
  it('reads the tracked sources, tests and documents', () => {
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'main/compose/composition-root.ts', 'docs/testing.md']),
    );
    expect(files.some((file) => file.endsWith('.svelte'))).toBe(true);
  });

  it(`finds no file over ${LIMIT} lines, comments included`, () => {
    const over = files
      .map((file) => `${file}: ${lines(file)}`)
      .filter((row) => Number(row.split(': ')[1]) > LIMIT);
    expect(over).toEqual([]);
  });
});
