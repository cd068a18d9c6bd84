/**
 * Names of the service's codes as a person reads them (languages, note templates, sections, order
 * categories, condition statuses), the dictation microphone's labels and status, and a medication
 * order's words: the catalogue's `names.json`, `mic.json` and `medication.json`. A code a language has
 * no name for is read from its words (SOME_KEY → "Some key").
 */
import type NAMES from '../en/names.json';
import type MIC from '../en/mic.json';
import type MEDICATION from '../en/medication.json';
import type { MicModel } from '../../contract/mic-codes.ts';
import { displayLanguageName } from '../intl.ts';
import { compile, messages } from '../messages.ts';
import type { Words } from '../words.ts';

/** One language's names, as its catalogue files hold them. */
export type NamesCatalogue = typeof NAMES & typeof MIC & typeof MEDICATION;

/** Abbreviations clinicians write in capitals, kept so in a key's words. */
const ABBREVIATIONS = new Set([
  'ED',
  'ER',
  'ICU',
  'HPI',
  'ROS',
  'OB',
  'GYN',
  'ENT',
  'SOAP',
  'HP',
  'EM',
  'PT',
  'OT',
]);

/** SOME_KEY → "Some key"; abbreviations (ED, HPI) stay in capitals. */
function keyWords(key: string): string {
  const cap = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();
  const words = key
    .split(/_+/)
    .filter(Boolean)
    .map((w, i) => (ABBREVIATIONS.has(w) ? w : i === 0 ? cap(w) : w.toLowerCase()));
  return words.join(' ') || key;
}

/** A name from `table`, or the key's words. */
const named = (table: Readonly<Record<string, string>>, key: string): string =>
  Object.hasOwn(table, key) ? table[key]! : keyWords(key);

/** A chord ("Shift+F9") with each key as `table` names it; a key it does not name stays as it is ("F9"). */
const keysIn = (table: Readonly<Record<string, string>>, chord: string): string =>
  chord
    .split('+')
    .map((part) => (Object.hasOwn(table, part) ? table[part]! : part))
    .join('+');

/**
 * The names in the language `tag`, from its catalogue: the part of `Words` it builds (buildWords checks
 * that the parts make the whole).
 */
export function nameWords(tag: string, c: NamesCatalogue) {
  const { sectionTitles, orderCategories, conditionStatuses, templateNames, micModels, mic } = c;
  const plain = compile(
    tag,
    { sectionTitles, orderCategories, conditionStatuses, templateNames, micModels, mic },
    {},
  );
  const medication = compile(tag, c.medication, { everyHours: ['from:number', 'to:number?'] } as const);
  const status = messages(tag, c.micStatus);
  const models = plain.micModels as Readonly<Record<MicModel, string | undefined>>;
  return {
    sectionTitles: plain.sectionTitles,
    orderCategories: plain.orderCategories,
    conditionStatuses: plain.conditionStatuses,
    mic: plain.mic,
    medication,
    languageName: (code) => {
      const match = /^([A-Z]+)_([A-Z]{2})$/.exec(code);
      if (!match) return code;
      const language = match[1]!.charAt(0) + match[1]!.slice(1).toLowerCase();
      const languageName = displayLanguageName(tag, code);
      return messages(tag, c)('language', { language, region: match[2]!, languageName });
    },
    templateName: (key) => named(plain.templateNames, key),
    sectionTitle: (key) => named(plain.sectionTitles, key),
    orderCategoryName: (code) => named(plain.orderCategories, code),
    conditionStatusName: (code) =>
      Object.hasOwn(plain.conditionStatuses, code)
        ? plain.conditionStatuses[code as keyof typeof plain.conditionStatuses]
        : keyWords(code).toLowerCase(),
    keysText: (chord, mac) => keysIn(mac ? c.macKeyNames : c.keyNames, chord),
    micStatusText: (s) => {
      const names = [...new Set(s.models.map((m) => models[m] ?? status('unknownModel')))].join(', ');
      return Object.hasOwn(c.micStatus, s.kind) ? status(s.kind, { names }) : '';
    },
  } satisfies Partial<Words>;
}
