import { z } from 'zod';

/** Counts characters as code points, as a person reads the limits. */
function chars(max: number, field: string) {
  return z.string().refine((text) => [...text].length <= max, `${field} is at most ${max} characters`);
}

const NOTE_LOCALES = ['ENGLISH_US', 'ENGLISH_UK', 'FRENCH_FR'] as const;
export const DICTATION_LOCALES = [
  'ENGLISH_US',
  'ENGLISH_UK',
  'SPANISH_ES',
  'SPANISH_MX',
  'FRENCH_FR',
] as const;
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
export const EM_SPECIALTIES = [
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
export const SOURCE_NOTE_KINDS = ['ASSESSMENT_AND_PLAN', 'ASSESSMENT', 'PLAN'] as const;
export const SPEAKER_TYPES = ['UNSPECIFIED', 'DOCTOR', 'PATIENT'] as const;
const SECTION_STYLES = ['AUTO', 'PARAGRAPH', 'BULLET_POINTS'] as const;

export const noteLocale = z.enum(NOTE_LOCALES);
export const date = z.iso.date();

const sectionContent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('TEXT'), text: z.string() }),
  z.strictObject({
    type: z.literal('SUBSECTIONS'),
    subsections: z.array(z.strictObject({ id: z.string().min(1), title: z.string(), text: z.string() })),
  }),
]);
export type SectionContent = z.infer<typeof sectionContent>;

/** A note as requests carry it (2026-08-25 and later: `content` union, `locale` and `template_key` required). */
export const note = z.strictObject({
  title: z.string().nullish(),
  locale: noteLocale,
  template_key: z.string().min(1),
  sections: z.array(
    z.strictObject({ key: z.string().min(1), title: z.string().nullish(), content: sectionContent }),
  ),
});
export type Note = z.infer<typeof note>;

export const transcriptItem = z.strictObject({
  text: z.string(),
  speaker_type: z.enum(SPEAKER_TYPES),
  start_offset_ms: z.number().int().min(0).optional(),
  end_offset_ms: z.number().int().min(0).optional(),
});
export type TranscriptItem = z.infer<typeof transcriptItem>;

export const codingInput = z.strictObject({
  code: z.string().min(1),
  display: z.string().optional(),
  system: z.string().optional(),
});

export const sourceNote = z.strictObject({
  type: z.enum(['DRAFT']),
  sections: z.array(z.strictObject({ kind: z.enum(SOURCE_NOTE_KINDS), content: sectionContent })).min(1),
});
export type SourceNote = z.infer<typeof sourceNote>;

export const patientDemographics = z.strictObject({
  age: z.number().int().min(0).max(130).optional(),
  date_of_birth: date.optional(),
  sex: z.enum(['FEMALE', 'MALE', 'OTHER', 'UNKNOWN']).optional(),
});

/**
 * `encounter_date` sits here in the vendor's sample and at the top level in the contract: both are accepted
 * (public facts), and a request giving two different dates is refused.
 */
export const structuredContext = z.strictObject({
  encounter_date: date.optional(),
  encounter_diagnoses_coding: z.array(codingInput).optional(),
  patient_demographics: patientDemographics.optional(),
  source_note: sourceNote.optional(),
});

const customInstruction = chars(700, 'custom_instruction');
export const templateCustomInstructions = chars(700, 'note_template_custom_instructions');
export const unstructuredContext = chars(10_000, 'unstructured_context');

export const sectionCustomization = z.strictObject({
  section_key: z.string().min(1),
  style: z.enum(SECTION_STYLES).optional(),
  custom_instruction: customInstruction.nullish(),
});
export type SectionCustomization = z.infer<typeof sectionCustomization>;

/**
 * `note_sections_customization` of generate-note: an **array** of `{section_key, style?,
 * custom_instruction?}` (public facts, confirmed from the vendor's client and reference: `object[]`). An
 * object keyed by section, one reading of the contract's wording, is refused; so is a section named twice.
 */
export const sectionsCustomization = z
  .array(sectionCustomization)
  .refine(
    (items) => new Set(items.map((item) => item.section_key)).size === items.length,
    'note_sections_customization names a section more than once',
  );

/** Speech locales: 1 or 2 distinct values, HAITIAN_HT alone. */
export const speechLocales = z
  .array(z.enum(SPEECH_LOCALES))
  .min(1, 'speech_locales needs at least one locale')
  .max(2, 'speech_locales takes at most two locales')
  .refine((list) => new Set(list).size === list.length, 'speech_locales must be distinct')
  .refine(
    (list) => !list.includes('HAITIAN_HT') || list.length === 1,
    'HAITIAN_HT must be the only speech locale',
  );
