/** Data crossing IPC for the note and everything derived from it (codes, orders, instructions, copy). */
import { z } from 'zod';
import { COPY_NAMES_LIMITS } from './medication-codes.ts';
import {
  EM_MDM_LEVELS,
  EM_PATIENT_TYPES,
  EM_SPECIALTY_KINDS,
  EM_TOTAL_MINUTES,
  PATIENT_SEXES,
  SPEECH_LOCALES,
} from './enums.ts';
import { INPUT_LIMITS } from './limits.ts';
import { DictationFlagSchema } from './dto-dictation.ts';

export const SubsectionSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });
/** TEXT everywhere; SUBSECTIONS only on a merged Assessment and Plan; `unsupported` for a newer type. */
export const SectionContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TEXT'), text: z.string() }),
  z.object({ type: z.literal('SUBSECTIONS'), subsections: z.array(SubsectionSchema) }),
  z.object({ type: z.literal('UNSUPPORTED'), originalType: z.string() }),
]);
export type SectionContent = z.infer<typeof SectionContentSchema>;

export const NoteSectionSchema = z.object({
  key: z.string(),
  /** The service's title; null when it gave none, and the window names the section from its key. */
  title: z.string().nullable(),
  content: SectionContentSchema,
});
export type NoteSection = z.infer<typeof NoteSectionSchema>;

/**
 * A check's flag on a section the clinician changed, or the note written again changed
 * (main/features/note/note-checks.ts): which section, and `rewritten` when the new version raised it.
 */
export const NoteFlagSchema = DictationFlagSchema.extend({
  section: z.string().max(200),
  rewritten: z.literal(true).optional(),
});
export type NoteFlag = z.infer<typeof NoteFlagSchema>;

export const NoteSchema = z.object({
  title: z.string().nullable(),
  locale: z.string(),
  templateKey: z.string(),
  sections: z.array(NoteSectionSchema),
  /** Bumped on every change, so a stale edit can be told apart. */
  revision: z.number().int().nonnegative(),
  /** Changed by the clinician (by hand or by instruction) since it was written: writing again asks first. */
  edited: z.boolean().optional(),
  /** The checks' open flags on sections changed by hand or by the note written again (none: absent). */
  flags: z.array(NoteFlagSchema).optional(),
});
export type Note = z.infer<typeof NoteSchema>;

export const TemplateSchema = z.object({ key: z.string(), title: z.string(), description: z.string() });
export type Template = z.infer<typeof TemplateSchema>;

