// ESLint flat config. The import-boundary rules encode the process layering of house-style.md:
// renderer -> preload/contract only; preload/contract -> nothing platform-specific;
// main never imports renderer; only main/shells/electron/index.ts, main/shells/electron/ and preload/index.ts touch electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const electronOnlyInAdapters = {
  paths: [
    { name: 'electron', message: 'Only main/shells/electron/index.ts, main/shells/electron/ and preload/index.ts may import electron.' },
  ],
};

const notRenderer = { group: ['**/renderer/**'], message: 'main never imports renderer.' };
const notLocalService = {
  group: ['**/local-service/**'],
  message:
    "The local service is the sample visit's and the tests': only main/features/connection/sample-service.ts opens it (its demo entry, lazily).",
};
// gitignore semantics: a file cannot be let back in once its folder is out, so each folder is opened in turn.
const nativeBelowMain = {
  group: [
    '**/main/*',
    '!**/main/events',
    '!**/main/secrets',
    '**/main/secrets/*',
    '!**/main/secrets/secret-store.ts',
    '!**/main/dictation',
    '**/main/dictation/*',
    '!**/main/dictation/hotkey-machine.ts',
  ],
  message:
    'native/ may import main/base/async/ (the shared, dependency-free parts) and the ports it implements (secrets/secret-store.ts, dictation/hotkey-machine.ts), nothing else of main/.',
};
/** The import rule of a file group: Electron only in adapters, and these patterns refused. */
const restricted = (...patterns) => ['error', { ...electronOnlyInAdapters, patterns }];
const notTests = {
  group: ['**/test/**'],
  message: 'The app never imports tests (the local service it ships is main/programs/local-service).',
};

/**
 * The rooms of main/ by capability, and the rooms each may not reach into: the connection is the ground
 * floor (it knows no capability built on it), and only the composition root knows every capability.
 */
const ROOM_LIMITS = {
  connection: ['visit', 'note', 'settings', 'dictation'],
  settings: ['visit', 'note', 'dictation'],
  note: ['visit', 'dictation'],
  visit: ['note', 'dictation'],
  dictation: ['visit', 'note'],
};
const notTheRoot = {
  group: ['**/composition-root.ts', '**/platform-wiring.ts', '**/policy-handlers.ts'],
  message: 'Only the composition root knows every capability: a room takes what it needs as ports.',
};
const notTheConnectionManager = {
  group: ['**/connection/connection-manager.ts'],
  message:
    'Only main/features/connection and the composition root know the connection manager: a room takes a port (connection/ports.ts CoreAccess, CurrentConnection).',
};
/**
 * The shared layers below the rooms: any room may import them, they import no room (what two rooms share
 * moves down here, e.g. chords/ for config and dictation, api/auth/sign-in-error.ts for ipc/error-mapping.ts).
 */
const SHARED_LAYERS = [
  'api',
  'streaming',
  'audio',
  'config',
  'ipc',
  'audit',
  'events',
  'files',
  'secrets',
  'chords',
];
const sharedLayerBoundaries = {
  files: SHARED_LAYERS.map((layer) => `main/${layer}/**/*.ts`),
  rules: {
    'no-restricted-imports': restricted(notRenderer, notTests, notLocalService, notTheRoot, {
      group: Object.keys(ROOM_LIMITS).map((room) => `**/${room}/**`),
      message: `main/{${SHARED_LAYERS.join(',')}} are shared layers below the rooms and import none (${Object.keys(ROOM_LIMITS).join(', ')}): move what two rooms share down a layer.`,
    }),
  },
};
/** One config per room (flat config replaces a rule's options per file, so the main/ patterns are repeated). */
const roomBoundaries = Object.entries(ROOM_LIMITS).map(([room, others]) => ({
  files: [`main/${room}/**/*.ts`],
  ignores: ['main/features/connection/sample-service.ts'],
  rules: {
    'no-restricted-imports': restricted(
      notRenderer,
      notTests,
      notLocalService,
      notTheRoot,
      ...(room === 'connection' ? [] : [notTheConnectionManager]),
      {
        group: others.map((other) => `**/${other}/**`),
        message: `main/${room} may not import ${others.map((o) => `main/${o}`).join(', ')}: the composition root wires them.`,
      },
    ),
  },
}));

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
    files: ['main/**/*.ts', 'native/**/*.ts'],
    ignores: ['main/shells/electron/index.ts', 'main/shells/electron/**', 'main/programs/local-service/**', 'main/features/connection/sample-service.ts'],
    rules: {
      'no-restricted-imports': restricted(notRenderer, notTests, notLocalService),
    },
  },
  ...roomBoundaries,
  sharedLayerBoundaries,
  {
    // native/ sits below main/: see nativeBelowMain.
    files: ['native/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(notRenderer, notTests, nativeBelowMain),
    },
  },
  {
    // The local service itself.
    files: ['main/programs/local-service/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(notRenderer, notTests),
    },
  },
  {
    // The app's one door to the local service: its demo entry and sample folder only.
    files: ['main/features/connection/sample-service.ts'],
    rules: {
      'no-restricted-imports': restricted(notRenderer, notTests, {
        group: ['**/local-service/**', '!**/local-service/demo.ts', '!**/local-service/sample-dir.ts'],
        message: 'The app opens the local service through its demo entry only (no control API, no faults).',
      }),
    },
  },
  {
    files: ['main/shells/electron/index.ts', 'main/shells/electron/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [notRenderer, notTests, notLocalService] }],
    },
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
