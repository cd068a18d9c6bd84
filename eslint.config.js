// ESLint flat config. The import rules encode the layering of house-style.md: main/ and native/ by layer
// (one rule, .ci/eslint-layers.js); renderer -> preload/contract and preload/words only; preload/contract ->
// nothing platform-specific and no words; preload/words -> zod-free contract modules only; only
// main/shells/electron/ and preload/index.ts touch electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { layers } from './.ci/eslint-layers.js';

const electronOnlyInShell = {
  paths: [
    {
      name: 'electron',
      message:
        'Only main/shells/electron/ and preload/index.ts import electron: the rest runs under plain Node.',
    },
  ],
};
/** The import rule of a file group: Electron only in its shell, and these patterns refused. */
const restricted = (...patterns) => ['error', { ...electronOnlyInShell, patterns }];

/**
 * The window's CSP forbids eval, which zod's compiled parsers use: the renderer and the words it imports take
 * values only from the contract's zod-free modules (codes, enums, phase rules, limits); the zod schemas are
 * imported as types.
 */
const zodFreeContract = [
  'error',
  {
    patterns: [
      {
        // From the renderer `…/preload/contract/…`; from preload/words `../contract/…`.
        regex: '(^|/)contract(/(index|api|channels|errors|events|dto-[^/]*)\\.ts)?$',
        allowTypeImports: true,
        message: "Take values only from zod-free contract modules (zod breaks the window's CSP).",
      },
    ],
  },
];

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
      '@typescript-eslint/no-restricted-imports': zodFreeContract,
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'ws', 'node:fs', 'fs', 'node:path', 'path'],
          patterns: [
            {
              group: ['**/main/**', '**/native/**', '**/test/**'],
              message: 'The renderer imports only preload/contract, preload/words and itself.',
            },
            {
              group: [
                '**/preload/*',
                '!**/preload/contract',
                '!**/preload/contract/**',
                '!**/preload/words',
                '!**/preload/words/**',
              ],
              message: 'Import from preload/contract and preload/words only.',
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
            {
              group: ['**/words', '**/words/**'],
              message:
                'preload/contract carries codes, never sentences: the words import the contract, not back.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every sentence a person reads, one folder per locale: pure TypeScript, zod-free (the window imports it).
    files: ['preload/words/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': zodFreeContract,
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'ws', 'zod'],
          patterns: [
            { group: ['node:*'], message: 'preload/words is pure TypeScript.' },
            {
              group: ['**/main/**', '**/renderer/**', '**/native/**'],
              message: 'preload/words imports only the zod-free modules of preload/contract.',
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
