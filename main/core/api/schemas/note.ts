import { z } from 'zod';
import type { SpeakerType } from './common.ts';
import type { DiagnosisCoding, PatientDemographics, SourceNote } from './visit-context.ts';

/** Text the service left out (missing or null) reads as empty, never as a crash further on. */
const textOrEmpty = z
  .string()
  .nullish()
  .transform((text) => text ?? '');

/** `{type: TEXT, text}` content of a note section. */
const TextContentSchema = z.looseObject({ type: z.literal('TEXT'), text: textOrEmpty });
/** `{type: SUBSECTIONS, subsections}`: only on a merged Assessment and Plan section. */
const SubsectionSchema = z.looseObject({
  id: z.string().nullish(),
  title: textOrEmpty,
  text: textOrEmpty,
});
const SubsectionsContentSchema = z.looseObject({
  type: z.literal('SUBSECTIONS'),
  // A subsection without an id gets one from its place: the app keys and edits subsections by id.
  subsections: z
    .array(SubsectionSchema)
    .transform((subs) => subs.map((sub, i) => ({ ...sub, id: sub.id ?? `subsection-${i + 1}` }))),
});
/** The content types this client reads; anything else is a newer type. */
const KNOWN_CONTENT_TYPES: readonly string[] = ['TEXT', 'SUBSECTIONS'];
/**
 * A content type this client does not know yet: kept, shown as unsupported, never a crash. It must not
 * match TEXT or SUBSECTIONS, or malformed known content (a number for text) would slip through as "unknown"
 * and fail later where it is read.
 */
const UnknownContentSchema = z.looseObject({
  type: z.string().refine((type) => !KNOWN_CONTENT_TYPES.includes(type), 'known content type, malformed'),
});
const SectionContentSchema = z.union([TextContentSchema, SubsectionsContentSchema, UnknownContentSchema]);

const NoteSectionSchema = z.looseObject({
  key: z.string(),
  title: z.string().nullish(),
  content: SectionContentSchema,
});

/** A generated note (version 2026-10-05 shape). */
export const NoteSchema = z.looseObject({
  title: z.string().nullish(),
  locale: z.string(),
  template_key: z.string(),
  sections: z.array(NoteSectionSchema),
});

export type NoteSection = z.infer<typeof NoteSectionSchema>;
export type Note = z.infer<typeof NoteSchema>;

/** A final transcript item as note generation takes it (sent, never parsed: a plain type). */
export interface TranscriptItemInput {
  text: string;
  /** One of SPEAKER_TYPES, or a value a newer service knows (open, like the response schemas). */
  speaker_type: SpeakerType | (string & {});
  start_offset_ms?: number;
  end_offset_ms?: number;
}

/** `structured_context` of generate-note (visit-context.ts has its parts' shapes). */
export interface StructuredContext {
  encounter_diagnoses_coding?: DiagnosisCoding[];
  patient_demographics?: PatientDemographics;
  source_note?: SourceNote;
}

/** How a section is written: the public values of `style`. */
type SectionStyle = 'AUTO' | 'PARAGRAPH' | 'BULLET_POINTS';

/**
 * `note_sections_customization` of one generate-note request (server callers): an **array** of
 * `{section_key, style?, custom_instruction?}` (public facts, confirmed from the vendor's own client: the
 * real service refuses an object keyed by section).
 */
type SectionsCustomization = Array<{
  section_key: string;
  style?: SectionStyle;
  custom_instruction?: string;
}>;

/** The generate-note request (current version). Server-only fields are dropped for user callers. */
export interface GenerateNoteRequest {
  locale: string;
  transcript_items: TranscriptItemInput[];
  note_template_key?: string;
  note_sections_customization?: SectionsCustomization;
  note_template_custom_instructions?: string | null;
  unstructured_context?: string;
  structured_context?: StructuredContext;
  current_note?: Note;
  encounter_date?: string;
  specialty?: string;
  client_request_id?: string;
}

/** `/generate-note` answers with the note (possibly wrapped as `{note}` by some versions). */
export const GenerateNoteResponseSchema = z.union([z.looseObject({ note: NoteSchema }), NoteSchema]);

/** Edit a note by instruction. */
export interface EditNoteRequest {
  note: Note;
  instructions: string;
  unstructured_context?: string;
  transcript_items?: TranscriptItemInput[];
}
