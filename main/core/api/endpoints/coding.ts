import type { z } from 'zod';
import {
  EmCodesSchema,
  NormalizedDataResponseSchema,
  PatientInstructionsSchema,
  SuggestedOrdersSchema,
  type EmCodes,
  type NormalizedData,
  type SuggestedOrder,
} from '../schemas/coding.ts';
import type { Note, StructuredContext, TranscriptItemInput } from '../schemas/note.ts';
import { LimitError } from '../limits.ts';
import { checkEmSpecialty, checkNoteContent, checkStructuredContext } from '../validate.ts';
import { call, requireServer, type CallOptions, type CoreContext } from './context.ts';
import { startJob, type AsyncJob } from './jobs.ts';

const unwrapNormalized = (answer: z.infer<typeof NormalizedDataResponseSchema>): NormalizedData =>
  ('normalized_data' in answer ? answer.normalized_data : answer) as NormalizedData;
const NormalizedPayload = NormalizedDataResponseSchema.transform(unwrapNormalized);
const OrdersPayload = SuggestedOrdersSchema.transform((answer) => answer.suggested_orders);

export interface NormalizedDataRequest {
  note: Note;
  encounter_diagnoses_coding?: StructuredContext['encounter_diagnoses_coding'];
  /** For the async form only. */
  client_request_id?: string;
}

/** ICD-10 conditions and LOINC observations from a note. */
export async function generateNormalizedData(
  ctx: CoreContext,
  request: NormalizedDataRequest,
  options: CallOptions = {},
): Promise<NormalizedData> {
  checkNoteContent(request.note, 'note');
  const { client_request_id: _unused, ...body } = request;
  return call(ctx, 'POST', '/generate-normalized-data', NormalizedPayload, 'generate-normalized-data', {
    body,
    signal: options.signal,
  });
}

export async function generateNormalizedDataAsync(
  ctx: CoreContext,
  request: NormalizedDataRequest,
  options: CallOptions = {},
): Promise<AsyncJob<NormalizedData>> {
  checkNoteContent(request.note, 'note');
  return startJob(
    ctx,
    '/generate-normalized-data-async',
    request,
    NormalizedPayload,
    'generate-normalized-data-async',
    options,
  );
}

export interface SuggestedOrdersRequest {
  note: Note;
  encounter_diagnoses_coding?: StructuredContext['encounter_diagnoses_coding'];
  patient_demographics?: StructuredContext['patient_demographics'];
  source_note?: StructuredContext['source_note'];
  /** For the async form only. */
  client_request_id?: string;
}

function checkOrders(request: SuggestedOrdersRequest): void {
  checkNoteContent(request.note, 'note');
  if (request.source_note) checkStructuredContext({ source_note: request.source_note });
}

/** Orders (labs, imaging, medications, …) suggested from a note. */
export async function generateSuggestedOrders(
  ctx: CoreContext,
  request: SuggestedOrdersRequest,
  options: CallOptions = {},
): Promise<SuggestedOrder[]> {
  checkOrders(request);
  const { client_request_id: _unused, ...body } = request;
  return call(ctx, 'POST', '/generate-suggested-orders', OrdersPayload, 'generate-suggested-orders', {
    body,
    signal: options.signal,
  });
}

export async function generateSuggestedOrdersAsync(
  ctx: CoreContext,
  request: SuggestedOrdersRequest,
  options: CallOptions = {},
): Promise<AsyncJob<SuggestedOrder[]>> {
  checkOrders(request);
  return startJob(
    ctx,
    '/generate-suggested-orders-async',
    request,
    OrdersPayload,
    'generate-suggested-orders-async',
    options,
  );
}

export interface EmCodesRequest {
  em_specialty_kind: string;
  note?: Note;
  transcript_items?: TranscriptItemInput[];
  /** For the async form only (compute-em-codes takes none). */
  client_request_id?: string;
  [extra: string]: unknown;
}

/** E/M codes from transcript and note (server callers; U.S. product). */
export async function generateEmCodesAsync(
  ctx: CoreContext,
  request: EmCodesRequest,
  options: CallOptions = {},
): Promise<AsyncJob<EmCodes>> {
  requireServer(ctx, 'em-coding');
  checkEmSpecialty(request.em_specialty_kind);
  if (request.note) checkNoteContent(request.note, 'note');
  return startJob(
    ctx,
    '/generate-em-codes-async',
    request,
    EmCodesSchema,
    'generate-em-codes-async',
    options,
  );
}

/**
 * Deterministic recomputation of E/M codes from structured inputs (server callers). The contract shows no
 * client_request_id for this synchronous endpoint (the local service refuses unknown fields), so none is
 * sent and, by the retry rule (POSTs are retried only when they carry one), it is not retried.
 */
export async function computeEmCodes(
  ctx: CoreContext,
  request: EmCodesRequest,
  options: CallOptions = {},
): Promise<EmCodes> {
  requireServer(ctx, 'em-coding');
  checkEmSpecialty(request.em_specialty_kind);
  const { client_request_id: _unused, ...body } = request;
  return call(ctx, 'POST', '/compute-em-codes', EmCodesSchema, 'compute-em-codes', {
    body,
    signal: options.signal,
  });
}

export interface PatientInstructionsRequest {
  note: Note;
  instructions_locale: string;
  recipient_type?: 'PATIENT' | 'PARENT';
}

/** A patient-friendly summary of the note. 83023 means the note has nothing actionable. */
export async function generatePatientInstructions(
  ctx: CoreContext,
  request: PatientInstructionsRequest,
  options: CallOptions = {},
): Promise<string> {
  if (!request.instructions_locale)
    throw new LimitError('instructions_locale_missing', 'instructions_locale');
  checkNoteContent(request.note, 'note');
  const answer = await call(
    ctx,
    'POST',
    '/generate-patient-instructions',
    PatientInstructionsSchema,
    'generate-patient-instructions',
    { body: request, signal: options.signal },
  );
  return answer.instructions;
}

export interface TranslateInstructionsRequest {
  instructions: string;
  current_locale: string;
  new_locale: string;
}

/** Machine translation of instructions; the result ends with the service's disclaimer, which is kept. */
export async function translatePatientInstructions(
  ctx: CoreContext,
  request: TranslateInstructionsRequest,
  options: CallOptions = {},
): Promise<string> {
  if (request.instructions.trim() === '') throw new LimitError('instructions_empty', 'instructions');
  const answer = await call(
    ctx,
    'POST',
    '/translate-patient-instructions',
    PatientInstructionsSchema,
    'translate-patient-instructions',
    { body: request, signal: options.signal },
  );
  return answer.instructions;
}
