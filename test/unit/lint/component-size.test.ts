/**
 * Components stay small (house-style: about 150 lines): lint counts a .svelte file's lines, markup and
 * styles included, blank lines and script comments not (markup comments count). Linted as text placed at a renderer path, so a rule that
 * silently stops matching fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** A component with `lines` lines of code and markup, plus blank lines and script comments between them. */
function component(lines: number): string {
  const script = [
    '<script lang="ts">',
    '  // Why the component does this.',
    '  /** A doc comment. */',
    '</script>',
  ];
  const markup = Array.from({ length: lines - 2 }, (_, i) => `<p>Line ${i}</p>\n`);
  return [...script, ...markup].join('\n') + '\n';
}

async function tooLong(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === 'max-lines');
}

describe('component size', () => {
  it('refuses a component over 150 lines, counting neither blank lines nor script comments', async () => {
    expect(await tooLong('renderer/views/X.svelte', component(150))).toBe(false);
    expect(await tooLong('renderer/views/X.svelte', component(151))).toBe(true);
    expect(await tooLong('renderer/lib/components/X.svelte', component(151))).toBe(true);
  });
});
