/** Names of the service's codes as a person reads them (Spanish): languages and note templates. */
import type { ConditionStatus, NoteSectionKey, OrderCategory } from '../../contract/enums.ts';
import { displayLanguageName } from '../intl.ts';
import { keyWords } from '../en/name-words.ts';

/** A service locale code in Spanish, through `Intl` (SPANISH_MX → "Español (México)"). */
export function languageName(code: string): string {
  return displayLanguageName('es', code);
}

/** Template keys of the service that have a name of their own; the rest are read from the key's words. */
const TEMPLATE_NAMES: Readonly<Record<string, string>> = {
  GENERAL_MEDICINE_EMERGENCY: 'Medicina general — urgencias',
  GENERIC_MULTIPLE_SECTIONS: 'Nota general (varias secciones)',
  SOAP: 'Nota SOAP',
};

/** A note template's key as a name. */
export function templateName(key: string): string {
  return TEMPLATE_NAMES[key] ?? keyWords(key);
}

/** The contract's note section keys as titles; a key the table does not have is read from its words. */
export const SECTION_TITLES: Readonly<Record<NoteSectionKey, string>> = {
  CHIEF_COMPLAINT: 'Motivo de consulta',
  HISTORY_OF_PRESENT_ILLNESS: 'Enfermedad actual',
  PAST_MEDICAL_HISTORY: 'Antecedentes personales',
  CURRENT_MEDICATIONS: 'Medicación actual',
  ALLERGIES: 'Alergias',
  VITALS: 'Signos vitales',
  PHYSICAL_EXAM: 'Exploración física',
  ASSESSMENT_AND_PLAN: 'Evaluación y plan',
  SUBJECTIVE: 'Subjetivo',
  OBJECTIVE: 'Objetivo',
  ASSESSMENT: 'Evaluación',
  PLAN: 'Plan',
  REVIEW_OF_SYSTEMS: 'Revisión por sistemas',
  FAMILY_HISTORY: 'Antecedentes familiares',
  SOCIAL_HISTORY: 'Antecedentes sociales',
};

/** A note section's key as its title (CHIEF_COMPLAINT → "Motivo de consulta"). */
export function sectionTitle(key: string): string {
  return (SECTION_TITLES as Readonly<Record<string, string>>)[key] ?? keyWords(key);
}

/** A suggested order's category as the heading of its group; an unknown category is read from its words. */
export const ORDER_CATEGORY_NAMES: Readonly<Record<OrderCategory, string>> = {
  LABORATORY_TEST: 'Pruebas de laboratorio',
  IMAGING_STUDY: 'Estudios de imagen',
  MEDICATION: 'Medicamentos',
  PROCEDURE: 'Procedimientos',
  REFERRAL: 'Derivaciones',
  IMMUNIZATION: 'Vacunas',
  DURABLE_MEDICAL_EQUIPMENT: 'Material médico',
};

/** An order category's code as a heading (LABORATORY_TEST → "Pruebas de laboratorio"). */
export function orderCategoryName(code: string): string {
  return (ORDER_CATEGORY_NAMES as Readonly<Record<string, string>>)[code] ?? keyWords(code);
}

/** A condition's clinical status as a short word beside it; an unknown status is read from its words. */
export const CONDITION_STATUS_NAMES: Readonly<Record<ConditionStatus, string>> = {
  ACTIVE: 'activo',
  RECURRENCE: 'recurrencia',
  RELAPSE: 'recaída',
  INACTIVE: 'inactivo',
  REMISSION: 'en remisión',
  RESOLVED: 'resuelto',
};

/** A condition's clinical status code as a word (ACTIVE → "activo"). */
export function conditionStatusName(code: string): string {
  return (CONDITION_STATUS_NAMES as Readonly<Record<string, string>>)[code] ?? keyWords(code).toLowerCase();
}
