/**
 * The local service's "machine translation": enough of a phrasebook that the instructions it writes read
 * as Spanish or French (its own greetings, and plan sentences such as "start X", "order X", "follow up in
 * two weeks"); a sentence it has no phrase for stays as written. Rule-based and deterministic on purpose:
 * it is a double of the service, not a translator.
 */

type Lang = 'es' | 'fr';

const NUMBERS: Record<Lang, Record<string, string>> = {
  es: { one: 'una', two: 'dos', three: 'tres', four: 'cuatro', six: 'seis', a: 'una' },
  fr: { one: 'une', two: 'deux', three: 'trois', four: 'quatre', six: 'six', a: 'une' },
};
const UNITS: Record<Lang, Record<string, string>> = {
  es: { day: 'día', days: 'días', week: 'semana', weeks: 'semanas', month: 'mes', months: 'meses' },
  fr: { day: 'jour', days: 'jours', week: 'semaine', weeks: 'semaines', month: 'mois', months: 'mois' },
};
const TERMS: Record<Lang, Record<string, string>> = {
  es: {
    'as needed': 'según sea necesario',
    'once daily': 'una vez al día',
    'every morning': 'cada mañana',
    'a lipid panel': 'un perfil lipídico',
    'a basic metabolic panel': 'un panel metabólico básico',
    'an ecg': 'un electrocardiograma',
    'blood pressure': 'la presión arterial',
  },
  fr: {
    'as needed': 'si besoin',
    'once daily': 'une fois par jour',
    'every morning': 'chaque matin',
    'a lipid panel': 'un bilan lipidique',
    'a basic metabolic panel': 'un bilan métabolique de base',
    'an ecg': 'un électrocardiogramme',
    'blood pressure': 'la tension artérielle',
  },
};

function terms(text: string, lang: Lang): string {
  let out = text;
  for (const [en, target] of Object.entries(TERMS[lang]))
    out = out.replace(new RegExp(`\\b${en}\\b`, 'gi'), target);
  return out;
}

function duration(text: string, lang: Lang): string {
  return text.replace(
    /\b(a|one|two|three|four|six|\d+)\s+(days?|weeks?|months?)\b/gi,
    (_, n: string, unit: string) => {
      const count = NUMBERS[lang][n.toLowerCase()] ?? n;
      return `${count} ${UNITS[lang][unit.toLowerCase()] ?? unit}`;
    },
  );
}

/** Sentence patterns of a plan, each with its Spanish and French form ($1 = the rest, translated). */
const PATTERNS: readonly { en: RegExp; es: string; fr: string }[] = [
  {
    en: /^(?:please )?(?:follow up|come back|return) in (.+)$/i,
    es: 'Vuelva a consulta en $1',
    fr: 'Revenez en consultation dans $1',
  },
  {
    en: /^(?:we|i) will start (.+?) and order (.+)$/i,
    es: 'Empezamos $1 y pedimos $2',
    fr: 'Nous commençons $1 et prescrivons $2',
  },
  { en: /^(?:we|i) will (?:start|begin) (.+)$/i, es: 'Empezamos $1', fr: 'Nous commençons $1' },
  {
    en: /^(?:let us|let's|we will|i will) (?:check|order) (.+)$/i,
    es: 'Pedimos $1',
    fr: 'Nous prescrivons $1',
  },
  { en: /^continue (.+)$/i, es: 'Continúe con $1', fr: 'Continuez $1' },
  { en: /^recheck (.+)$/i, es: 'Volveremos a controlar $1', fr: 'Nous recontrôlerons $1' },
  { en: /^(?:take|use) (.+)$/i, es: 'Tome $1', fr: 'Prenez $1' },
];

/** One sentence in Spanish or French where the phrasebook has it; as written otherwise. */
function sentence(text: string, lang: Lang): string {
  const trimmed = text.trim().replace(/\.$/, '');
  for (const pattern of PATTERNS) {
    const match = pattern.en.exec(trimmed);
    if (!match) continue;
    const parts = match.slice(1).map((part) => duration(terms(part, lang), lang));
    return `${pattern[lang].replace(/\$(\d)/g, (_, i: string) => parts[Number(i) - 1] ?? '')}.`;
  }
  return text;
}

/** A line of instructions (`- sentence`, or a greeting the caller already mapped) in the target language. */
export function translateLine(line: string, lang: string): string {
  if (lang !== 'es' && lang !== 'fr') return line;
  const bullet = /^(\s*-\s*)(.*)$/.exec(line);
  return bullet ? `${bullet[1]}${sentence(bullet[2]!, lang)}` : sentence(line, lang);
}
