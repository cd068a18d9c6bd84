/** Names of the service's codes as a person reads them (French): languages and note templates. */
import type { ConditionStatus, NoteSectionKey, OrderCategory } from '../../contract/enums.ts';
import { displayLanguageName } from '../intl.ts';
import { keyWords } from '../en/name-words.ts';

/** A service locale code in French, through `Intl` (FRENCH_FR → "Français (France)"). */
export function languageName(code: string): string {
  return displayLanguageName('fr', code);
}

/** Template keys of the service that have a name of their own; the rest are read from the key's words. */
const TEMPLATE_NAMES: Readonly<Record<string, string>> = {
  GENERAL_MEDICINE_EMERGENCY: 'Médecine générale — urgences',
  GENERIC_MULTIPLE_SECTIONS: 'Note générale (plusieurs sections)',
  SOAP: 'Note SOAP',
};

/** A note template's key as a name. */
export function templateName(key: string): string {
  return TEMPLATE_NAMES[key] ?? keyWords(key);
}

/** The contract's note section keys as titles; a key the table does not have is read from its words. */
export const SECTION_TITLES: Readonly<Record<NoteSectionKey, string>> = {
  CHIEF_COMPLAINT: 'Motif de consultation',
  HISTORY_OF_PRESENT_ILLNESS: 'Histoire de la maladie',
  PAST_MEDICAL_HISTORY: 'Antécédents',
  CURRENT_MEDICATIONS: 'Traitements en cours',
  ALLERGIES: 'Allergies',
  VITALS: 'Constantes',
  PHYSICAL_EXAM: 'Examen clinique',
  ASSESSMENT_AND_PLAN: 'Évaluation et plan',
  SUBJECTIVE: 'Subjectif',
  OBJECTIVE: 'Objectif',
  ASSESSMENT: 'Évaluation',
  PLAN: 'Plan',
  REVIEW_OF_SYSTEMS: 'Revue des systèmes',
  FAMILY_HISTORY: 'Antécédents familiaux',
  SOCIAL_HISTORY: 'Mode de vie',
};

/** A note section's key as its title (CHIEF_COMPLAINT → "Motif de consultation"). */
export function sectionTitle(key: string): string {
  return (SECTION_TITLES as Readonly<Record<string, string>>)[key] ?? keyWords(key);
}

/** A suggested order's category as the heading of its group; an unknown category is read from its words. */
export const ORDER_CATEGORY_NAMES: Readonly<Record<OrderCategory, string>> = {
  LABORATORY_TEST: 'Examens biologiques',
  IMAGING_STUDY: 'Imagerie',
  MEDICATION: 'Médicaments',
  PROCEDURE: 'Actes et explorations',
  REFERRAL: 'Avis spécialisés',
  IMMUNIZATION: 'Vaccinations',
  DURABLE_MEDICAL_EQUIPMENT: 'Matériel médical',
};

/** An order category's code as a heading (LABORATORY_TEST → "Examens biologiques"). */
export function orderCategoryName(code: string): string {
  return (ORDER_CATEGORY_NAMES as Readonly<Record<string, string>>)[code] ?? keyWords(code);
}

/** A condition's clinical status as a short word beside it; an unknown status is read from its words. */
export const CONDITION_STATUS_NAMES: Readonly<Record<ConditionStatus, string>> = {
  ACTIVE: 'actif',
  RECURRENCE: 'récidive',
  RELAPSE: 'rechute',
  INACTIVE: 'inactif',
  REMISSION: 'en rémission',
  RESOLVED: 'résolu',
};

/** A condition's clinical status code as a word (ACTIVE → "actif"). */
export function conditionStatusName(code: string): string {
  return (CONDITION_STATUS_NAMES as Readonly<Record<string, string>>)[code] ?? keyWords(code).toLowerCase();
}
