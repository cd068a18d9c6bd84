/**
 * Closed value lists the renderer needs at run time. Kept free of zod so the renderer bundle never ships
 * zod: zod 4 probes `new Function` for its JIT, which the app's CSP (`script-src 'self'`) reports as a
 * violation, and the renderer never parses anything itself (the preload and main do).
 */
export const SPEAKERS = ['UNSPECIFIED', 'DOCTOR', 'PATIENT'] as const;
export const SECTION_STYLES = ['AUTO', 'PARAGRAPH', 'BULLET_POINTS'] as const;
export const VISIT_PHASES = ['idle', 'starting', 'recording', 'paused', 'ending', 'ended', 'failed'] as const;

/**
 * The speech locales (public facts: the 35 transcription languages, and HAITIAN_HT from 2026-06-12). One
 * list for transcription, patient instructions (`instructions_locale`) and their translation.
 */
export const SPEECH_LOCALES = [
  'ENGLISH_US',
  'ENGLISH_UK',
  'FRENCH_FR',
  'SPANISH_ES',
  'SPANISH_MX',
  'ARMENIAN_AM',
  'BENGALI_IN',
  'CANTONESE_CN',
  'CROATIAN_HR',
  'FILIPINO_PH',
  'GERMAN_DE',
  'GREEK_GR',
  'GUJARATI_IN',
  'HINDI_IN',
  'ITALIAN_IT',
  'JAPANESE_JP',
  'KHMER_KH',
  'KOREAN_KR',
  'MANDARIN_CN',
  'POLISH_PL',
  'PORTUGUESE_PT',
  'PUNJABI_IN',
  'RUSSIAN_RU',
  'SERBIAN_RS',
  'TAMIL_IN',
  'TELUGU_IN',
  'THAI_TH',
  'VIETNAMESE_VN',
  'ARABIC_LB',
  'ARABIC_EG',
  'ARABIC_SA',
  'ARABIC_MA',
  'HEBREW_IL',
  'URDU_IN',
  'PERSIAN_IR',
  'HAITIAN_HT',
] as const;

/**
 * A language patient instructions are written in or translated to (`instructions_locale`, and
 * `current_locale`/`new_locale` of a translation): public facts, confirmed from the vendor's reference, give
 * them the speech-locale enum, so every patient language the service hears.
 */
export type InstructionsLocale = (typeof SPEECH_LOCALES)[number];

/** The languages the window and the CLI speak (preload/words has one folder each). */
export const DISPLAY_LANGUAGES = ['en', 'fr', 'es'] as const;
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number];

/**
 * Note section keys the window has a title for in every language (the sections of the templates the service
 * double offers; the contract's source-note kinds ASSESSMENT_AND_PLAN, ASSESSMENT and PLAN among them). The
 * service titles its sections itself; these name a section it leaves untitled, and Settings' sections. Any
 * other key still gets a title, read from its words.
 */
export const NOTE_SECTION_KEYS = [
  'CHIEF_COMPLAINT',
  'HISTORY_OF_PRESENT_ILLNESS',
  'PAST_MEDICAL_HISTORY',
  'CURRENT_MEDICATIONS',
  'ALLERGIES',
  'VITALS',
  'PHYSICAL_EXAM',
  'ASSESSMENT_AND_PLAN',
  'SUBJECTIVE',
  'OBJECTIVE',
  'ASSESSMENT',
  'PLAN',
  'REVIEW_OF_SYSTEMS',
  'FAMILY_HISTORY',
  'SOCIAL_HISTORY',
] as const;
export type NoteSectionKey = (typeof NOTE_SECTION_KEYS)[number];

/**
 * A suggested order's `category`: the contract names seven (laboratory tests, imaging studies, medications,
 * procedures, referrals, immunizations, durable medical equipment) in words only. GUESS: their wire spelling
 * is the service double's (main/programs/local-service/clinical/coding.ts). An unknown category is shown too,
 * named from its words.
 */
export const ORDER_CATEGORIES = [
  'LABORATORY_TEST',
  'IMAGING_STUDY',
  'MEDICATION',
  'PROCEDURE',
  'REFERRAL',
  'IMMUNIZATION',
  'DURABLE_MEDICAL_EQUIPMENT',
] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

/**
 * A condition's `clinical_status` in normalized data. GUESS: the contract names the field, not its values;
 * these are FHIR's condition-clinical codes in the service's upper case. An unknown status is shown too,
 * read from its words.
 */
export const CONDITION_STATUSES = [
  'ACTIVE',
  'RECURRENCE',
  'RELAPSE',
  'INACTIVE',
  'REMISSION',
  'RESOLVED',
] as const;
export type ConditionStatus = (typeof CONDITION_STATUSES)[number];

/** The disk warnings a visit can carry (DiskWarningSchema in dto-visit.ts is built from this list). */
export const DISK_WARNINGS = ['full', 'not_kept'] as const;

/**
 * The patient's sex as the window offers it (`patient_demographics.sex`): the contract shows FEMALE; the
 * other values are a guess (main/core/api/schemas/visit-context.ts).
 */
export const PATIENT_SEXES = ['FEMALE', 'MALE', 'OTHER', 'UNKNOWN'] as const;

/**
 * The structured inputs of `compute-em-codes` (the contract says "structured inputs" and names only
 * `em_specialty_kind`). GUESS, the local service's shape: the patient is NEW or ESTABLISHED, and the level
 * is chosen by medical decision making (2021 office E/M guidelines) or total time in minutes.
 */
/** `em_specialty_kind`: six, and CARDIOLOGY, NEUROLOGY, PSYCHIATRY from 2026-10-05 (the contract). */
export const EM_SPECIALTY_KINDS = [
  'EMERGENCY_MEDICINE',
  'FAMILY_MEDICINE',
  'GENERAL_MEDICINE',
  'GENERAL_PRACTICE',
  'INTERNAL_MEDICINE',
  'PEDIATRICS',
  'CARDIOLOGY',
  'NEUROLOGY',
  'PSYCHIATRY',
] as const;
export const EM_PATIENT_TYPES = ['NEW', 'ESTABLISHED'] as const;
export type EmPatientType = (typeof EM_PATIENT_TYPES)[number];
export const EM_MDM_LEVELS = ['STRAIGHTFORWARD', 'LOW', 'MODERATE', 'HIGH'] as const;
export type EmMdmLevel = (typeof EM_MDM_LEVELS)[number];
/** GUESS: total time of a visit, whole minutes, at most a day (the local service's bound). */
export const EM_TOTAL_MINUTES = { min: 1, max: 1440 } as const;
