import { LIMITS, LimitError, checkMaxChars } from './limits.ts';
import { EM_SPECIALTIES, SOURCE_NOTE_KINDS } from './schemas/common.ts';
import type { CallerKind } from './protocol.ts';
import type { EditNoteRequest, GenerateNoteRequest, Note, StructuredContext } from './schemas/note.ts';

/**
 * Request checks run before anything is sent: the contract's limits and section-kind rules, explained in
 * words a clinician understands. Messages never quote the content.
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
    if (!isAssessmentAndPlanKey(section.key)) {
      throw new LimitError(
        `The "${section.title ?? section.key}" section has problem-by-problem subsections; only Assessment and Plan can.`,
        field,
      );
    }
    if (templateHasMergedAandP === false) {
      throw new LimitError(
        'This template has separate Assessment and Plan sections, so subsections cannot be used.',
        field,
      );
    }
  }
}

/** A source note must not mix ASSESSMENT_AND_PLAN with ASSESSMENT or PLAN; SUBSECTIONS only on ASSESSMENT_AND_PLAN. */
export function checkStructuredContext(context: StructuredContext | undefined): void {
  const sections = context?.source_note?.sections;
  if (!sections) return;
  const kinds = new Set(sections.map((s) => s.kind));
  for (const kind of kinds) {
    if (!(SOURCE_NOTE_KINDS as readonly string[]).includes(kind)) {
      throw new LimitError(
        `The draft note has a section kind this service does not accept (${kind}).`,
        'source_note',
      );
    }
  }
  if (kinds.has('ASSESSMENT_AND_PLAN') && (kinds.has('ASSESSMENT') || kinds.has('PLAN'))) {
    throw new LimitError(
      'The draft note mixes a combined "Assessment and Plan" section with separate Assessment or Plan sections. Use one or the other.',
      'source_note',
    );
  }
  for (const section of sections) {
    if (section.content.type === 'SUBSECTIONS' && section.kind !== 'ASSESSMENT_AND_PLAN') {
      throw new LimitError(
        'Only a combined Assessment and Plan section of the draft note can have subsections.',
        'source_note',
      );
    }
  }
}

function checkClientRequestId(id: string | undefined): void {
  if (id !== undefined && (id.length === 0 || id.length > LIMITS.clientRequestIdChars)) {
    throw new LimitError(
      `A request id must be 1 to ${LIMITS.clientRequestIdChars} characters.`,
      'client_request_id',
    );
  }
}

function checkContext(text: string | undefined): void {
  checkMaxChars(text, LIMITS.unstructuredContextChars, 'unstructured_context', 'The extra context');
}

/** Every check of a generate-note request; returns the body to send for this caller. */
export function checkGenerateNote(request: GenerateNoteRequest, caller: CallerKind): GenerateNoteRequest {
  if (!request.locale) throw new LimitError('Choose the language of the note.', 'locale');
  if (request.transcript_items.length === 0 || request.transcript_items.every((i) => i.text.trim() === '')) {
    throw new LimitError(
      'There is no transcript yet: record the visit before writing a note.',
      'transcript_items',
    );
  }
  if (caller === 'user') {
    for (const field of ['note_template_key', 'note_sections_customization', 'specialty'] as const) {
      if (request[field] !== undefined) {
        throw new LimitError(
          'With a clinician sign-in, the template and section instructions come from your note settings. Change them in Settings.',
          field,
        );
      }
    }
  }
  for (const section of request.note_sections_customization ?? []) {
    checkMaxChars(
      section.custom_instruction,
      LIMITS.customInstructionChars,
      'custom_instruction',
      `The instruction for "${section.section_key}"`,
    );
  }
  checkMaxChars(
    request.note_template_custom_instructions,
    LIMITS.templateCustomInstructionsChars,
    'note_template_custom_instructions',
    'The note-wide instruction',
  );
  checkContext(request.unstructured_context);
  checkStructuredContext(request.structured_context);
  if (request.current_note) checkNoteContent(request.current_note, 'current_note');
  if (request.encounter_date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(request.encounter_date)) {
    throw new LimitError('The encounter date must be a date like 2026-11-22.', 'encounter_date');
  }
  checkClientRequestId(request.client_request_id);
  return request;
}

/** Instruction edits: the instruction is 1–700 characters; context ≤ 10,000. */
export function checkEditNote(request: EditNoteRequest): void {
  if (request.instructions.trim() === '')
    throw new LimitError('Say what to change in the note.', 'instructions');
  checkMaxChars(request.instructions, LIMITS.customInstructionChars, 'instructions', 'The instruction');
  checkContext(request.unstructured_context);
  checkNoteContent(request.note, 'note');
}

/** The nine E/M specialties of version 2026-10-05. */
export function checkEmSpecialty(value: string): void {
  if (!(EM_SPECIALTIES as readonly string[]).includes(value)) {
    throw new LimitError(
      `E/M codes can be computed for these specialties only: ${EM_SPECIALTIES.map((s) => s.toLowerCase().replace(/_/g, ' ')).join(', ')}.`,
      'em_specialty_kind',
    );
  }
}