export const TemplatesSchema = z.object({
  templates: z.array(TemplateSchema),
  /** From the note settings; the visit may choose another. */
  defaultKey: z.string().nullable(),
  noteLocales: z.array(z.string()),
  /** The stored note settings' (or IT's) language; null when none: the window picks from its own language. */
  defaultLocale: z.string().nullable(),
});
export type Templates = z.infer<typeof TemplatesSchema>;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What the clinician tells the service about the visit beyond the transcript (the Note screen's "Visit
 * details"). Each is optional; main turns them into the contract's `encounter_date`, `specialty` and
 * `structured_context` (patient demographics, diagnoses, a draft source note).
 */
export const VisitDetailsSchema = z.object({
  /** The visit's date; null: the date the visit was recorded (a recovered visit keeps its own day). */
  encounterDate: IsoDate.nullable(),
  /** The clinician's specialty (server connections only: a clinician sign-in has it on the service). */
  specialty: z.string().max(200).nullable(),
  patientAge: z.number().int().min(0).max(130).nullable(),
  patientDateOfBirth: IsoDate.nullable(),
  patientSex: z.enum(PATIENT_SEXES).nullable(),
  /** The encounter's diagnoses, ICD-10 codes with their names. */
  diagnoses: z
    .array(z.object({ code: z.string().trim().min(1).max(20), display: z.string().max(300) }))
    .max(100),
  /** The clinician's own draft assessment and plan, sent as a DRAFT source note. */
  draftPlan: z.string().max(INPUT_LIMITS.extraContextChars).nullable(),
});
export type VisitDetails = z.infer<typeof VisitDetailsSchema>;

export const GenerateNoteSchema = z.object({
  templateKey: z.string().nullable(),
  locale: z.string().nullable(),
  /** `async` reports progress; for long visits. */
  mode: z.enum(['sync', 'async']),
  /** Extra context for a regeneration. */
  extraContext: z
    .string()
    .max(INPUT_LIMITS.extraContextChars * 2)
    .nullable(),
  /** Visit details; also used for the codes and orders of the note written now. */
  details: VisitDetailsSchema.nullish(),
});
export type GenerateNote = z.infer<typeof GenerateNoteSchema>;

export const NoteProgressSchema = z.object({
  stage: z.enum(['queued', 'working', 'done', 'failed']),
  /** Seconds since the request started. */
  elapsedSec: z.number().nonnegative(),
});
export type NoteProgress = z.infer<typeof NoteProgressSchema>;

export const EditSectionSchema = z.object({
  revision: z.number().int(),
  key: z.string(),
  content: SectionContentSchema,
});
export const EditByInstructionSchema = z.object({ instructions: z.string().min(1) });
/** Keeps a flag on a section as written (`id`: the flag's). */
export const KeepNoteFlagSchema = z.object({ section: z.string().max(200), id: z.string().max(200) });
export const UndoInstructionSchema = z.object({ revision: z.number().int() });

export const CodingSchema = z.object({
  code: z.string(),
  display: z.string(),
  system: z.enum(['ICD-10', 'LOINC', 'other']),
  isHcc: z.boolean(),
  isMcc: z.boolean(),
});
export type Coding = z.infer<typeof CodingSchema>;

export const ConditionSchema = z.object({
  coding: CodingSchema,
  alternatives: z.array(CodingSchema),
  clinicalStatus: z.string().nullable(),
});
export const ObservationSchema = z.object({
  display: z.string(),
  value: z.string().nullable(),
  unit: z.string().nullable(),
  codes: z.array(CodingSchema),
});
export const CodesSchema = z.object({
  conditions: z.array(ConditionSchema),
  observations: z.array(ObservationSchema),
});
export type Codes = z.infer<typeof CodesSchema>;
export type Condition = z.infer<typeof ConditionSchema>;
export type Observation = z.infer<typeof ObservationSchema>;

export const EmRequestSchema = z.object({ specialty: z.string() });
/** The E/M inputs a clinician can change and recompute from (`compute-em-codes`; GUESS beyond the specialty). */
export const EmInputsSchema = z.object({
  specialty: z.enum(EM_SPECIALTY_KINDS),
  patientType: z.enum(EM_PATIENT_TYPES),
  mdmLevel: z.enum(EM_MDM_LEVELS).nullable(),
  totalMinutes: z.number().int().min(EM_TOTAL_MINUTES.min).max(EM_TOTAL_MINUTES.max).nullable(),
});
export type EmInputs = z.infer<typeof EmInputsSchema>;
export const EmCodesSchema = z.object({
  codes: z.array(z.object({ code: z.string(), description: z.string() })),
  specialties: z.array(z.string()),
  /** The inputs the service says it chose the codes from, when it says (null: not given). */
  inputs: EmInputsSchema.nullable(),
});
export type EmCodes = z.infer<typeof EmCodesSchema>;
export const EmComputeSchema = z.object({ inputs: EmInputsSchema });

export const OrderSchema = z.object({
  description: z.string(),
  details: z.string().nullable(),
  /**
   * Medication details, when the order is a medication. `action`, `route` and `frequency` are the service's
   * values as sent (START, ORAL, BID, "once a day"): the window names them (preload/words medicationName).
   */
  medication: z
    .object({
      action: z.string().nullable(),
      dose: z.string().nullable(),
      frequency: z.string().nullable(),
      route: z.string().nullable(),
      prn: z.boolean(),
    })
    .nullable(),
});
export const OrdersSchema = z.object({
  /** By the category's code (LABORATORY_TEST): the window names it in its language (preload/words). */
  categories: z.array(z.object({ category: z.string(), orders: z.array(OrderSchema) })),
});
export type Orders = z.infer<typeof OrdersSchema>;
export type Order = z.infer<typeof OrderSchema>;

export const InstructionsRequestSchema = z.object({
  locale: z.enum(SPEECH_LOCALES),
  recipient: z.enum(['PATIENT', 'PARENT']),
});
export const TranslateRequestSchema = z.object({
  fromLocale: z.enum(SPEECH_LOCALES),
  toLocale: z.enum(SPEECH_LOCALES),
});
export const InstructionsSchema = z.object({
  text: z.string(),
  locale: z.string(),
  /** True for a machine translation, whose disclaimer stays in `text`. */
  translated: z.boolean(),
});
export type Instructions = z.infer<typeof InstructionsSchema>;

/**
 * The window's names for the codes a copy heads with (an untitled section's key, an order category), and for
 * a medication order's values (`action:START`, `route:ORAL`, `frequency:BID`, `prn`: see
 * medicationCopyKey), so the copy reads as the window does; main keeps no words of its own. Bounded: codes
 * and headings are short.
 */
export const CopyNamesSchema = z
  .record(z.string().max(COPY_NAMES_LIMITS.key), z.string().max(COPY_NAMES_LIMITS.name))
  .refine((names) => Object.keys(names).length <= COPY_NAMES_LIMITS.names, 'at most 100 names');
export const CopyRequestSchema = z.object({
  /** Null copies the whole note. */
  sectionKey: z.string().nullable(),
  /** Titles for the sections the service left untitled, by key. */
  names: CopyNamesSchema.optional(),
});
/** Codes or orders as last shown on the Codes screen: all (index null) or the item at `index` as listed. */
export const CopyCodesRequestSchema = z.object({
  what: z.enum(['codes', 'orders']),
  index: z.number().int().min(0).max(10_000).nullable(),
  /** Headings of the order categories, by code, and the medication values' names (see CopyNamesSchema). */
  names: CopyNamesSchema.optional(),
});
export type CopyCodesRequest = z.infer<typeof CopyCodesRequestSchema>;
export const CopyResultSchema = z.object({
  /** Characters written (never the text itself: it stays in the main process and the clipboard). */
  chars: z.number().int().nonnegative(),
  transient: z.boolean(),
});
export type CopyResult = z.infer<typeof CopyResultSchema>;
