// ESLint flat config. The import rules encode the layering of house-style.md: main/ and native/ by layer
// (one rule, .ci/eslint-layers.js); renderer -> preload/contract only; preload/contract -> nothing
// platform-specific; only main/shells/electron/ and preload/index.ts touch electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { layers } from './.ci/eslint-layers.js';

const electronOnlyInShell = {
  paths: [
    {
      name: 'electron',
      message: 'Only main/shells/electron/ and preload/index.ts import electron: the rest runs under plain Node.',
    },
  ],
};
/** The import rule of a file group: Electron only in its shell, and these patterns refused. */
const restricted = (...patterns) => ['error', { ...electronOnlyInShell, patterns }];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'test-artifacts/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted({
        group: ['**/renderer/**'],
        message: 'main never imports renderer.',
      }),
    },
  },
  {
    // The renderer's pure logic (plain .ts, no runes) is unit-tested under Node; components are tested in
    // Chromium (test/e2e) only.
    files: ['test/unit/renderer/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted({
        group: ['**/renderer/**/*.svelte', '**/renderer/**/*.svelte.ts'],
        message: 'Only plain .ts renderer modules run under Node.',
      }),
    },
  },
  {
    // One rule for the direction of every import in main/ and native/ (.ci/eslint-layers.js).
    files: ['main/**/*.ts', 'native/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/direction': 'error', 'no-restricted-imports': restricted() },
  },
  {
    files: ['main/shells/electron/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.svelte'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The window's CSP forbids eval, which zod's compiled parsers use: values come from the contract's
      // zod-free modules only (words, enums, phase rules, limits); the zod schemas are imported as types.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'preload/contract(/(index|api|channels|errors|events|dto-[^/]*)\\.ts)?$',
              allowTypeImports: true,
              message: 'The renderer takes values only from zod-free contract modules (zod breaks the CSP).',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'ws', 'node:fs', 'fs', 'node:path', 'path'],
          patterns: [
            {
              group: ['**/main/**', '**/native/**', '**/test/**'],
              message: 'The renderer imports only preload/contract and itself.',
            },
            {
              group: ['**/preload/*', '!**/preload/contract', '!**/preload/contract/**'],
              message: 'Import from preload/contract only.',
            },
            { group: ['node:*'], message: 'No Node built-ins in the renderer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['preload/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'ws'],
          patterns: [
            { group: ['node:*'], message: 'preload/contract is pure TypeScript.' },
            {
              group: ['**/main/**', '**/renderer/**', '**/native/**'],
              message: 'preload/contract imports nothing but zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['preload/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**'],
              message: 'The preload imports only preload/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Size: a file or function past these lines is split where that makes it easier to read; where a split
    // would not (an FFI binding table, a route table), the exception is written next to it with its reason.
    files: ['main/**/*.ts', 'preload/**/*.ts', 'native/**/*.ts', 'renderer/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 40, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A component is presentation only (house-style: about 150 lines at most): past this, its logic moves
    // into a plain module of renderer/lib/state/ or its markup into a smaller component. The whole file
    // counts, markup and styles included (blank lines and script comments do not; markup comments do).
    files: ['renderer/**/*.svelte'],
    rules: { 'max-lines': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
);
