import { z } from 'zod';
import { badRequest, notFound } from '../errors.ts';
import { parseWith, type Route, type RouteContext } from '../router.ts';
import {
  noteLocale,
  sectionCustomization,
  templateCustomInstructions,
  type SectionCustomization,
} from '../schemas.ts';
import {
  TEMPLATES,
  findTemplate,
  templateDetail,
  templateSummary,
  type Template,
} from '../clinical/templates.ts';
import { userIdOf, type ServiceDeps } from './deps.ts';

const localeQuery = z.strictObject({ locale: noteLocale });
const settingsPatch = z.strictObject({
  note_template_key: z.string().min(1).optional(),
  note_locale: noteLocale.optional(),
});
const customizationPatch = z.strictObject({
  note_template_custom_instructions: templateCustomInstructions.nullish(),
  sections: z.array(sectionCustomization).optional(),
});

function templateOr404(key: string): Template {
  const template = findTemplate(key);
  if (!template) throw notFound('template');
  return template;
}

const server = ['server'] as const;
const user = ['user'] as const;
const since = '2026-06-12';

/** Template browsing (server) and the user's note settings and customization. */
export function settingsRoutes(deps: ServiceDeps): Route[] {
  return [...serverTemplateRoutes(), ...noteSettingsRoutes(deps), ...customizationRoutes(deps)];
}

function serverTemplateRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/generate-note/templates',
      families: server,
      since,
      handle: (ctx) => {
        const { locale } = parseWith(localeQuery, Object.fromEntries(ctx.query), 'query');
        return { body: { templates: TEMPLATES.map((template) => templateSummary(template, locale)) } };
      },
    },
    {
      method: 'GET',
      path: '/generate-note/templates/:key',
      families: server,
      since,
      handle: (ctx) => {
        const { locale } = parseWith(localeQuery, Object.fromEntries(ctx.query), 'query');
        return { body: templateDetail(templateOr404(ctx.params.key!), locale) };
      },
    },
  ];
}

function noteSettingsRoutes(deps: ServiceDeps): Route[] {
  const localeOf = (ctx: RouteContext) => deps.userState.of(userIdOf(ctx)).settings.note_locale;
  return [
    {
      method: 'GET',
      path: '/note-settings',
      families: user,
      since: '2025-04-03',
      handle: (ctx) => ({ body: deps.userState.of(userIdOf(ctx)).settings }),
    },
    {
      method: 'PATCH',
      path: '/note-settings',
      families: user,
      since: '2025-04-03',
      handle: (ctx) => ({ body: patchSettings(deps, ctx) }),
    },
    {
      method: 'GET',
      path: '/note-settings/templates',
      families: user,
      since,
      handle: (ctx) => ({
        body: { templates: TEMPLATES.map((template) => templateSummary(template, localeOf(ctx))) },
      }),
    },
    {
      method: 'GET',
      path: '/note-settings/templates/:key',
      families: user,
      since,
      handle: (ctx) => ({ body: templateDetail(templateOr404(ctx.params.key!), localeOf(ctx)) }),
    },
  ];
}

function patchSettings(deps: ServiceDeps, ctx: RouteContext) {
  const patch = parseWith(settingsPatch, ctx.json());
  const settings = deps.userState.of(userIdOf(ctx)).settings;
  if (patch.note_template_key !== undefined && !findTemplate(patch.note_template_key))
    throw badRequest('unknown note template key');
  if (patch.note_template_key !== undefined) settings.note_template_key = patch.note_template_key;
  if (patch.note_locale !== undefined) settings.note_locale = patch.note_locale;
  return settings;
}

function customizationRoutes(deps: ServiceDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/note-settings/templates/:key/customization',
      families: user,
      since,
      handle: (ctx) => {
        const template = templateOr404(ctx.params.key!);
        return {
          body: { template_key: template.key, ...deps.userState.customization(userIdOf(ctx), template.key) },
        };
      },
    },
    {
      method: 'PATCH',
      path: '/note-settings/templates/:key/customization',
      families: user,
      since,
      handle: (ctx) => {
        const template = templateOr404(ctx.params.key!);
        const patch = parseWith(customizationPatch, ctx.json());
        const custom = deps.userState.customization(userIdOf(ctx), template.key);
        if (patch.sections) custom.sections = mergeSections(template, custom.sections, patch.sections);
        if (patch.note_template_custom_instructions !== undefined) {
          custom.note_template_custom_instructions = patch.note_template_custom_instructions;
        }
        return { body: { template_key: template.key, ...custom } };
      },
    },
  ];
}

/** The stored sections with the patch's items merged in by section key. */
function mergeSections(
  template: Template,
  stored: readonly SectionCustomization[],
  patch: readonly SectionCustomization[],
): SectionCustomization[] {
  for (const item of patch) {
    if (!template.sections.some((section) => section.key === item.section_key)) {
      throw badRequest('sections names a section the template does not have');
    }
  }
  const byKey = new Map(stored.map((item) => [item.section_key, item]));
  for (const item of patch) byKey.set(item.section_key, { ...byKey.get(item.section_key), ...item });
  return [...byKey.values()];
}
