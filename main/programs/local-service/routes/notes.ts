import { z } from 'zod';
import { asyncRoutes, clientRequestId } from '../jobs.ts';
import { checkNote, checkSourceNote, checkTranscript, templateOrFail } from '../note-rules.ts';
import { parseWith, type Route, type RouteContext } from '../router.ts';
import {
  date,
  note,
  noteLocale,
  sectionsCustomization,
  structuredContext,
  templateCustomInstructions,
  transcriptItem,
  unstructuredContext,
  type Note,
} from '../schemas.ts';
import { recognize } from '../clinical/recognition.ts';
import { writeNote } from '../clinical/note-writer.ts';
import { scriptedNote } from '../clinical/scripted.ts';
import { scriptedNoteWithContext } from '../clinical/scripted-context.ts';
import { editNote } from '../clinical/note-editor.ts';
import { userIdOf, type ServiceDeps } from './deps.ts';
import { badRequest } from '../errors.ts';

const common = {
  transcript_items: z.array(transcriptItem),
  note_template_custom_instructions: templateCustomInstructions.nullish(),
  unstructured_context: unstructuredContext.optional(),
  structured_context: structuredContext.optional(),
  current_note: note.optional(),
  encounter_date: date.optional(),
};
const serverOnly = {
  locale: noteLocale,
  note_template_key: z.string().min(1).optional(),
  note_sections_customization: sectionsCustomization.optional(),
  specialty: z.string().min(1).max(200).optional(),
};
const serverRequest = z.strictObject({ ...common, ...serverOnly });
/** A user caller may leave `locale` out: the stored note settings supply it (public facts, 2026-07-01). */
const userRequest = z.strictObject({ ...common, locale: noteLocale.optional() });
const asyncExtra = { client_request_id: clientRequestId };

type NoteRequest = Omit<z.infer<typeof serverRequest>, 'locale'> & { locale?: string };

function parseNoteRequest(ctx: RouteContext, isAsync: boolean): NoteRequest & { client_request_id?: string } {
  const extra = isAsync ? asyncExtra : {};
  const schema = ctx.family === 'server' ? serverRequest.extend(extra) : userRequest.extend(extra);
  return parseWith(schema, ctx.json()) as NoteRequest & { client_request_id?: string };
}

/** Template, styles and instructions: from the request (server) or the stored settings (user). */
function resolveTemplate(request: NoteRequest, ctx: RouteContext, deps: ServiceDeps) {
  if (ctx.family === 'user') {
    const userId = userIdOf(ctx);
    const key = deps.userState.of(userId).settings.note_template_key;
    const custom = deps.userState.customization(userId, key);
    return {
      template: templateOrFail(key),
      styles: new Map(custom.sections.map((s) => [s.section_key, s.style ?? 'AUTO'])),
    };
  }
  const template = templateOrFail(request.note_template_key ?? 'GENERIC_MULTIPLE_SECTIONS');
  const entries = (request.note_sections_customization ?? []).map(
    (item) => [item.section_key, item.style] as const,
  );
  for (const [key] of entries) {
    if (!template.sections.some((section) => section.key === key)) {
      throw badRequest('note_sections_customization names a section the template does not have');
    }
  }
  return { template, styles: new Map(entries.map(([key, style]) => [key, style ?? 'AUTO'])) };
}

function generate(request: NoteRequest, ctx: RouteContext, deps: ServiceDeps): { note: Note } {
  if (request.transcript_items === undefined) throw badRequest('transcript_items is required');
  checkTranscript(request.transcript_items, deps.options.minTranscriptWords);
  const { template, styles } = resolveTemplate(request, ctx, deps);
  const locale = request.locale ?? deps.userState.of(userIdOf(ctx)).settings.note_locale;
  encounterDate(request);
  const source = request.structured_context?.source_note;
  if (source) checkSourceNote(source, template, ctx.version);
  if (request.current_note) checkNote(request.current_note, 'current_note');
  const scripted =
    scriptedNote(deps.options.sampleScript, request, template, locale) ??
    scriptedNoteWithContext(deps.options.sampleScript, request, template, locale);
  if (scripted) return { note: scripted };
  const findings = recognize([
    ...request.transcript_items.map((item) => ({ speaker: item.speaker_type, text: item.text })),
    ...(request.unstructured_context
      ? [{ speaker: 'CONTEXT' as const, text: request.unstructured_context }]
      : []),
  ]);
  return {
    note: writeNote({
      template,
      locale,
      findings,
      sourceNote: source,
      currentNote: request.current_note,
      styles,
    }),
  };
}

/** The encounter date, from the top level or `structured_context` (both accepted; never two different ones). */
function encounterDate(request: NoteRequest): string | undefined {
  const top = request.encounter_date;
  const nested = request.structured_context?.encounter_date;
  if (top !== undefined && nested !== undefined && top !== nested) {
    throw badRequest('encounter_date and structured_context.encounter_date name different dates');
  }
  return top ?? nested;
}

const editRequest = z.strictObject({
  note,
  instructions: z.string().min(1),
  unstructured_context: unstructuredContext.optional(),
});

/** generate-note (sync and async) and edit-note-with-instructions. */
export function noteRoutes(deps: ServiceDeps): Route[] {
  const families = ['server', 'user'] as const;
  return [
    {
      method: 'POST',
      path: '/generate-note',
      families,
      handle: (ctx) => ({ body: generate(parseNoteRequest(ctx, false), ctx, deps) }),
    },
    ...asyncRoutes(deps.jobs, {
      path: '/generate-note',
      families,
      parse: (ctx) => {
        const request = parseNoteRequest(ctx, true);
        return { clientRequestId: request.client_request_id, input: request };
      },
      compute: (request, ctx) => generate(request, ctx, deps),
    }),
    {
      method: 'POST',
      path: '/edit-note-with-instructions',
      families,
      handle: (ctx) => {
        const request = parseWith(editRequest, ctx.json());
        checkNote(request.note);
        return { body: { note: editNote(request.note, request.instructions) } };
      },
    },
  ];
}
