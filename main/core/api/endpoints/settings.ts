import { LIMITS, checkMaxChars } from '../limits.ts';
import {
  CustomizationSchema,
  NoteSettingsSchema,
  TemplateDetailSchema,
  TemplateListSchema,
  type Customization,
  type NoteSettings,
  type TemplateDetail,
  type TemplateSummary,
} from '../schemas/account.ts';
import { call, enc, requireUser, type CallOptions, type CoreContext } from './context.ts';

/** The contract's server template paths carry `?locale=`; the note default is ENGLISH_US. */
const DEFAULT_NOTE_LOCALE = 'ENGLISH_US';

/** Templates available to the caller: the organization's (server) or the user's (user). */
export async function listTemplates(
  ctx: CoreContext,
  locale: string = DEFAULT_NOTE_LOCALE,
  options: CallOptions = {},
): Promise<TemplateSummary[]> {
  const path = ctx.auth.caller === 'server' ? '/generate-note/templates' : '/note-settings/templates';
  const answer = await call(ctx, 'GET', path, TemplateListSchema, 'list-templates', {
    query: { locale },
    signal: options.signal,
  });
  return answer.templates;
}

/** One template's metadata, sections and supported source-note kinds. */
export async function getTemplate(
  ctx: CoreContext,
  key: string,
  locale: string = DEFAULT_NOTE_LOCALE,
  options: CallOptions = {},
): Promise<TemplateDetail> {
  const path =
    ctx.auth.caller === 'server'
      ? `/generate-note/templates/${enc(key)}`
      : `/note-settings/templates/${enc(key)}`;
  return call(ctx, 'GET', path, TemplateDetailSchema, 'get-template', {
    query: { locale },
    signal: options.signal,
  });
}

/** The user's note locale and template (user callers). */
export async function getNoteSettings(ctx: CoreContext, options: CallOptions = {}): Promise<NoteSettings> {
  requireUser(ctx, 'note-settings');
  return call(ctx, 'GET', '/note-settings', NoteSettingsSchema, 'get-note-settings', options);
}

export async function updateNoteSettings(
  ctx: CoreContext,
  patch: NoteSettings,
  options: CallOptions = {},
): Promise<NoteSettings> {
  requireUser(ctx, 'note-settings');
  return call(ctx, 'PATCH', '/note-settings', NoteSettingsSchema, 'update-note-settings', {
    body: patch,
    idempotent: true,
    signal: options.signal,
  });
}

export async function getCustomization(
  ctx: CoreContext,
  templateKey: string,
  options: CallOptions = {},
): Promise<Customization> {
  requireUser(ctx, 'template-customization');
  return call(
    ctx,
    'GET',
    `/note-settings/templates/${enc(templateKey)}/customization`,
    CustomizationSchema,
    'get-customization',
    options,
  );
}

/** Per-section and note-wide instructions, each at most 700 characters. */
export async function updateCustomization(
  ctx: CoreContext,
  templateKey: string,
  customization: Customization,
  options: CallOptions = {},
): Promise<Customization> {
  requireUser(ctx, 'template-customization');
  checkMaxChars(
    customization.note_template_custom_instructions,
    LIMITS.templateCustomInstructionsChars,
    'note_template_custom_instructions',
    'note_wide_instruction',
  );
  for (const section of customization.sections) {
    checkMaxChars(
      section.custom_instruction,
      LIMITS.customInstructionChars,
      'custom_instruction',
      'section_instruction',
    );
  }
  return call(
    ctx,
    'PATCH',
    `/note-settings/templates/${enc(templateKey)}/customization`,
    CustomizationSchema,
    'update-customization',
    {
      body: customizationBody(customization),
      idempotent: true,
      signal: options.signal,
    },
  );
}

/** Only the fields the endpoint takes: a customization read back carries read-only fields too. */
function customizationBody(customization: Customization) {
  return {
    note_template_custom_instructions: customization.note_template_custom_instructions ?? null,
    sections: customization.sections.map(({ section_key, style, custom_instruction }) => ({
      section_key,
      ...(style != null ? { style } : {}),
      ...(custom_instruction != null ? { custom_instruction } : {}),
    })),
  };
}
