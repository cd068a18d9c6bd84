import { CONDITIONS, MEDICATIONS, VITALS, spokenNumbersToDigits, type ConditionFact } from './knowledge.ts';
import type { SectionRole } from './templates.ts';

/** Who said a sentence. CONTEXT and DRAFT come from the request's context and source note. */
export type Speaker = 'DOCTOR' | 'PATIENT' | 'UNSPECIFIED' | 'CONTEXT' | 'DRAFT';

/** One recognized sentence. */
export interface Finding {
  speaker: Speaker;
  text: string;
  roles: Set<SectionRole>;
  conditions: ConditionFact[];
}

const PLAN =
  /\b(start|starting|prescrib\w*|order\w*|refer\w*|follow[- ]?up|schedul\w*|recommend\w*|increase|decrease|stop|continue|return|come back|x-?ray|mri|ct scan|ultrasound|labs?|blood (?:test|work)|vaccin\w*|flu shot|a1c|lipid panel|physical therapy|crutches|nebulizer|wheelchair)\b/i;
const ASSESSMENT =
  /\b(likely|probably|consistent with|diagnos\w*|i think|looks like|suspect|assessment|impression)\b/i;
const EXAM =
  /\b(exam\w*|lungs?|heart sounds|abdomen|tender\w*|swelling|rash|murmur|auscultat\w*|palpat\w*|throat|ears?|reflexes)\b/i;
const MEDS = /\b(taking|takes|take|mg|milligrams?|medications?|pills?|inhaler)\b/i;
const HISTORY = /\b(history of|diagnosed|surgery|years ago|in the past)\b/i;
const ALLERGY = /\ballerg\w*/i;
const SYMPTOM =
  /\b(pain|aches?|hurts?|cough\w*|fever|headaches?|nause\w*|vomit\w*|dizz\w*|tired|fatigue|short(?:ness)? of breath|sore|rash|since|for (?:\d+|a|two|three|four|five|several) (?:days?|weeks?|months?))\b/i;
const VITAL_WORDS = /\b(blood pressure|heart rate|pulse|temperature|oxygen|saturation|sats?|weigh\w*)\b/i;

/** Splits text into sentences, keeping their punctuation. */
export function sentences(text: string): string[] {
  return (text.match(/[^.!?\n]+[.!?]*/g) ?? []).map((part) => part.trim()).filter((part) => part.length > 0);
}

/** The conditions a text mentions, in the order they are first mentioned. */
export function conditionsIn(text: string): ConditionFact[] {
  return CONDITIONS.map((fact) => ({ fact, at: text.search(fact.pattern) }))
    .filter((found) => found.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((found) => found.fact);
}

/** The drug names a text mentions. */
export function medicationsIn(text: string): string[] {
  return Object.keys(MEDICATIONS).filter((name) => new RegExp(`\\b${name}\\b`, 'i').test(text));
}

/** Whether a text holds something a patient must act on (a plan). */
export function isActionable(text: string): boolean {
  return sentences(text).some((sentence) => PLAN.test(sentence));
}

/** Classifies one sentence into the note roles it belongs to. */
function classify(text: string, speaker: Speaker): Finding {
  const roles = new Set<SectionRole>();
  const clinician = speaker !== 'PATIENT';
  const digits = spokenNumbersToDigits(text);
  const conditions = conditionsIn(text);
  if (ALLERGY.test(text)) roles.add('ALLERGIES');
  if (VITAL_WORDS.test(text) && VITALS.some((vital) => vital.pattern.test(digits))) roles.add('VITALS');
  if (clinician && PLAN.test(text)) roles.add('PLAN');
  if (clinician && (ASSESSMENT.test(text) || (conditions.length > 0 && !roles.has('PLAN'))))
    roles.add('ASSESSMENT');
  if (clinician && EXAM.test(text) && !roles.has('PLAN')) roles.add('EXAM');
  if (!roles.has('PLAN') && (MEDS.test(text) || medicationsIn(text).length > 0)) roles.add('MEDICATIONS');
  if (HISTORY.test(text)) roles.add('HISTORY');
  if (roles.size === 0 && (SYMPTOM.test(text) || (speaker === 'PATIENT' && conditions.length > 0)))
    roles.add('HPI');
  return { speaker, text, roles, conditions };
}

/** Recognizes every sentence of some speaker-labelled text. */
export function recognize(parts: readonly { speaker: Speaker; text: string }[]): Finding[] {
  return parts.flatMap((part) => sentences(part.text).map((sentence) => classify(sentence, part.speaker)));
}

/** Counts words, for the too-short rule. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /\w/.test(word)).length;
}
