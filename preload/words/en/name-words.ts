/** Names of the service's codes as a person reads them (English): languages and note templates. */
import type { ConditionStatus, NoteSectionKey, OrderCategory } from '../../contract/enums.ts';

const REGION_LABEL: Readonly<Record<string, string>> = {
  US: 'US',
  UK: 'UK',
  MX: 'Mexico',
  ES: 'Spain',
  FR: 'France',
  HT: 'Haiti',
};

/** A service locale code as a person reads it (ENGLISH_US → "English (US)"); other shapes as they are. */
export function languageName(code: string): string {
  const match = /^([A-Z]+)_([A-Z]{2})$/.exec(code);
  if (!match) return code;
  const language = match[1]!.charAt(0) + match[1]!.slice(1).toLowerCase();
  return `${language} (${REGION_LABEL[match[2]!] ?? match[2]!})`;
}

/** Template keys of the service that have a name of their own; the rest are read from the key's words. */
const TEMPLATE_NAMES: Readonly<Record<string, string>> = {
  GENERIC_MULTIPLE_SECTIONS: 'General note (multiple sections)',
  SOAP: 'SOAP note',
};

/** A note template's key as a name (GENERIC_MULTIPLE_SECTIONS → "General note (multiple sections)"). */
export function templateName(key: string): string {
  return TEMPLATE_NAMES[key] ?? keyWords(key);
}

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
export function keyWords(key: string): string {
  const words = key
    .split(/_+/)
    .filter(Boolean)
    .map((w, i) => (ABBREVIATIONS.has(w) ? w : i === 0 ? cap(w) : w.toLowerCase()));
  return words.join(' ') || key;
}

function cap(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

/** The contract's note section keys as titles; a key the table does not have is read from its words. */
export const SECTION_TITLES: Readonly<Record<NoteSectionKey, string>> = {
  CHIEF_COMPLAINT: 'Chief complaint',
  HISTORY_OF_PRESENT_ILLNESS: 'History of present illness',
  PAST_MEDICAL_HISTORY: 'Past medical history',
  CURRENT_MEDICATIONS: 'Current medications',
  ALLERGIES: 'Allergies',
  VITALS: 'Vitals',
  PHYSICAL_EXAM: 'Physical exam',
  ASSESSMENT_AND_PLAN: 'Assessment and plan',
  SUBJECTIVE: 'Subjective',
  OBJECTIVE: 'Objective',
  ASSESSMENT: 'Assessment',
  PLAN: 'Plan',
  REVIEW_OF_SYSTEMS: 'Review of systems',
  FAMILY_HISTORY: 'Family history',
  SOCIAL_HISTORY: 'Social history',
};

/** A note section's key as its title (CHIEF_COMPLAINT → "Chief complaint"). */
export function sectionTitle(key: string): string {
  return (SECTION_TITLES as Readonly<Record<string, string>>)[key] ?? keyWords(key);
}

/** A suggested order's category as the heading of its group; an unknown category is read from its words. */
export const ORDER_CATEGORY_NAMES: Readonly<Record<OrderCategory, string>> = {
  LABORATORY_TEST: 'Laboratory tests',
  IMAGING_STUDY: 'Imaging studies',
  MEDICATION: 'Medications',
  PROCEDURE: 'Procedures',
  REFERRAL: 'Referrals',
  IMMUNIZATION: 'Immunizations',
  DURABLE_MEDICAL_EQUIPMENT: 'Durable medical equipment',
};

/** An order category's code as a heading (LABORATORY_TEST → "Laboratory tests"). */
export function orderCategoryName(code: string): string {
  return (ORDER_CATEGORY_NAMES as Readonly<Record<string, string>>)[code] ?? keyWords(code);
}

/** A condition's clinical status as a short word beside it; an unknown status is read from its words. */
export const CONDITION_STATUS_NAMES: Readonly<Record<ConditionStatus, string>> = {
  ACTIVE: 'active',
  RECURRENCE: 'recurrence',
  RELAPSE: 'relapse',
  INACTIVE: 'inactive',
  REMISSION: 'in remission',
  RESOLVED: 'resolved',
};

/** A condition's clinical status code as a word (ACTIVE → "active"). */
export function conditionStatusName(code: string): string {
  return (CONDITION_STATUS_NAMES as Readonly<Record<string, string>>)[code] ?? keyWords(code).toLowerCase();
}
