import { LIMITS, LimitError, checkMaxChars } from './limits.ts';
import { EM_SPECIALTIES, SOURCE_NOTE_KINDS } from './schemas/common.ts';
import { IsoDateSchema } from './schemas/visit-context.ts';
import type { CallerKind } from './protocol.ts';
import type { EditNoteRequest, GenerateNoteRequest, Note, StructuredContext } from './schemas/note.ts';

/**
 * Request checks run before anything is sent: the contract's limits and section-kind rules, explained in
 * words a clinician understands (chosen where they are shown, from preload/words). Failures never quote the content.
 */

/** True for a section key that names the merged Assessment and Plan section. */
export function isAssessmentAndPlanKey(key: string): boolean {
  return (
    key
      .toUpperCase()
      .replace(/[^A-Z]+/g, '_')
      .replace(/^_|_$/g, '') === 'ASSESSMENT_AND_PLAN'
  );
}

/** SUBSECTIONS only on Assessment and Plan (and, when known, only on a template with a merged A&P section). */
export function checkNoteContent(note: Note, field: string, templateHasMergedAandP?: boolean): void {
  for (const section of note.sections) {
    if (section.content.type !== 'SUBSECTIONS') continue;
    if (!isAssessmentAndPlanKey(section.key)) throw new LimitError('subsections_not_ap', field);
    if (templateHasMergedAandP === false) throw new LimitError('template_separate_ap', field);
  }
}

/** A source note must not mix ASSESSMENT_AND_PLAN with ASSESSMENT or PLAN; SUBSECTIONS only on ASSESSMENT_AND_PLAN. */
export function checkStructuredContext(context: StructuredContext | undefined): void {
  const sections = context?.source_note?.sections;
  if (!sections) return;
  const kinds = new Set(sections.map((s) => s.kind));
  for (const kind of kinds) {
    if (!(SOURCE_NOTE_KINDS as readonly string[]).includes(kind))
      throw new LimitError('draft_unknown_kind', 'source_note');
  }
  if (kinds.has('ASSESSMENT_AND_PLAN') && (kinds.has('ASSESSMENT') || kinds.has('PLAN')))
    throw new LimitError('draft_mixed_ap', 'source_note');
  for (const section of sections) {
    if (section.content.type === 'SUBSECTIONS' && section.kind !== 'ASSESSMENT_AND_PLAN')
      throw new LimitError('draft_subsections_not_ap', 'source_note');
  }
}

function checkClientRequestId(id: string | undefined): void {
  if (id !== undefined && (id.length === 0 || id.length > LIMITS.clientRequestIdChars)) {
    throw new LimitError(
      { rule: 'request_id_length', limit: LIMITS.clientRequestIdChars, actual: id.length },
      'client_request_id',
    );
  }
}

function checkContext(text: string | undefined): void {
  checkMaxChars(text, LIMITS.unstructuredContextChars, 'unstructured_context', 'extra_context');
}

/** What must be there before a note can be written, and what a clinician sign-in may not send. */
function checkNoteBasics(request: GenerateNoteRequest, caller: CallerKind): void {
  if (!request.locale) throw new LimitError('note_locale_missing', 'locale');
  if (request.transcript_items.length === 0 || request.transcript_items.every((i) => i.text.trim() === ''))
    throw new LimitError('transcript_empty', 'transcript_items');
  if (caller !== 'user') return;
  for (const field of ['note_template_key', 'note_sections_customization'] as const) {
    if (request[field] !== undefined) throw new LimitError('user_caller_template', field);
  }
  if (request.specialty !== undefined) throw new LimitError('specialty_server_only', 'specialty');
}

/** Every check of a generate-note request; returns the body to send for this caller. */
export function checkGenerateNote(request: GenerateNoteRequest, caller: CallerKind): GenerateNoteRequest {
  checkNoteBasics(request, caller);
  for (const section of request.note_sections_customization ?? []) {
    checkMaxChars(
      section.custom_instruction,
      LIMITS.customInstructionChars,
      'custom_instruction',
      'section_instruction',
    );
  }
  checkMaxChars(
    request.note_template_custom_instructions,
    LIMITS.templateCustomInstructionsChars,
    'note_template_custom_instructions',
    'note_wide_instruction',
  );
  checkContext(request.unstructured_context);
  checkStructuredContext(request.structured_context);
  if (request.current_note) checkNoteContent(request.current_note, 'current_note');
  if (request.encounter_date !== undefined && !IsoDateSchema.safeParse(request.encounter_date).success)
    throw new LimitError('encounter_date_format', 'encounter_date');
  checkClientRequestId(request.client_request_id);
  return request;
}

/** Instruction edits: the instruction is 1–700 characters; context ≤ 10,000. */
export function checkEditNote(request: EditNoteRequest): void {
  if (request.instructions.trim() === '') throw new LimitError('edit_instruction_empty', 'instructions');
  checkMaxChars(request.instructions, LIMITS.customInstructionChars, 'instructions', 'edit_instruction');
  checkContext(request.unstructured_context);
  checkNoteContent(request.note, 'note');
}

/** The nine E/M specialties of version 2026-10-05. */
export function checkEmSpecialty(value: string): void {
  if (!(EM_SPECIALTIES as readonly string[]).includes(value))
    throw new LimitError('em_specialty_unknown', 'em_specialty_kind');
}
