// The layering rule of main/ and native/ (eslint.config.js enables it; test/unit/lint/boundaries.test.ts tests it).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The layers of main/ (and native/), bottom up: a file imports only its own layer and the layers below it.
 * One table, one rule (`layers/direction`), tested in test/unit/lint/boundaries.test.ts.
 * - base: knows nothing of the app (async helpers, files, secrets, chords, the failure type);
 * - native: typed per-OS facades over native modules (they implement ports defined in base);
 * - core: what features are built from (service client, streaming, journal, audio, config, IPC, window);
 * - features: what a clinician or IT does; one feature reaches another only through its ports.ts, as types;
 * - compose: the composition root, the only place that knows every feature, and only by its front door:
 *   the feature's factory file (<name>/<name>-feature.ts, `create<Name>Feature`), its headless front door
 *   where a shell without a window uses the feature (<name>/<name>-headless.ts, `create<Name>Headless`) and
 *   its ports.ts, as types;
 * - shells: where the app starts (Electron, the browser preview, the CLI); one shell never imports another,
 *   and a shell opens a feature only by the same front door as the composition root (its factory file and
 *   its ports.ts, as types), or better through main/compose (the CLI: main/compose/headless.ts).
 * preload/contract (pure TypeScript: channels, DTOs, codes) sits below them all, and preload/words (every
 * sentence a person reads) beside it, open to the features, the composition root and the shells only:
 * main/base and main/core carry codes and facts and never build a sentence, not even through what they
 * import (the rule follows the whole chain of imports): the words are chosen where they are shown.
 * main/programs/ holds separate programs shipped here (the organization's token broker, the service double):
 * they use base, native and core, and the product opens them only through the doors named in PROGRAM_DOORS.
 * A double of a port sits beside it as `*.fake.ts`, and only tests (and other fakes) import it.
 */
const LAYERS = ['main/base', 'native', 'main/core', 'main/features', 'main/compose', 'main/shells'];
/** Layers whose folders are separate units that may not import each other (features: but for ports, as types). */
const SEALED_UNITS = { 'main/features': 'ports', 'main/shells': 'none', 'main/programs': 'none' };
/** The only imports into main/programs/ from outside it: [importing file or folder/, what it may open]. */
const PROGRAM_DOORS = [
  // `scribe broker` runs the organization's token broker.
  ['main/shells/cli/', 'main/programs/broker/index.ts'],
  // The sample visit loads the service double's demo entry lazily (its own bundle); nothing else of it.
  ['main/features/connection/sample-service.ts', 'main/programs/local-service/demo.ts'],
  ['main/features/connection/sample-service.ts', 'main/programs/local-service/sample-dir.ts'],
];

/** Layers that import no words, directly or through anything they import. */
const WORDLESS = ['main/base', 'main/core'];

/** The relative imports of a module's text (static, re-exports and dynamic). */
const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The chain of imports by which repository file `start` reaches preload/words (`start`, …, the words file),
 * or null when it does not. Reads the files under `cwd`; caches each file's answer in `seen`.
 */
function chainToWords(cwd, start, seen) {
  if (place(start).layer === 'words') return [start];
  if (seen.has(start)) return seen.get(start);
  seen.set(start, null); // a cycle reaches nothing new
  let text;
  try {
    text = readFileSync(path.join(cwd, start), 'utf8');
  } catch {
    return null;
  }
  for (const [, spec] of text.matchAll(IMPORTS)) {
    const next = path.posix.normalize(path.posix.join(path.posix.dirname(start), spec));
    const chain = chainToWords(cwd, next, seen);
    if (chain) {
      seen.set(start, [start, ...chain]);
      return seen.get(start);
    }
  }
  return null;
}

/** The one file of a feature folder the composition root may open: its factory, `<name>/<name>-feature.ts`. */
const factoryOf = (unit) => `main/features/${unit}/${unit}-feature.ts`;
/** A feature's front door for a shell without a window (the CLI, through main/compose/headless.ts). */
const headlessOf = (unit) => `main/features/${unit}/${unit}-headless.ts`;

/** Why `from` (main/compose or a shell) may not import `to`, a file of main/features, or undefined when it may. */
function frontDoorRefusal(from, unit, to, typeOnly) {
  if (to === factoryOf(unit) || to === headlessOf(unit)) return undefined;
  if (to === `main/features/${unit}/ports.ts` && typeOnly) return undefined;
  const who = from.startsWith('main/compose/') ? 'main/compose' : from.split('/').slice(0, 3).join('/');
  return `${who} opens main/features/${unit} only through its factory (${factoryOf(unit)}, or ${headlessOf(unit)}) and its ports.ts, as types (or through main/compose).`;
}

/** Where a repository path sits: its layer (index in LAYERS, or a name) and its unit inside the layer. */
function place(p) {
  if (p === 'package.json') return { layer: 'meta' };
  if (p.startsWith('preload/contract/')) return { layer: 'contract' };
  if (p.startsWith('preload/words/')) return { layer: 'words' };
  if (p.startsWith('main/programs/'))
    return { layer: 'programs', root: 'main/programs', unit: p.split('/')[2] };
  const rank = LAYERS.findIndex((root) => p === root || p.startsWith(`${root}/`));
  if (rank < 0) return { layer: p.split('/')[0] };
  const root = LAYERS[rank];
  return { layer: 'ranked', rank, root, unit: p.slice(root.length + 1).split('/')[0] };
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** Why `from` may not import `to` (repository paths), or undefined when it may. */
function refusal(from, to, typeOnly) {
  const a = place(from);
  const b = place(to);
  if (to.endsWith('.fake.ts') && !from.endsWith('.fake.ts')) return 'A *.fake.ts double is for tests only.';
  if (b.layer === 'contract' || b.layer === 'meta') return undefined;
  if (b.layer === 'words' && WORDLESS.includes(a.root))
    return `${a.root} never builds a sentence: it carries codes and facts, worded where they are shown.`;
  if (b.layer === 'words') return undefined;
  if (b.layer === 'renderer') return 'main never imports the renderer.';
  if (b.layer === 'test') return 'The app never imports tests.';
  if (b.layer === 'programs' && a.layer === 'programs' && a.unit === b.unit) return undefined;
  if (b.layer === 'programs') {
    const door = ([who, what]) => (who.endsWith('/') ? from.startsWith(who) : from === who) && to === what;
    if (PROGRAM_DOORS.some(door)) return undefined;
    return `${b.root}/${b.unit} is a separate program: it is opened only through its doors (PROGRAM_DOORS).`;
  }
  if (b.layer !== 'ranked') return `${to} is in no layer of main/.`;
  if (a.layer === 'programs') {
    return b.root === 'main/base' || b.root === 'main/core' || b.root === 'native'
      ? undefined
      : `A separate program uses only main/base, native and main/core, not ${b.root}.`;
  }
  if (a.layer !== 'ranked') return undefined;
  if (b.rank > a.rank) return `${a.root} may not import ${b.root}, a layer above it.`;
  if ((a.root === 'main/compose' || a.root === 'main/shells') && b.root === 'main/features')
    return frontDoorRefusal(from, b.unit, to, typeOnly);
  if (b.rank < a.rank || a.unit === b.unit || !(a.root in SEALED_UNITS)) return undefined;
  if (SEALED_UNITS[a.root] === 'ports' && to === `${b.root}/${b.unit}/ports.ts` && typeOnly) return undefined;
  return SEALED_UNITS[a.root] === 'ports'
    ? `${a.root}/${a.unit} may use ${b.root}/${b.unit} only through its ports.ts, as types (import type).`
    : `${a.root}/${a.unit} may not import ${b.root}/${b.unit}.`;
}

const direction = {
  meta: { type: 'problem', schema: [], messages: { refused: '{{why}}' } },
  create(context) {
    const cwd = context.cwd;
    const from = path.relative(cwd, context.filename).split(path.sep).join('/');
    const wordless = WORDLESS.includes(place(from).root);
    const seen = new Map();
    const check = (node, source) => {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), source.value));
      const why = refusal(from, to, isTypeOnly(node)) ?? (wordless ? throughWords(to) : undefined);
      if (why) context.report({ node: source, messageId: 'refused', data: { why } });
    };
    // Not only the direct imports: whatever a wordless file imports must not reach the words either.
    const throughWords = (to) => {
      const chain = chainToWords(cwd, to, seen);
      return chain
        ? `${place(from).root} never builds a sentence, not even through its imports: ${chain.join(' → ')}.`
        : undefined;
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** The local plugin that holds the rule. */
export const layers = { rules: { direction } };
