import { MEDICATIONS, VITALS, spokenNumbersToDigits } from './knowledge.ts';
import { conditionsIn, medicationsIn, sentences } from './recognition.ts';
import type { Note } from '../schemas.ts';
import { noteText } from './note-writer.ts';

const ICD10 = 'http://hl7.org/fhir/sid/icd-10-cm';
const LOINC = 'http://loinc.org';

type EncounterDiagnosis = { code: string; display?: string; system?: string };

/** ICD-10 conditions and LOINC observations found in a note (2026-08-25+ shape). */
export function normalizedData(note: Note, encounterDiagnoses: EncounterDiagnosis[] = []) {
  const subsectionOf = subsectionsByCondition(note);
  const text = noteText(note);
  const conditions = conditionsIn(text).map((fact) => ({
    coding: { code: fact.code, display: fact.display, system: ICD10, is_hcc: fact.isHcc, is_mcc: fact.isMcc },
    alternative_coding: fact.alternatives.map((alt) => ({
      code: alt.code,
      display: alt.display,
      system: ICD10,
    })),
    clinical_status: 'ACTIVE',
    categories: [
      encounterDiagnoses.some((d) => d.code === fact.code) ? 'ENCOUNTER_DIAGNOSIS' : 'PROBLEM_LIST_ITEM',
    ],
    subsection_id: subsectionOf.get(fact.code) ?? null,
  }));
  for (const diagnosis of encounterDiagnoses) {
    if (conditions.some((condition) => condition.coding.code === diagnosis.code)) continue;
    conditions.push(encounterOnlyCondition(diagnosis));
  }
  return { conditions, observations: observationsIn(text) };
}

/** A condition belongs to the subsection named after it, else to the first one that mentions it. */
function subsectionsByCondition(note: Note): Map<string, string> {
  const subsectionOf = new Map<string, string>();
  const subsections = note.sections.flatMap((section) =>
    section.content.type === 'SUBSECTIONS' ? section.content.subsections : [],
  );
  for (const pick of [(sub: { title: string }) => sub.title, (sub: { text: string }) => sub.text]) {
    for (const sub of subsections) {
      for (const fact of conditionsIn(pick(sub)))
        if (!subsectionOf.has(fact.code)) subsectionOf.set(fact.code, sub.id);
    }
  }
  return subsectionOf;
}

/** An encounter diagnosis the note does not mention, as the caller coded it. */
function encounterOnlyCondition(diagnosis: EncounterDiagnosis) {
  return {
    coding: {
      code: diagnosis.code,
      display: diagnosis.display ?? diagnosis.code,
      system: diagnosis.system ?? ICD10,
      is_hcc: false,
      is_mcc: false,
    },
    alternative_coding: [],
    clinical_status: 'ACTIVE',
    categories: ['ENCOUNTER_DIAGNOSIS'],
    subsection_id: null,
  };
}

/** LOINC vital-sign observations read from the note's text. */
function observationsIn(text: string) {
  const digits = spokenNumbersToDigits(text);
  return VITALS.flatMap((vital) => {
    const match = digits.match(vital.pattern);
    if (!match) return [];
    return vital.readings.map((reading) => {
      const value = Number(match[reading.group]);
      return {
        display: reading.display,
        value,
        unit: reading.unit(value, match),
        coding: { code: reading.loinc, display: reading.display, system: LOINC },
      };
    });
  });
}

