/**
 * The words module's shape: every locale words every code the contract names (the `Words` type says so at
 * compile time; this checks the tables at run time too, where a cast could hide a gap), the window and the
 * CLI read the chosen locale through one lookup, and the contract itself carries no sentence.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MEDICATION_ACTIONS,
  MEDICATION_FREQUENCIES,
  MEDICATION_ROUTES,
} from '../../../preload/contract/medication-codes.ts';
import {
  AUDIT_BREAKS,
  CALLER_OPERATIONS,
  CHECK_IDS,
  DICTATION_MESSAGES,
  DISK_WARNINGS,
  ERROR_CODES,
  FAILURE_REASONS,
  FIXED_LIMIT_RULES,
  HOTKEY_NAMES,
  LIMIT_SUBJECTS,
  RESERVED_KEY_USES,
  SETTING_KEYS,
} from '../../../preload/contract/index.ts';
import {
  CONDITION_STATUSES,
  DISPLAY_LANGUAGES,
  NOTE_SECTION_KEYS,
  ORDER_CATEGORIES,
} from '../../../preload/contract/enums.ts';
import {
  chooseLocale,
  formatError,
  LOCALES,
  ui,
  useLocale,
  words,
  type Words,
} from '../../../preload/words/index.ts';

/** A sentence builder's words for sample arguments: numbers, or a list of titles. */
function sample(build: (...a: unknown[]) => unknown): string {
  try {
    return String(build(2, 3));
  } catch {
    return String(build(['Plan', 'Vitals'], 2));
  }
}

/** Every leaf of a words tree by its path: a text, or a function called with sample arguments. */
function leaves(tree: object, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') found.set(at, value);
    else if (typeof value === 'function') found.set(at, sample(value as (...a: unknown[]) => unknown));
    else if (value && typeof value === 'object')
      for (const [p, v] of leaves(value as object, at)) found.set(p, v);
  }
  return found;
}

const sorted = (keys: Iterable<string>): string[] => [...keys].sort();

/** Each table of a locale and the closed list of codes it must word, whole. */
function tables(w: Words): [string, object, readonly string[]][] {
  return [
    ['errors', w.errors, ERROR_CODES],
    ['reservedKeyUses', w.reservedKeyUses, RESERVED_KEY_USES],
    ['hotkeyNames', w.hotkeyNames, HOTKEY_NAMES],
    ['limitSubjects', w.limitSubjects, LIMIT_SUBJECTS],
    ['fixedLimits', w.fixedLimits, FIXED_LIMIT_RULES],
    ['checkLabels', w.checkLabels, CHECK_IDS],
    ['callerOperations', w.callerOperations, CALLER_OPERATIONS],
    ['settingTitles', w.settingTitles, SETTING_KEYS],
    ['dictation', w.dictation, DICTATION_MESSAGES],
    ['diskWarnings', w.diskWarnings, DISK_WARNINGS],
    ['cli.audit.breaks', w.cli.audit.breaks, AUDIT_BREAKS],
    ['sectionTitles', w.sectionTitles, NOTE_SECTION_KEYS],
    ['orderCategories', w.orderCategories, ORDER_CATEGORIES],
    ['conditionStatuses', w.conditionStatuses, CONDITION_STATUSES],
    ['medication.actions', w.medication.actions, MEDICATION_ACTIONS],
    ['medication.routes', w.medication.routes, MEDICATION_ROUTES],
    ['medication.frequencies', w.medication.frequencies, MEDICATION_FREQUENCIES],
    ...Object.entries(FAILURE_REASONS).map(([code, reasons]): [string, object, readonly string[]] => [
      `reasons.${code}`,
      (w.reasons as Record<string, object>)[code] ?? {},
      reasons,
    ]),
  ];
}

