/**
 * The words of a refused limit (`limit_exceeded`, English): which rule, about which subject, with which
 * numbers. The closed rules and subjects are preload/contract/limit-codes.ts.
 */
import type {
  CountedLimitRule,
  FixedLimitRule,
  LimitParams,
  LimitSubject,
} from '../../contract/limit-codes.ts';

/** How the person calls what a length or count limit is about. */
export const LIMIT_SUBJECT_TEXT: Readonly<Record<LimitSubject, string>> = {
  extra_context: 'The extra context',
  context_file: 'The context file',
  note_wide_instruction: 'The note-wide instruction',
  template_instruction: 'The template instruction',
  section_instruction: 'The instruction for a section',
  edit_instruction: 'The instruction',
  dot_phrases: 'dot phrases',
  patient_message: 'The message to the patient',
};

/** The words of each rule that takes no numbers. */
export const FIXED_LIMIT_TEXT: Readonly<Record<FixedLimitRule, string>> = {
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
  draft_not_accepted:
    'This template takes no draft assessment or plan. Clear the draft in Visit details, or choose another template.',
  note_locale_missing: 'Choose the language of the note.',
  transcript_empty: 'There is no transcript yet: record the visit before writing a note.',
  user_caller_template:
    'With a clinician sign-in, the template and section instructions come from your note settings. Change them in Settings.',
  specialty_server_only:
    "With a clinician sign-in, the specialty comes from the clinician's account on the service; it is set only with the organization's server connection.",
  encounter_date_format: 'The visit date must be a date like 2026-11-22.',
  edit_instruction_empty: 'Say what to change in the note.',
  em_specialty_unknown:
    'E/M codes can be computed for these specialties only: emergency medicine, family medicine, general medicine, general practice, internal medicine, pediatrics, cardiology, neurology, psychiatry.',
  users_page_size: 'A page of users holds 1 to 100 users.',
  phrase_trigger_format: 'A dot phrase shortcut is one word without spaces, such as .normalexam',
  phrase_content_empty: 'A dot phrase needs text to insert.',
  replacement_original_empty: 'Say which dictated words to replace.',
  instructions_locale_missing: 'Choose the language of the instructions.',
  instructions_empty: 'There are no instructions to translate.',
  patient_message_empty: 'There is nothing to send to the patient.',
  file_url_https: 'The audio file address must be a web address (https://…).',
};

const count = (n: number | undefined): string => (n ?? 0).toLocaleString('en-US');

/** The words of a limit failure. */
export function limitText(params: LimitParams): string {
  const { rule, limit, actual } = params;
  if (Object.hasOwn(FIXED_LIMIT_TEXT, rule)) return FIXED_LIMIT_TEXT[rule as FixedLimitRule];
  const subject = LIMIT_SUBJECT_TEXT[params.subject ?? 'extra_context'];
  switch (rule as CountedLimitRule) {
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