const ORDER_RULES: { category: string; pattern: RegExp; describe: (m: RegExpMatchArray) => string }[] = [
  {
    category: 'LABORATORY_TEST',
    pattern:
      /\b(a1c|hemoglobin a1c|lipid panel|cbc|complete blood count|metabolic panel|urinalysis|urine culture|blood (?:test|work)|labs?)\b/i,
    describe: (m) => titleCase(m[1]!),
  },
  {
    category: 'IMAGING_STUDY',
    pattern: /\b((?:chest )?x-?ray|mri|ct scan|ultrasound|echocardiogram)\b/i,
    describe: (m) => titleCase(m[1]!),
  },
  {
    category: 'REFERRAL',
    pattern: /\brefer\w*\s+(?:you\s+|him\s+|her\s+|them\s+)?to\s+(?:a\s+|an\s+)?([a-z ]+?)(?:[.,;]|$)/i,
    describe: (m) => `Referral to ${m[1]!.trim()}`,
  },
  {
    category: 'IMMUNIZATION',
    pattern: /\b(flu shot|influenza vaccine|tetanus(?: shot| booster)?|covid(?:-19)? vaccine|vaccine)\b/i,
    describe: (m) => titleCase(m[1]!),
  },
  {
    category: 'PROCEDURE',
    pattern: /\b(ecg|ekg|electrocardiogram|spirometry|biopsy|physical therapy)\b/i,
    describe: (m) => titleCase(m[1]!),
  },
  {
    category: 'DURABLE_MEDICAL_EQUIPMENT',
    pattern: /\b(crutches|nebulizer|wheelchair|walker|cpap)\b/i,
    describe: (m) => titleCase(m[1]!),
  },
];

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A MEDICATION order from a plan sentence. GUESS: the contract names `action`, `dose_value`, `dose_unit`,
 * `prn`, a frequency and `route`, not their values or the frequency's shape; this double sends an action
 * code (START, CONTINUE, CHANGE, STOP), the frequency as the plan's own words ("daily", "twice a day") and
 * the drug's usual route (MEDICATIONS). A client must read other spellings too (preload/contract/
 * medication-codes.ts).
 */
function medicationOrder(sentence: string, drug: string) {
  const digits = spokenNumbersToDigits(sentence);
  const dose = /(\d+(?:\.\d+)?)\s*(mg|milligrams?|mcg|g|units?|ml|puffs?)\b/i.exec(digits);
  const action = /\b(stop|discontinue)\b/i.test(sentence)
    ? 'STOP'
    : /\b(increase|decrease|change|adjust)\b/i.test(sentence)
      ? 'CHANGE'
      : /\bcontinue\b/i.test(sentence)
        ? 'CONTINUE'
        : 'START';
  const frequency =
    /\b(once a day|twice a day|three times a day|daily|every \w+ hours|at bedtime|as needed)\b/i.exec(
      sentence,
    )?.[1] ?? null;
  const unit = dose?.[2]?.toLowerCase().replace(/^milligrams?$/, 'mg') ?? null;
  return {
    category: 'MEDICATION',
    description: `${titleCase(drug)}${dose ? ` ${dose[1]} ${unit}` : ''}`,
    details: null,
    action,
    dose_value: dose ? Number(dose[1]) : null,
    dose_unit: unit,
    prn: /\bas needed\b|\bprn\b/i.test(sentence),
    frequency,
    route: MEDICATIONS[drug] ?? 'ORAL',
  };
}

/** Orders found in the plan sentences of a note (and the source note's A&P text). */
export function suggestedOrders(note: Note, sourceAssessmentAndPlan: string | undefined) {
  const planText = note.sections
    .filter((section) => /PLAN/.test(section.key))
    .map((section) =>
      section.content.type === 'TEXT'
        ? section.content.text
        : section.content.subsections.map((s) => s.text).join('\n'),
    )
    .concat(sourceAssessmentAndPlan ?? [])
    .join('\n');
  const orders: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const push = (order: Record<string, unknown>) => {
    const key = `${order.category}:${String(order.description).toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    orders.push(order);
  };
  for (const sentence of sentences(planText)) {
    for (const drug of medicationsIn(sentence)) push(medicationOrder(sentence, drug));
    for (const rule of ORDER_RULES) {
      const match = sentence.match(rule.pattern);
      if (match)
        push({
          category: rule.category,
          description: rule.describe(match),
          details: sentence.replace(/^[A-Za-zé]+:\s*/, ''),
        });
    }
  }
  return { suggested_orders: orders };
}
