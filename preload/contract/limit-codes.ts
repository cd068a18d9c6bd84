/**
 * A refused limit (`limit_exceeded`): which rule, about which subject, with which numbers. Subjects and
 * rules are closed lists, so a limit's params can never carry the content that broke it. The words are in
 * preload/words. Zod-free, like enums.ts, so the renderer can import it.
 */

/** What a length or count limit is about. */
export const LIMIT_SUBJECTS = [
  'extra_context',
  'context_file',
  'note_wide_instruction',
  'template_instruction',
  'section_instruction',
  'edit_instruction',
  'dot_phrases',
  'patient_message',
] as const;
export type LimitSubject = (typeof LIMIT_SUBJECTS)[number];

/** Rules whose words take no numbers. */
export const FIXED_LIMIT_RULES = [
  'no_speech_locale',
  'duplicate_speech_locale',
  'solo_speech_locale',
  'subsections_not_ap',
  'template_separate_ap',
  'draft_unknown_kind',
  'draft_mixed_ap',
  'draft_subsections_not_ap',
  'draft_not_accepted',
  'note_locale_missing',
  'transcript_empty',
  'user_caller_template',
  'specialty_server_only',
  'encounter_date_format',
  'edit_instruction_empty',
  'em_specialty_unknown',
  'users_page_size',
  'phrase_trigger_format',
  'phrase_content_empty',
  'replacement_original_empty',
  'instructions_locale_missing',
  'instructions_empty',
  'file_url_https',
  'patient_message_empty',
] as const;
export type FixedLimitRule = (typeof FIXED_LIMIT_RULES)[number];

/** Rules whose words state numbers (`limit`, and `actual` where the rule says how far over it is). */
export const COUNTED_LIMIT_RULES = [
  'too_long',
  'too_many_items',
  'no_items',
  'too_many_speech_locales',
  'request_id_length',
  'external_id_length',
] as const;
export type CountedLimitRule = (typeof COUNTED_LIMIT_RULES)[number];

export const LIMIT_RULES = [...FIXED_LIMIT_RULES, ...COUNTED_LIMIT_RULES] as const;
export type LimitRule = (typeof LIMIT_RULES)[number];

/** The params of a `limit_exceeded` failure. */
export interface LimitParams {
  readonly rule: LimitRule;
  readonly subject?: LimitSubject;
  readonly limit?: number;
  readonly actual?: number;
}
