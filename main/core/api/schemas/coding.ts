import { z } from 'zod';

/** One code (ICD-10 or LOINC). `is_hcc`/`is_mcc` live inside `coding` from 2026-02-20. */
const CodingSchema = z.looseObject({
  code: z.string(),
  display: z.string().nullish(),
  system: z.string().nullish(),
  is_hcc: z.boolean().nullish(),
  is_mcc: z.boolean().nullish(),
});

const ConditionSchema = z.looseObject({
  coding: CodingSchema,
  alternative_coding: z.array(CodingSchema).nullish(),
  clinical_status: z.string().nullish(),
  categories: z.array(z.string()).nullish(),
  subsection_id: z.string().nullish(),
});

const ObservationSchema = z.looseObject({
  display: z.string().nullish(),
  value: z.union([z.string(), z.number()]).nullish(),
  unit: z.string().nullish(),
  // "coding may be one object or a list" (public-facts).
  coding: z.union([CodingSchema, z.array(CodingSchema)]).nullish(),
});

/** ICD-10 conditions and LOINC observations. */
const NormalizedDataSchema = z.looseObject({
  conditions: z.array(ConditionSchema).default([]),
  observations: z.array(ObservationSchema).default([]),
});
export const NormalizedDataResponseSchema = z.union([
  z.looseObject({ normalized_data: NormalizedDataSchema }),
  NormalizedDataSchema,
]);

export type Coding = z.infer<typeof CodingSchema>;
export type NormalizedData = z.infer<typeof NormalizedDataSchema>;

/** Suggested orders: a category discriminator; MEDICATION adds dose fields. */
const SuggestedOrderSchema = z.looseObject({
  category: z.string(),
  description: z.string(),
  details: z.string().nullish(),
  action: z.string().nullish(),
  dose_value: z.union([z.number(), z.string()]).nullish(),
  dose_unit: z.string().nullish(),
  prn: z.boolean().nullish(),
  frequency: z.unknown().optional(),
  route: z.string().nullish(),
});
export const SuggestedOrdersSchema = z.looseObject({ suggested_orders: z.array(SuggestedOrderSchema) });
export type SuggestedOrder = z.infer<typeof SuggestedOrderSchema>;

/** E/M codes: fields not public; modelled loosely, unknown fields kept. */
const EmCodeSchema = z.looseObject({
  code: z.string(),
  description: z.string().nullish(),
});
export const EmCodesSchema = z.looseObject({ codes: z.array(EmCodeSchema).default([]) });
export type EmCodes = z.infer<typeof EmCodesSchema>;

export const PatientInstructionsSchema = z.looseObject({ instructions: z.string() });
