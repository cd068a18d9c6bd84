import { z } from 'zod';
import { ServiceError, badRequest } from '../errors.ts';
import { asyncRoutes, clientRequestId } from '../jobs.ts';
import { checkNote, checkSourceNote } from '../note-rules.ts';
import { parseWith, type Route, type RouteContext } from '../router.ts';
import {
  EM_SPECIALTIES,
  SPEECH_LOCALES,
  codingInput,
  date,
  note,
  patientDemographics,
  sourceNote,
  transcriptItem,
} from '../schemas.ts';
import { normalizedData, suggestedOrders } from '../clinical/coding.ts';
import { conditionsIn } from '../clinical/recognition.ts';
import { MDM_LEVELS, computeEmCodes, mdmFromNote } from '../clinical/em.ts';
import { actionableLines, pseudoTranslate, writeInstructions } from '../clinical/instructions.ts';
import {
  scriptedEmNote,
  scriptedInstructions,
  scriptedNormalizedData,
  scriptedOrders,
  scriptedTranslation,
} from '../clinical/scripted.ts';
import type { SampleScript } from '../clinical/sample-script.ts';
import { atLeast } from '../versions.ts';
import type { ServiceDeps } from './deps.ts';

const both = ['server', 'user'] as const;
const server = ['server'] as const;

const normalizedRequest = z.strictObject({
  note,
  encounter_diagnoses_coding: z.array(codingInput).optional(),
  include_corresponding_note_problems: z.boolean().optional(),
});
/** `corresponding_note_problem` existed from 2025-05-05 and is not returned from 2026-08-25. */
const NOTE_PROBLEMS = { since: '2025-05-05', until: '2026-08-25' } as const;
const ordersRequest = z.strictObject({
  note,
  encounter_diagnoses_coding: z.array(codingInput).optional(),
  patient_demographics: patientDemographics.optional(),
  source_note: sourceNote.optional(),
});
/** `instructions_locale` and the translation locales take the speech locales (public facts: the enum of 35). */
const instructionsRequest = z.strictObject({
  note,
  instructions_locale: z.enum(SPEECH_LOCALES),
  recipient_type: z.enum(['PATIENT', 'PARENT']).optional(),
});
const translateRequest = z.strictObject({
  instructions: z.string().min(1),
  current_locale: z.enum(SPEECH_LOCALES),
  new_locale: z.enum(SPEECH_LOCALES),
});
const emSpecialty = z.enum(EM_SPECIALTIES);
const patientType = z.enum(['NEW', 'ESTABLISHED']);
const emAsyncRequest = z.strictObject({
  note,
  transcript_items: z.array(transcriptItem).optional(),
  em_specialty_kind: emSpecialty,
  patient_type: patientType.optional(),
  encounter_date: date.optional(),
  client_request_id: clientRequestId,
});
const computeRequest = z.strictObject({
  em_specialty_kind: emSpecialty,
  patient_type: patientType,
  medical_decision_making_level: z.enum(MDM_LEVELS).optional(),
  total_time_minutes: z.number().int().min(1).max(1440).optional(),
});

function parseJson<T extends z.ZodObject>(
  schema: T,
  ctx: RouteContext,
  isAsync: boolean,
): z.infer<T> & { client_request_id?: string } {
  const withId = isAsync ? schema.extend({ client_request_id: clientRequestId }) : schema;
  return parseWith(withId, ctx.json()) as z.infer<T> & { client_request_id?: string };
}

function normalize(request: z.infer<typeof normalizedRequest>, version: string, script: SampleScript | null) {
  const asked = request.include_corresponding_note_problems;
  if (
    asked !== undefined &&
    !(atLeast(version, NOTE_PROBLEMS.since) && !atLeast(version, NOTE_PROBLEMS.until))
  ) {
    throw badRequest(
      `include_corresponding_note_problems is accepted from ${NOTE_PROBLEMS.since} and before ${NOTE_PROBLEMS.until}`,
    );
  }
  checkNote(request.note);
  const data =
    scriptedNormalizedData(script, request.note, request.encounter_diagnoses_coding) ??
    normalizedData(request.note, request.encounter_diagnoses_coding);
  const problems = asked ? noteProblems(request.note) : undefined;
  // `subsection_id` arrived with 2026-08-25.
  const conditions = data.conditions.map(({ subsection_id, ...condition }) => ({
    ...condition,
    ...(atLeast(version, NOTE_PROBLEMS.until) ? { subsection_id } : {}),
    ...(problems ? { corresponding_note_problem: problems.get(condition.coding.code) ?? null } : {}),
  }));
  return { ...data, conditions };
}

/** The first line of the note that names each condition it codes (the problem it corresponds to). */
function noteProblems(note: z.infer<typeof normalizedRequest>['note']): Map<string, string> {
  const problems = new Map<string, string>();
  const lines = note.sections.flatMap((section) =>
    section.content.type === 'TEXT'
      ? section.content.text.split('\n')
      : section.content.subsections.map((sub) => sub.title),
  );
  for (const line of lines) {
    for (const fact of conditionsIn(line)) if (!problems.has(fact.code)) problems.set(fact.code, line.trim());
  }
  return problems;
}

