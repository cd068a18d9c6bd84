/**
 * What a clinician may tell the service about the visit beyond the transcript, in the contract's wire
 * shapes: `patient_demographics`, `encounter_diagnoses_coding` and a draft `source_note` (structured
 * context of generate-note, normalized data and suggested orders). These schemas read them from outside
 * (the CLI's `--patient`, `--diagnoses` and `--source-note` files; their refusals as facts by
 * field-problems.ts, worded by preload/words); they are strict, so
 * a misspelt field is named rather than silently sent and refused by the service.
 *
 * The contract names the three objects but shows few of their fields: `sex` with the value FEMALE, the
 * source note's `type` DRAFT and its `{kind, content}` sections. The rest is a guess, marked so here:
 * demographics `age`/`date_of_birth` and `sex` MALE/OTHER/UNKNOWN, and a diagnosis coding as
 * `{code, display?, system?}` (the shape of normalized data's `coding`).
 */
import { z } from 'zod';
import { SOURCE_NOTE_KINDS } from './common.ts';
import { PATIENT_SEXES } from '../../../../preload/contract/enums.ts';

/** `YYYY-MM-DD` that is a real calendar date. */
export const IsoDateSchema = z.iso.date();

export const PatientDemographicsSchema = z.strictObject({
  /** Guess: age in whole years. */
  age: z.number().int().min(0).max(130).optional(),
  date_of_birth: IsoDateSchema.optional(),
  // Guess beyond FEMALE (the one value the contract shows).
  sex: z.enum(PATIENT_SEXES).optional(),
});
export type PatientDemographics = z.infer<typeof PatientDemographicsSchema>;

/** One diagnosis of the encounter (guess: the `coding` shape normalized data answers with). */
const DiagnosisCodingSchema = z.strictObject({
  code: z.string().trim().min(1),
  display: z.string().optional(),
  system: z.string().optional(),
});
export const DiagnosesSchema = z.array(DiagnosisCodingSchema).max(100);
export type DiagnosisCoding = z.infer<typeof DiagnosisCodingSchema>;

const SourceContentSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('TEXT'), text: z.string() }),
  z.strictObject({
    type: z.literal('SUBSECTIONS'),
    subsections: z.array(z.strictObject({ id: z.string().min(1), title: z.string(), text: z.string() })),
  }),
]);

/** A draft note (`structured_context.source_note`, 2026-08-25 shape); kind rules are validate.ts's. */
export const SourceNoteSchema = z.strictObject({
  type: z.literal('DRAFT'),
  sections: z.array(z.strictObject({ kind: z.enum(SOURCE_NOTE_KINDS), content: SourceContentSchema })).min(1),
});
export type SourceNote = z.infer<typeof SourceNoteSchema>;

/**
 * The visit details one note request carries (the window's Visit details and the CLI's flags both become
 * this): each becomes its contract field, nothing else is sent.
 */
export interface VisitContext {
  /** `encounter_date`: the visit's date, so a visit written up on a later day is not dated today. */
  readonly encounterDate?: string;
  /** `specialty` (server callers only). */
  readonly specialty?: string;
  readonly patient?: PatientDemographics;
  readonly diagnoses?: readonly DiagnosisCoding[];
  readonly sourceNote?: SourceNote;
}
