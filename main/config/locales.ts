/**
 * Locale values the service accepts (service-interface.md, public-facts.md). They are enums on the wire, so a
 * typo in a setting is caught at start-up rather than as a 400 in the middle of a visit.
 */

/** The 35 transcription locales plus HAITIAN_HT (from 2026-06-12; only ever on its own). */
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
/** A transcription locale. */
export type SpeechLocale = (typeof SPEECH_LOCALES)[number];

/** Locales a note can be written in (default ENGLISH_US). */
export const NOTE_LOCALES = ['ENGLISH_US', 'ENGLISH_UK', 'FRENCH_FR'] as const;
/** A note locale. */
export type NoteLocale = (typeof NOTE_LOCALES)[number];

/** The five dictation locales. */
export const DICTATION_LOCALES = [
  'ENGLISH_US',
  'ENGLISH_UK',
  'SPANISH_ES',
  'SPANISH_MX',
  'FRENCH_FR',
] as const;
/** A dictation locale. */
export type DictationLocale = (typeof DICTATION_LOCALES)[number];
