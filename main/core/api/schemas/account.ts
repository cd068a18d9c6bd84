import { z } from 'zod';

/** `/oauth/token` answer. */
export const ServerTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});
/** `/jwt/authenticate/{id}` and `/jwt/refresh` answers. */
export const UserTokensSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type UserTokens = z.infer<typeof UserTokensSchema>;

export const UserSchema = z.looseObject({
  id: z.string(),
  activated: z.boolean().optional(),
  external_id: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  created_at: z.string().optional(),
  specialty: z.string().nullish(),
});
export const UserListSchema = z.looseObject({
  data: z.array(UserSchema),
  has_more: z.boolean().optional(),
  next_cursor: z.string().nullish(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * A template's key: public facts list templates as `{key, …}`, while the contract names the field
 * `template_key` (template detail, notes). A service may use either, so both are read and the key is kept
 * in `key` (summaries) and `template_key` (detail); one of them must be there.
 */
const keyed = {
  key: z.string().optional(),
  template_key: z.string().optional(),
};
const hasKey = (t: { key?: string; template_key?: string }) => (t.key ?? t.template_key) !== undefined;
const keyMissing = { message: 'a template needs key or template_key', path: ['key'] };

const TemplateSummarySchema = z
  .looseObject({ ...keyed, title: z.string().nullish(), description: z.string().nullish() })
  .refine(hasKey, keyMissing)
  .transform((t) => ({ ...t, key: (t.key ?? t.template_key)! }));
export const TemplateListSchema = z.looseObject({ templates: z.array(TemplateSummarySchema) });
export const TemplateDetailSchema = z
  .looseObject({
    ...keyed,
    title: z.string().nullish(),
    sections: z.array(z.looseObject({ key: z.string(), title: z.string().nullish() })).default([]),
    supported_source_note_section_kinds: z.array(z.string()).default([]),
  })
  .refine(hasKey, keyMissing)
  .transform((t) => ({ ...t, template_key: (t.template_key ?? t.key)! }));
export type TemplateSummary = z.infer<typeof TemplateSummarySchema>;
export type TemplateDetail = z.infer<typeof TemplateDetailSchema>;

export const NoteSettingsSchema = z.looseObject({
  note_template_key: z.string().nullish(),
  note_locale: z.string().nullish(),
});
export const CustomizationSchema = z.looseObject({
  note_template_custom_instructions: z.string().nullish(),
  sections: z
    .array(
      z.looseObject({
        section_key: z.string(),
        style: z.string().nullish(),
        custom_instruction: z.string().nullish(),
      }),
    )
    .default([]),
});
export type NoteSettings = z.infer<typeof NoteSettingsSchema>;
export type Customization = z.infer<typeof CustomizationSchema>;

/** Dot phrases and text replacements: fields not public; trigger/replacement names are ours to model. */
export const DotPhraseSchema = z.looseObject({
  id: z.string(),
  trigger: z.string().optional(),
  content: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
/** A page of a list; a clinician's phrases may fill more than one. */
const page = { has_more: z.boolean().optional(), next_cursor: z.string().nullish() };
export const DotPhraseListSchema = z.looseObject({ data: z.array(DotPhraseSchema), ...page });
export const TextReplacementSchema = z.looseObject({
  id: z.string(),
  original_text: z.string().optional(),
  replacement_text: z.string().optional(),
});
export const TextReplacementListSchema = z.looseObject({ data: z.array(TextReplacementSchema), ...page });
export type DotPhrase = z.infer<typeof DotPhraseSchema>;
export type TextReplacement = z.infer<typeof TextReplacementSchema>;
