/**
 * The one generate-note request builder: the app's note workflow and `scribe note` both turn what they
 * have (a transcript, a locale, a template, extra context, the note being revised) into a request here,
 * so the same input gives the same request and the same refusals with the same codes, all before anything
 * is sent (and, for the CLI, before it even connects). Node-only, no Electron.
 */
import { LIMITS, LimitError, checkMaxChars } from '../../core/api/limits.ts';
import type { CallerKind } from '../../core/api/protocol.ts';
import type {
  GenerateNoteRequest,
  Note,
  StructuredContext,
  TranscriptItemInput,
} from '../../core/api/schemas/note.ts';
import type { VisitContext } from '../../core/api/schemas/visit-context.ts';
import { checkGenerateNote } from '../../core/api/validate.ts';
import { Failure } from '../../base/failure.ts';
import type { CustomizationStore, SavedCustomization } from '../settings/ports.ts';

/** What a note is written from, whichever shell asks. */
export interface NoteRequestInput {
  /** Who signs the request: a user caller's template and customization come from its note settings. */
  readonly caller: CallerKind;
  readonly locale: string;
  readonly transcript: readonly TranscriptItemInput[];
  /** The template to use: a server caller names one; a user caller naming one is refused. */
  readonly templateKey?: string;
  /** Extra context (free text, at most 10,000 characters); empty text is not sent. */
  readonly context?: string;
  /** How the refusal of over-long context names it: the app's field or the CLI's file. */
  readonly contextSubject?: 'extra_context' | 'context_file';
  /** The note being written again: sent with extra context only (the service revises it). */
  readonly currentNote?: Note | null;
  /** The visit's date, specialty, patient, diagnoses and draft plan: each sent as its contract field. */
  readonly visit?: VisitContext;
}

/** `structured_context` from the visit details; none when there is nothing in it. */
function structuredContextOf(visit: VisitContext | undefined): StructuredContext | undefined {
  const context: StructuredContext = {
    ...(visit?.patient && Object.keys(visit.patient).length > 0
      ? { patient_demographics: visit.patient }
      : {}),
    ...(visit?.diagnoses && visit.diagnoses.length > 0
      ? { encounter_diagnoses_coding: [...visit.diagnoses] }
      : {}),
    ...(visit?.sourceNote ? { source_note: visit.sourceNote } : {}),
  };
  return Object.keys(context).length > 0 ? context : undefined;
}

/** What normalized data takes of the visit details (the contract: `encounter_diagnoses_coding`). */
export function codesContextOf(
  visit: VisitContext | undefined,
): Pick<StructuredContext, 'encounter_diagnoses_coding'> {
  const { encounter_diagnoses_coding } = structuredContextOf(visit) ?? {};
  return encounter_diagnoses_coding ? { encounter_diagnoses_coding } : {};
}

/** What suggested orders take: diagnoses, demographics and the draft (only its A&P is used), at the top level. */
export function ordersContextOf(visit: VisitContext | undefined): StructuredContext {
  return structuredContextOf(visit) ?? {};
}

/** Where a server caller's saved customization is read (the service keeps it for user callers only). */
export type CustomizationLookup = Pick<CustomizationStore, 'get'>;

/**
 * A server caller's saved customization as generate-note fields (public facts:
 * `note_sections_customization` is an array of `{section_key, style?, custom_instruction?}`): only sections
 * with a style other than AUTO or an instruction, and a note-wide instruction when there is one.
 */
function customizationFields(
  saved: SavedCustomization | undefined,
): Pick<GenerateNoteRequest, 'note_sections_customization' | 'note_template_custom_instructions'> {
  if (!saved) return {};
  const sections = saved.sections
    .filter((s) => s.style !== 'AUTO' || s.instruction.trim() !== '')
    .map((s) => ({
      section_key: s.key,
      ...(s.style !== 'AUTO' ? { style: s.style } : {}),
      ...(s.instruction.trim() !== '' ? { custom_instruction: s.instruction } : {}),
    }));
  return {
    ...(sections.length > 0 ? { note_sections_customization: sections } : {}),
    ...(saved.templateInstruction.trim() !== ''
      ? { note_template_custom_instructions: saved.templateInstruction }
      : {}),
  };
}

/**
 * Refusals that need neither a file nor the service: a user caller naming a template
 * (`limit_exceeded`/`user_caller_template`), a transcript without text (`transcript_too_short`), and
 * over-long extra context (`limit_exceeded`/`too_long`).
 */
function checkNoteInput(input: NoteRequestInput): void {
  if (input.caller === 'user' && input.templateKey !== undefined)
    throw new LimitError('user_caller_template', 'note_template_key');
  if (!input.transcript.some((item) => item.text.trim() !== '')) throw new Failure('transcript_too_short');
  const subject = input.contextSubject ?? 'extra_context';
  checkMaxChars(input.context, LIMITS.unstructuredContextChars, 'unstructured_context', subject);
}

/**
 * The request to send, after every client-side check: the input's own rules first, then the saved
 * customization (server callers), then every rule of the contract (limits, section kinds, SUBSECTIONS
 * only on Assessment and Plan).
 */
export async function buildNoteRequest(
  input: NoteRequestInput,
  customizations?: CustomizationLookup,
): Promise<GenerateNoteRequest> {
  checkNoteInput(input);
  const { caller, templateKey, context } = input;
  const server = caller === 'server';
  const saved = server && templateKey !== undefined ? await customizations?.get(templateKey) : undefined;
  const structured = structuredContextOf(input.visit);
  const request: GenerateNoteRequest = {
    locale: input.locale,
    transcript_items: [...input.transcript],
    ...(templateKey !== undefined ? { note_template_key: templateKey } : {}),
    ...(server ? customizationFields(saved) : {}),
    ...(context ? { unstructured_context: context } : {}),
    ...(structured ? { structured_context: structured } : {}),
    ...(context && input.currentNote ? { current_note: input.currentNote } : {}),
    // The contract's top-level field (the vendor's sample nests it; the service takes either, one is sent).
    ...(input.visit?.encounterDate ? { encounter_date: input.visit.encounterDate } : {}),
    ...(input.visit?.specialty?.trim() ? { specialty: input.visit.specialty.trim() } : {}),
  };
  return checkGenerateNote(request, caller);
}

/** True for the refusal of a template named by a user caller. */
export function isUserTemplateRefusal(error: unknown): boolean {
  return error instanceof LimitError && error.params?.rule === 'user_caller_template';
}
