/**
 * The little medicine the local service knows: enough recognizable conditions, drugs and vital signs for
 * tests to see content travel from a transcript to a note, codes and orders. Codes are real ICD-10-CM
 * and LOINC codes; the HCC/MCC flags are plausible, not authoritative.
 */

/** A condition the service can recognize in text. */
export interface ConditionFact {
  pattern: RegExp;
  title: string;
  code: string;
  display: string;
  isHcc: boolean;
  isMcc: boolean;
  alternatives: { code: string; display: string }[];
}

const c = (
  pattern: RegExp,
  title: string,
  code: string,
  display: string,
  isHcc: boolean,
  isMcc: boolean,
  alternatives: [string, string][] = [],
): ConditionFact => ({
  pattern,
  title,
  code,
  display,
  isHcc,
  isMcc,
  alternatives: alternatives.map(([altCode, altDisplay]) => ({ code: altCode, display: altDisplay })),
});

export const CONDITIONS: readonly ConditionFact[] = [
  c(
    /\b(hypertension|high blood pressure)\b/i,
    'Hypertension',
    'I10',
    'Essential (primary) hypertension',
    false,
    false,
    [['I11.9', 'Hypertensive heart disease without heart failure']],
  ),
  c(
    /\b(type 2 diabetes|diabetes)\b/i,
    'Type 2 diabetes mellitus',
    'E11.9',
    'Type 2 diabetes mellitus without complications',
    true,
    false,
    [['E11.65', 'Type 2 diabetes mellitus with hyperglycemia']],
  ),
  c(
    /\bmigraines?\b/i,
    'Migraine',
    'G43.909',
    'Migraine, unspecified, not intractable, without status migrainosus',
    false,
    false,
    [['G43.009', 'Migraine without aura, not intractable']],
  ),
  c(/\bheadaches?\b/i, 'Headache', 'R51.9', 'Headache, unspecified', false, false),
  c(/\basthma\b/i, 'Asthma', 'J45.909', 'Unspecified asthma, uncomplicated', false, false, [
    ['J45.20', 'Mild intermittent asthma, uncomplicated'],
  ]),
  c(/\bpneumonia\b/i, 'Pneumonia', 'J18.9', 'Pneumonia, unspecified organism', false, true, [
    ['J15.9', 'Unspecified bacterial pneumonia'],
  ]),
  c(/\bbronchitis\b/i, 'Acute bronchitis', 'J20.9', 'Acute bronchitis, unspecified', false, false),
  c(/\bsinusitis\b/i, 'Sinusitis', 'J32.9', 'Chronic sinusitis, unspecified', false, false, [
    ['J01.90', 'Acute sinusitis, unspecified'],
  ]),
  c(
    /\b(urinary tract infection|uti)\b/i,
    'Urinary tract infection',
    'N39.0',
    'Urinary tract infection, site not specified',
    false,
    false,
  ),
  c(
    /\b(hyperlipidemia|high cholesterol)\b/i,
    'Hyperlipidemia',
    'E78.5',
    'Hyperlipidemia, unspecified',
    false,
    false,
  ),
  c(
    /\b(copd|chronic obstructive)\b/i,
    'COPD',
    'J44.9',
    'Chronic obstructive pulmonary disease, unspecified',
    true,
    false,
  ),
  c(
    /\batrial fibrillation\b/i,
    'Atrial fibrillation',
    'I48.91',
    'Unspecified atrial fibrillation',
    true,
    false,
  ),
  c(/\bdepression\b/i, 'Depression', 'F32.A', 'Depression, unspecified', true, false),
  c(/\bcough\b/i, 'Cough', 'R05.9', 'Cough, unspecified', false, false),
  c(/\bchest pains?\b/i, 'Chest pain', 'R07.9', 'Chest pain, unspecified', false, false, [
    ['R07.89', 'Other chest pain'],
    ['I20.9', 'Angina pectoris, unspecified'],
  ]),
  c(
    /\b(short(ness)? of breath|dyspnea|dyspnoea)\b/i,
    'Shortness of breath',
    'R06.02',
    'Shortness of breath',
    false,
    false,
    [['R06.00', 'Dyspnea, unspecified']],
  ),
  c(
    /\b(elevated blood pressure|elevated blood-pressure reading|raised blood pressure)\b/i,
    'Elevated blood pressure',
    'R03.0',
    'Elevated blood-pressure reading, without diagnosis of hypertension',
    false,
    false,
  ),
];