describe('the words module', () => {
  it.each(Object.entries(LOCALES))('words every code the contract names in %s', (tag, locale) => {
    expect(locale.tag).toBe(tag);
    expect(sorted(Object.keys(locale.reasons))).toEqual(sorted(Object.keys(FAILURE_REASONS)));
    for (const [name, table, codes] of tables(locale)) {
      expect(sorted(Object.keys(table)), name).toEqual(sorted(codes));
      for (const value of Object.values(table)) {
        const text = typeof value === 'function' ? (value as (app: null) => string)(null) : value;
        expect(typeof text === 'string' && text.trim().length > 0, name).toBe(true);
      }
    }
    expect(locale.recoveredCut.length).toBeGreaterThan(10);
  });

  it('ships every language of the contract: English, French and Spanish', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...DISPLAY_LANGUAGES].sort());
  });

  // The Words type makes a missing key a compile error; this catches what a cast or a spread could hide.
  it.each(Object.entries(LOCALES).filter(([tag]) => tag !== 'en'))(
    'words every sentence of the window in %s, and not in English',
    (tag, locale) => {
      const english = leaves({ ui: LOCALES.en.ui, cli: LOCALES.en.cli });
      const own = leaves({ ui: locale.ui, cli: locale.cli });
      expect([...own.keys()].sort(), tag).toEqual([...english.keys()].sort());
      for (const [path, text] of own) expect(text.trim(), path).not.toBe('');
      // A text copied from English and left untranslated: a few words are the same in both languages.
      const same = [...own].filter(([path, text]) => text === english.get(path)).map(([path]) => path);
      expect(same.length / own.size, same.join(', ')).toBeLessThan(0.08);
      for (const [name, table] of tables(locale)) {
        const en = tables(LOCALES.en).find(([n]) => n === name)![1] as Record<string, unknown>;
        const copied = Object.entries(table).filter(
          ([k, v]) => typeof v === 'string' && v.length > 20 && v === en[k],
        );
        expect(copied.map(([k]) => `${name}.${k}`)).toEqual([]);
      }
    },
  );

  it('answers through one lookup in the chosen locale', () => {
    useLocale('fr');
    expect(words()).toBe(LOCALES.fr);
    expect(formatError({ code: 'no_note' })).toBe(LOCALES.fr.errors.no_note);
    expect(ui().visit.title).toBe('Consultation');
    useLocale('es');
    expect(ui().visit.title).toBe('Consulta');
    useLocale('en');
    expect(words()).toBe(LOCALES.en);
    expect(formatError({ code: 'no_note' })).toBe(LOCALES.en.errors.no_note);
  });

  it('takes the setting first, else the first system language the app speaks, else English', () => {
    expect(chooseLocale('es', ['fr-FR'])).toBe('es');
    expect(chooseLocale(null, ['de-DE', 'fr-CA', 'en-US'])).toBe('fr');
    expect(chooseLocale(undefined, ['es_MX.UTF-8'])).toBe('es');
    expect(chooseLocale(null, ['de-DE', undefined])).toBe('en');
  });

  it('counts, plurals and names languages through Intl, by locale', () => {
    const lines = (tag: 'en' | 'fr' | 'es', n: number) => LOCALES[tag].ui.note.lines(n, false);
    expect([lines('en', 1), lines('en', 2)]).toEqual(['1 transcript line', '2 transcript lines']);
    expect([lines('fr', 1), lines('fr', 2)]).toEqual([
      '1 ligne de transcription',
      '2 lignes de transcription',
    ]);
    expect(lines('es', 2)).toBe('2 líneas de transcripción');
    expect(LOCALES.en.ui.limits.count(10_002, 10_000)).toBe('10,002 / 10,000 characters — 2 over the limit');
    expect(LOCALES.fr.ui.limits.count(10_002, 10_000)).toMatch(/^10\s002 \/ 10\s000 caractères — 2 au-delà/);
    expect(LOCALES.fr.languageName('SPANISH_MX')).toBe('Espagnol (Mexique)');
    expect(LOCALES.es.languageName('FRENCH_FR')).toBe('Francés (Francia)');
  });

  it.each([
    ['fr', 'the organization', 'établissement', /\borganisations?\b/i],
    ['fr', 'the clinical encounter', 'consultation', /\bvisites?\b/i],
    ['es', 'the clinical encounter', 'consulta', /\bvisitas?\b/i],
  ])('in %s, names %s one thing, "%s", never also %s', (language, _what, _term, other) => {
    const root = new URL(`../../../preload/words/${language}/`, import.meta.url);
    const said = readdirSync(root)
      .filter((f) => f.endsWith('.json'))
      .filter((f) => other.test(readFileSync(new URL(f, root), 'utf8')));
    expect(said).toEqual([]);
  });

  it('names no raw field in the window\u2019s screens ("user external id"): the schedule says who sets it', () => {
    for (const language of ['en', 'fr', 'es']) {
      const root = new URL(`../../../preload/words/${language}/`, import.meta.url);
      const said = readdirSync(root)
        .filter((f) => /^(ui-|schedule)/.test(f))
        .filter((f) =>
          /external id|identifiant externe|identificador externo|ID externo/i.test(
            readFileSync(new URL(f, root), 'utf8'),
          ),
        );
      expect(said, language).toEqual([]);
    }
  });

  it('never labels a button "Create 0 tasks" (nothing ticked: the button is off, and says what it does)', () => {
    expect(LOCALES.en.schedule.createTasks(0)).toBe('Create tasks');
    expect(LOCALES.en.schedule.createTasks(2)).toBe('Create 2 tasks');
    expect(LOCALES.fr.schedule.createTasks(0)).toBe('Créer des tâches');
    expect(LOCALES.es.schedule.createTasks(0)).toBe('Crear tareas');
  });

  it('names Mandarin as Mandarin beside Cantonese, never "Chinese" (Intl has no name for it)', () => {
    expect(LOCALES.en.languageName('MANDARIN_CN')).toBe('Mandarin (China)');
    expect(LOCALES.fr.languageName('MANDARIN_CN')).toBe('Mandarin (Chine)');
    expect(LOCALES.fr.languageName('CANTONESE_CN')).toBe('Cantonais (Chine)');
    expect(LOCALES.es.languageName('MANDARIN_CN')).toBe('Mandarín (China)');
    expect(LOCALES.es.languageName('CANTONESE_CN')).toBe('Cantonés (China)');
  });

  it('leaves the contract without sentences: its strings are codes, keys and schema checks', () => {
    const root = new URL('../../../preload/contract/', import.meta.url);
    for (const file of readdirSync(root).filter((f) => f.endsWith('.ts'))) {
      const code = readFileSync(new URL(file, root), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        // A bug throws with words for the developer (house style: bugs throw), never shown to a person.
        .replace(/throw new \w*Error\([^;]*;/g, '');
      // A sentence: a capital, words, and a full stop, question or exclamation mark at the end.
      const sentences = [...code.matchAll(/(['"`])([A-Z][^'"`\n]* [^'"`\n]*[.!?])\1/g)].map((m) => m[2]);
      expect(sentences, file).toEqual([]);
    }
  });
});
