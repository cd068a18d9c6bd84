/**
 * The clinician's pages (the guide, and voice commands, undo and checked corrections) speak to clinicians:
 * they name what a clinician sees, clicks and types, never the code. A code span there may hold what a clinician types (a template's blank marks, an application's name in a
 * per-application rule), never a source file, a constant, an identifier, a package, a platform's format
 * name or a command line; and its text names no repository path and no CONSTANT_NAME. What contributors need
 * goes to their pages (architecture, dictation into other applications, the IT guide).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
/** The pages written for clinicians. */
const PAGES = ['docs/clinician-guide.md', 'docs/dictation-commands.md', 'docs/dictation-devices.md'];
const text = (page: string) => readFileSync(path.join(repo, page), 'utf8');

/** What a code span of the guide may not look like. */
const CODE_NAMES: readonly RegExp[] = [
  /^\.{0,2}\/?(main|native|preload|renderer|test|docs|\.ci|\.github)\//, // a repository path
  /\.(ts|js|mjs|cjs|svelte|json|plist|md)$/, // a source file or a page
  /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/, // a CONSTANT_NAME
  /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/, // a snake_case wire name
  /^[a-z][a-z0-9]*[A-Z]/, // a camelCase identifier
  /^[A-Z][a-z0-9]+[A-Z]|^[A-Z]{2,}[a-z]/, // a PascalCase type or format name (ConcealedType, NSMicrophone…)
  /^[A-Za-z]+\.[A-Z]/, // a member (Intl.DisplayNames)
  /^@|-napi$|-node$/, // an npm package
  /\w\(.*\)/, // a call
  /^[a-z]+(\.[A-Za-z][\w-]*){2,}/, // a reverse-DNS name (org.nspasteboard.…, com.apple.…)
  /^(npm|npx|node|tsx|scribe)\s/, // a command line (the guide addresses none)
];

/** The code spans of a page that name code. */
function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1]!)
    .filter((span) => CODE_NAMES.some((name) => name.test(span)));
}

/** Repository paths and CONSTANT_NAMEs in a page's text, images left out (their files are screenshots). */
function codeInText(markdown: string): string[] {
  const prose = markdown.replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/`[^`\n]+`/g, '');
  const paths = prose.match(/(?<![\w./-])(?:main|native|preload|renderer|test|\.ci)\/[\w./-]+/g) ?? [];
  const constants = prose.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? [];
  return [...paths, ...constants];
}

describe("the clinician's pages name no code", () => {
  it.each(PAGES)(
    '%s: no code span names a source file, constant, identifier, package, format or command',
    (page) => {
      expect(codeSpans(text(page))).toEqual([]);
    },
  );

  it.each(PAGES)('%s: its text names no repository path or constant', (page) => {
    expect(codeInText(text(page))).toEqual([]);
  });

  it('keeps what a clinician types, and finds code names (the checks can fail)', () => {
    const typed = 'blanks marked `***`, `[ ]`, `[left/right]`, `{…}` or `_____`; a rule `wfica32.exe` → type';
    expect(codeSpans(typed)).toEqual([]);
    const internals = [
      '`ARM_TIMEOUT_MS`',
      '`armExpired`',
      '`main/features/dictation/insertion/`',
      '`ExcludeClipboardContentFromMonitorProcessing`',
      '`org.nspasteboard.TransientType`',
      '`ConcealedType`',
      '`NSMicrophoneUsageDescription`',
      '`Intl.DisplayNames`',
      '`@picovoice/pvrecorder-node`',
      '`uiohook-napi`',
      '`systemPreferences.isTrustedAccessibilityClient(false)`',
      '`client_request_id`',
      '`scribe doctor`',
      '`npm start`',
    ];
    expect(codeSpans(internals.join(' '))).toHaveLength(internals.length);
    expect(codeInText('checked by test/e2e/keyboard.test.ts, the last PRE_ROLL_MS kept')).toEqual([
      'test/e2e/keyboard.test.ts',
      'PRE_ROLL_MS',
    ]);
  });
});