function orders(request: z.infer<typeof ordersRequest>, version: string, script: SampleScript | null) {
  const template = checkNote(request.note);
  if (request.source_note) checkSourceNote(request.source_note, template, version);
  // Only the source note's ASSESSMENT_AND_PLAN section is used (contract).
  const ap = request.source_note?.sections.find((section) => section.kind === 'ASSESSMENT_AND_PLAN');
  const apText = ap
    ? ap.content.type === 'TEXT'
      ? ap.content.text
      : ap.content.subsections.map((s) => s.text).join('\n')
    : undefined;
  return scriptedOrders(script, request.note) ?? suggestedOrders(request.note, apText);
}

/** Normalized data, patient instructions, translation, suggested orders and E/M endpoints. */
export function codingRoutes(deps: ServiceDeps): Route[] {
  return [...normalizedDataRoutes(deps), ...instructionRoutes(deps), ...orderRoutes(deps), ...emRoutes(deps)];
}

function normalizedDataRoutes(deps: ServiceDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/generate-normalized-data',
      families: both,
      handle: (ctx) => ({
        body: normalize(parseJson(normalizedRequest, ctx, false), ctx.version, deps.options.sampleScript),
      }),
    },
    ...asyncRoutes(deps.jobs, {
      path: '/generate-normalized-data',
      families: both,
      since: '2026-07-01',
      parse: (ctx) => {
        const request = parseJson(normalizedRequest, ctx, true);
        return { clientRequestId: request.client_request_id, input: request };
      },
      compute: (request, ctx) => normalize(request, ctx.version, deps.options.sampleScript),
    }),
  ];
}

function instructionRoutes(deps: ServiceDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/generate-patient-instructions',
      families: both,
      handle: (ctx) => patientInstructions(ctx, deps.options.sampleScript),
    },
    {
      method: 'POST',
      path: '/translate-patient-instructions',
      families: both,
      since: '2026-08-25',
      handle: (ctx) => {
        const request = parseWith(translateRequest, ctx.json());
        if (request.current_locale === request.new_locale)
          return { body: { instructions: request.instructions } };
        const script = deps.options.sampleScript;
        const scripted = scriptedTranslation(script, request.instructions, request.new_locale);
        return {
          body: { instructions: scripted ?? pseudoTranslate(request.instructions, request.new_locale) },
        };
      },
    },
  ];
}

function patientInstructions(ctx: RouteContext, script: SampleScript | null): ReturnType<Route['handle']> {
  const request = parseWith(instructionsRequest, ctx.json());
  checkNote(request.note);
  const recipient = request.recipient_type ?? 'PATIENT';
  const scripted = scriptedInstructions(script, request.note, request.instructions_locale, recipient);
  if (scripted) return { body: { instructions: scripted } };
  const lines = actionableLines(request.note);
  if (lines.length === 0) {
    if (!atLeast(ctx.version, '2026-03-16'))
      return { body: { instructions: 'No specific instructions were given during this visit.' } };
    throw new ServiceError(
      400,
      'NOTE_HAS_NO_PATIENT_INSTRUCTIONS_INFORMATION',
      'the note has no actionable content for patient instructions',
    );
  }
  return {
    body: {
      instructions: writeInstructions(lines, request.instructions_locale, recipient),
    },
  };
}

function orderRoutes(deps: ServiceDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/generate-suggested-orders',
      families: both,
      since: '2026-10-05',
      handle: (ctx) => ({
        body: orders(parseJson(ordersRequest, ctx, false), ctx.version, deps.options.sampleScript),
      }),
    },
    ...asyncRoutes(deps.jobs, {
      path: '/generate-suggested-orders',
      families: both,
      since: '2026-10-05',
      parse: (ctx) => {
        const request = parseJson(ordersRequest, ctx, true);
        return { clientRequestId: request.client_request_id, input: request };
      },
      compute: (request, ctx) => orders(request, ctx.version, deps.options.sampleScript),
    }),
  ];
}

function emRoutes(deps: ServiceDeps): Route[] {
  return [
    ...asyncRoutes(deps.jobs, {
      path: '/generate-em-codes',
      families: server,
      since: '2026-07-01',
      parse: (ctx) => {
        const request = parseWith(emAsyncRequest, ctx.json());
        return { clientRequestId: request.client_request_id, input: request };
      },
      compute: (request) => {
        checkNote(request.note);
        const inputs = {
          em_specialty_kind: request.em_specialty_kind,
          patient_type: request.patient_type ?? 'ESTABLISHED',
          medical_decision_making_level: mdmFromNote(
            scriptedEmNote(deps.options.sampleScript, request.note) ?? request.note,
          ),
        };
        // GUESS: the result names the structured inputs it was chosen from (compute-em-codes' fields), so
        // a clinician can change them and recompute.
        return { ...computeEmCodes(inputs), inputs };
      },
    }),
    {
      method: 'POST',
      path: '/compute-em-codes',
      families: server,
      since: '2026-07-01',
      handle: (ctx) => {
        const request = parseWith(computeRequest, ctx.json());
        if (request.medical_decision_making_level === undefined && request.total_time_minutes === undefined) {
          throw badRequest('give medical_decision_making_level or total_time_minutes');
        }
        return { body: computeEmCodes(request) };
      },
    },
  ];
}