/**
 * A drug the service can recognize, with its usual route. GUESS: the route's values (SNOMED route names in
 * capitals) are not in the contract, which names the `route` field only.
 */
export const MEDICATIONS: Readonly<Record<string, string>> = {
  lisinopril: 'ORAL',
  amlodipine: 'ORAL',
  metformin: 'ORAL',
  atorvastatin: 'ORAL',
  ibuprofen: 'ORAL',
  acetaminophen: 'ORAL',
  amoxicillin: 'ORAL',
  sumatriptan: 'ORAL',
  omeprazole: 'ORAL',
  aspirin: 'ORAL',
  prednisone: 'ORAL',
  albuterol: 'INHALATION',
  insulin: 'SUBCUTANEOUS',
};

/** A vital sign pattern over digit-normalized text. */
export interface VitalFact {
  pattern: RegExp;
  readings: {
    display: string;
    loinc: string;
    group: number;
    unit: (value: number, match: RegExpMatchArray) => string;
  }[];
}

export const VITALS: readonly VitalFact[] = [
  {
    pattern: /blood pressure\D{0,20}?(\d{2,3})\s*(?:\/|over)\s*(\d{2,3})/i,
    readings: [
      { display: 'Systolic blood pressure', loinc: '8480-6', group: 1, unit: () => 'mm[Hg]' },
      { display: 'Diastolic blood pressure', loinc: '8462-4', group: 2, unit: () => 'mm[Hg]' },
    ],
  },
  {
    pattern: /(?:heart rate|pulse)\D{0,20}?(\d{2,3})/i,
    readings: [{ display: 'Heart rate', loinc: '8867-4', group: 1, unit: () => '/min' }],
  },
  {
    pattern: /temperature\D{0,20}?(\d{2,3}(?:\.\d)?)/i,
    readings: [
      {
        display: 'Body temperature',
        loinc: '8310-5',
        group: 1,
        unit: (value) => (value > 45 ? '[degF]' : 'Cel'),
      },
    ],
  },
  {
    pattern: /(?:oxygen saturation|o2 sat\w*|sats?)\D{0,20}?(\d{2,3})/i,
    readings: [{ display: 'Oxygen saturation', loinc: '59408-5', group: 1, unit: () => '%' }],
  },
  {
    pattern: /weigh\w*\D{0,20}?(\d{2,3}(?:\.\d)?)\s*(pounds|lbs?|kilograms|kg)/i,
    readings: [
      {
        display: 'Body weight',
        loinc: '29463-7',
        group: 1,
        unit: (_v, m) => (/^k/i.test(m[2] ?? '') ? 'kg' : '[lb_av]'),
      },
    ],
  },
];

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/**
 * Turns spoken numbers into digits ("one forty over ninety" -> "140 over 90", "ninety eight point six"
 * -> "98.6"), because transcripts of speech spell numbers out.
 */
export function spokenNumbersToDigits(text: string): string {
  return text.replace(
    /\b(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|point)\b[\s-]*)+/gi,
    (run) => {
      const trailing = /\s*$/.exec(run)![0];
      const words = run
        .trim()
        .toLowerCase()
        .split(/[\s-]+/);
      const value = wordsToNumber(words);
      return value === undefined ? run : `${value}${trailing}`;
    },
  );
}

function wordsToNumber(words: string[]): string | undefined {
  const point = words.indexOf('point');
  const whole = point >= 0 ? words.slice(0, point) : words;
  const decimals = point >= 0 ? words.slice(point + 1) : [];
  let integer: number | undefined;
  // Colloquial "one forty" = 140 (a digit word followed by a tens word).
  const first = UNITS[whole[0] ?? ''];
  if (whole.length >= 2 && first !== undefined && first > 0 && first < 10 && TENS[whole[1]!] !== undefined) {
    const rest = wordsToNumber(whole.slice(1));
    integer = rest === undefined ? undefined : first * 100 + Number(rest);
  } else {
    let total = 0;
    for (const word of whole) {
      if (UNITS[word] !== undefined) total += UNITS[word];
      else if (TENS[word] !== undefined) total += TENS[word];
      else if (word === 'hundred') total = (total || 1) * 100;
      else return undefined;
    }
    integer = whole.length > 0 ? total : undefined;
  }
  if (integer === undefined) return undefined;
  if (decimals.length === 0) return String(integer);
  const digits = decimals.map((word) => UNITS[word]);
  if (digits.some((digit) => digit === undefined || digit > 9)) return undefined;
  return `${integer}.${digits.join('')}`;
}
