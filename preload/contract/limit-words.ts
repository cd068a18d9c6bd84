/**
 * The words of a refused limit (`limit_exceeded`): which rule, about which subject, with which numbers.
 * Subjects and rules are closed lists, so a limit's params can never carry the content that broke it.
 * Zod-free, like enums.ts, so the renderer can import it.
 */

/** What a length or count limit is about, and how the person calls it. */
export const LIMIT_SUBJECTS = {
  extra_context: 'The extra context',
  context_file: 'The context file',
  note_wide_instruction: 'The note-wide instruction',
  template_instruction: 'The template instruction',
  section_instruction: 'The instruction for a section',
  edit_instruction: 'The instruction',
  dot_phrases: 'dot phrases',
} as const;
export type LimitSubject = keyof typeof LIMIT_SUBJECTS;

/** Rules whose words take no numbers. */
const FIXED = {
  no_speech_locale: 'Choose the language spoken in the visit.',
  duplicate_speech_locale: 'The same language was chosen twice. Choose one language, or two different ones.',
  solo_speech_locale: 'Haitian Creole cannot be combined with a second language. Choose it on its own.',
  subsections_not_ap: 'A section has problem-by-problem subsections; only Assessment and Plan can.',
  template_separate_ap:
    'This template has separate Assessment and Plan sections, so subsections cannot be used.',
  draft_unknown_kind: 'The draft note has a section kind this service does not accept.',
  draft_mixed_ap:
    'The draft note mixes a combined "Assessment and Plan" section with separate Assessment or Plan sections. Use one or the other.',
  draft_subsections_not_ap:
    'Only a combined Assessment and Plan section of the draft note can have subsections.',
  note_locale_missing: 'Choose the language of the note.',
  transcript_empty: 'There is no transcript yet: record the visit before writing a note.',
  user_caller_template:
    'With a clinician sign-in, the template and section instructions come from your note settings. Change them in Settings.',
  encounter_date_format: 'The encounter date must be a date like 2026-11-22.',
  edit_instruction_empty: 'Say what to change in the note.',
  em_specialty_unknown:
    'E/M codes can be computed for these specialties only: emergency medicine, family medicine, general medicine, general practice, internal medicine, pediatrics, cardiology, neurology, psychiatry.',
  users_page_size: 'A page of users holds 1 to 100 users.',
  phrase_trigger_format: 'A dot phrase shortcut is one word without spaces, such as .normalexam',
  phrase_content_empty: 'A dot phrase needs text to insert.',
  replacement_original_empty: 'Say which dictated words to replace.',
  instructions_locale_missing: 'Choose the language of the instructions.',
  instructions_empty: 'There are no instructions to translate.',
  file_url_https: 'The audio file address must be a web address (https://…).',
} as const;

/** Rules whose words state numbers (`limit`, and `actual` where the rule says how far over it is). */
const COUNTED = [
  'too_long',
  'too_many_items',
  'no_items',
  'too_many_speech_locales',
  'request_id_length',
  'external_id_length',
] as const;

export const LIMIT_RULES = [...(Object.keys(FIXED) as (keyof typeof FIXED)[]), ...COUNTED] as const;
export type LimitRule = (typeof LIMIT_RULES)[number];

/** The params of a `limit_exceeded` failure. */
export interface LimitParams {
  readonly rule: LimitRule;
  readonly subject?: LimitSubject;
  readonly limit?: number;
  readonly actual?: number;
}

const count = (n: number | undefined): string => (n ?? 0).toLocaleString('en-US');

/** The words of a limit failure. */
export function limitText(params: LimitParams): string {
  const { rule, limit, actual } = params;
  if (Object.hasOwn(FIXED, rule)) return FIXED[rule as keyof typeof FIXED];
  const subject = LIMIT_SUBJECTS[params.subject ?? 'extra_context'];
  switch (rule as (typeof COUNTED)[number]) {
    case 'too_long':
      return `${subject} is ${count(actual)} characters; the limit is ${count(limit)}. Shorten it by ${count((actual ?? 0) - (limit ?? 0))}.`;
    case 'too_many_items':
      return `${count(actual)} ${subject} were given; at most ${count(limit)} can be sent at once. Split them into batches of ${count(limit)}.`;
    case 'no_items':
      return `No ${subject} were given.`;
    case 'too_many_speech_locales':
      return `At most ${count(limit)} spoken languages can be chosen for one visit.`;
    case 'request_id_length':
      return `A request id must be 1 to ${count(limit)} characters.`;
    case 'external_id_length':
      return `A user's external id must be 1 to ${count(limit)} characters.`;
  }
}
