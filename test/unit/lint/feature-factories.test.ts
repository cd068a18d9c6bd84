import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each feature folder (main/features/<name>/) has one front door: `<name>-feature.ts`, exporting exactly
 * one value, the factory `create<Name>Feature` (it returns the feature's service, IPC slice and events,
 * main/core/ipc/feature.ts); everything else it exports is a type. A feature a shell without a window uses
 * (the CLI, through main/compose/headless.ts) has a second door, `<name>-headless.ts`, exporting one value,
 * `create<Name>Headless`. The composition root and the shells may open a feature only there and at its
 * ports.ts (the layering rule, test/unit/lint/boundaries.test.ts).
 */
const FEATURES = 'main/features';

const pascal = (name: string): string =>
  name.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

/** The values a module exports (types and interfaces are not values). */
function exportedValues(source: string): string[] {
  const values: string[] = [];
  for (const m of source.matchAll(
    /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+(\w+)/gm,
  ))
    values.push(m[1] ?? '');
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm))
    for (const name of (m[1] ?? '').split(',').map((s) => s.trim()))
      if (name && !name.startsWith('type ')) values.push(name);
  if (/^export\s+\*/m.test(source)) values.push('*');
  if (/^export\s+default\s+(?!async\s|function|class)/m.test(source)) values.push('default');
  return values;
}

/** What is wrong with a feature folder's front door (its factory file's text, or null when it is missing). */
function factoryProblems(name: string, source: string | null): string[] {
  const file = `${name}-feature.ts`;
  if (source === null) return [`${name}/ has no ${file}`];
  const factory = `create${pascal(name)}Feature`;
  const values = exportedValues(source);
  const problems: string[] = [];
  if (!values.includes(factory)) problems.push(`${file} does not export ${factory}`);
  const others = values.filter((v) => v !== factory);
  if (others.length > 0) problems.push(`${file} exports values besides ${factory}: ${others.join(', ')}`);
  if (!source.includes("core/ipc/feature.ts'")) problems.push(`${file} does not return the Feature shape`);
  return problems;
}

/** What is wrong with a feature's headless front door (its text): anything exported but its factory and types. */
function headlessProblems(name: string, source: string): string[] {
  const factory = `create${pascal(name)}Headless`;
  const values = exportedValues(source);
  const problems: string[] = [];
  if (!values.includes(factory)) problems.push(`${name}-headless.ts does not export ${factory}`);
  const others = values.filter((v) => v !== factory);
  if (others.length > 0)
    problems.push(`${name}-headless.ts exports values besides ${factory}: ${others.join(', ')}`);
  return problems;
}

describe('feature factories', () => {
  const folders = readdirSync(FEATURES, { withFileTypes: true }).filter((d) => d.isDirectory());

  it('finds the feature folders', () => {
    expect(folders.map((d) => d.name)).toEqual(
      expect.arrayContaining(['audit', 'connection', 'dictation', 'note', 'settings', 'updates', 'visit']),
    );
  });

  it.each(folders.map((d) => d.name))('%s has one factory, its only exported value', (name) => {
    const path = join(FEATURES, name, `${name}-feature.ts`);
    expect(factoryProblems(name, existsSync(path) ? readFileSync(path, 'utf8') : null)).toEqual([]);
  });

  const headless = folders
    .map((d) => d.name)
    .filter((name) => existsSync(join(FEATURES, name, `${name}-headless.ts`)));

  it('finds the headless front doors the CLI uses', () => {
    expect(headless).toEqual(
      expect.arrayContaining(['connection', 'dictation', 'note', 'schedule', 'settings', 'visit']),
    );
  });

  it.each(headless)('%s-headless.ts has one headless factory, its only exported value', (name) => {
    const source = readFileSync(join(FEATURES, name, `${name}-headless.ts`), 'utf8');
    expect(headlessProblems(name, source)).toEqual([]);
  });

  it.each([
    ['a second value', 'export function createNoteHeadless() {}\nexport const noteText = 1;'],
    [
      'a value re-exported',
      "export function createNoteHeadless() {}\nexport { noteText } from './ehr-text.ts';",
    ],
    ['a headless factory under another name', 'export function noteHeadless() {}'],
  ])('refuses a headless front door with %s', (_what, source) => {
    expect(headlessProblems('note', source).length).toBeGreaterThan(0);
  });

  const good = [
    "import type { Feature } from '../../core/ipc/feature.ts';",
    "export type { VisitService } from './visit-service.ts';",
    'export interface VisitFeature extends Feature<A, B, C> {}',
    'export function createVisitFeature(deps: D): VisitFeature {}',
  ].join('\n');

  it('accepts a factory file with one factory and types', () => {
    expect(factoryProblems('visit', good)).toEqual([]);
  });

  it.each([
    ['a missing factory file', null],
    ['a factory under another name', good.replace('createVisitFeature', 'makeVisit')],
    ['a second value', `${good}\nexport const helper = 1;`],
    ['a value re-exported', `${good}\nexport { VisitService } from './visit-service.ts';`],
    ['everything re-exported', `${good}\nexport * from './handlers.ts';`],
    ['no Feature shape', good.replace("core/ipc/feature.ts'", "core/ipc/other.ts'")],
  ])('refuses %s', (_what, source) => {
    expect(factoryProblems('visit', source).length).toBeGreaterThan(0);
  });
});
