/**
 * The broker's small API for a clinician's day (never a proxy): each route checks the presented identity
 * provider token as `/v1/token` does (issuer, audience, signature, kind, expiry, the clinician's claim, the
 * required group), finds the organization's practitioner registered for that clinician, and reaches only
 * that practitioner's appointments and those appointments' patients, with the organization's Server API
 * credentials. Answers carry what the clinician may see; the log carries route, outcome and who — never a
 * patient, a text or a token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { CoreContext } from '../../core/api/endpoints/context.ts';
import { ApiError, NotFoundError } from '../../core/api/errors.ts';
import * as api from '../../core/api/server-api/endpoints.ts';
import type { Appointment } from '../../core/api/server-api/schemas.ts';
import {
  ConversationLockedError,
  ConversationMismatchError,
  sendToPatient,
} from '../../core/api/server-api/patient-conversation.ts';
import type { TokenVerifier } from './idp-token-verifier.ts';
import { BrokerRefusal } from './refusal.ts';
import type { ClaimMapping } from './user-claim.ts';
import { verifiedClinician } from './clinician-token.ts';
import type { ActiveClinicians } from './active-clinicians.ts';

/** What the schedule routes are built from. */
export interface ScheduleDeps {
  /** A Server API context: the organization's API key or server token, the Server API version. */
  serverApi: CoreContext;
  verifier: TokenVerifier;
  mapping: ClaimMapping;
  /** How long after its sign-in a token is taken on these routes, in seconds. */
  sessionMaxAgeSec: number;
  /** The service's deactivation (active-clinicians.ts), asked on every route. */
  active: Pick<ActiveClinicians, 'check'>;
}

/** Who called (ids only) once known: the log's `externalId`. */
export interface Clinician {
  externalId: string;
  providerId: string;
  /** When the presented token expires (ms since the epoch), if it says. */
  expiresAtMs?: number | undefined;
}

/** The clinician a request's bearer token names, and their practitioner id. */
export async function clinicianOf(
  req: IncomingMessage,
  deps: ScheduleDeps,
  known: (externalId: string) => void,
) {
  const { externalId, expiresAtMs } = await verifiedClinician(
    req,
    deps.verifier,
    deps.mapping,
    deps.sessionMaxAgeSec,
  );
  known(externalId);
  await deps.active.check(externalId, false);
  const providerId = await service(() => api.findProviderId(deps.serverApi, externalId));
  if (!providerId) throw new BrokerRefusal('PROVIDER_NOT_FOUND');
  return { externalId, providerId, expiresAtMs };
}

/** A Server API call whose failure is the service's, not the caller's. */
async function service<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BrokerRefusal) throw error;
    if (error instanceof ApiError) throw new BrokerRefusal('SERVICE_UNAVAILABLE', { cause: error });
    throw error;
  }
}

/** The appointment, only when it is this clinician's: another's is "not found", as an unknown id is. */
async function ownAppointment(deps: ScheduleDeps, who: Clinician, id: string): Promise<Appointment> {
  try {
    const appointment = await api.getAppointment(deps.serverApi, id);
    if (appointment.provider?.id !== who.providerId) throw new BrokerRefusal('APPOINTMENT_NOT_FOUND');
    return appointment;
  } catch (error) {
    if (error instanceof NotFoundError) throw new BrokerRefusal('APPOINTMENT_NOT_FOUND');
    throw error instanceof ApiError ? new BrokerRefusal('SERVICE_UNAVAILABLE', { cause: error }) : error;
  }
}

const ListQuery = z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });
const SendBody = z.strictObject({
  text: z.string().min(1).max(api.MESSAGE_TEXT_MAX_CHARS),
  as: z.enum(['message', 'attachment']),
});
const TasksBody = z.strictObject({ titles: z.array(z.string().trim().min(1).max(500)).min(1).max(20) });
/** The longest window one list asks for: a day in any time zone, with room for a long shift. */
const MAX_WINDOW_MS = 36 * 3600 * 1000;

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BrokerRefusal('BAD_REQUEST');
  return parsed.data;
}

/** One routed request: the answer's status and body. */
type Answer = { status: number; body: unknown };

/** GET /v1/appointments?from&to: the clinician's appointments starting in the window. */
export async function listAppointments(
  deps: ScheduleDeps,
  who: Clinician,
  query: URLSearchParams,
): Promise<Answer> {
  const { from, to } = parse(ListQuery, Object.fromEntries(query));
  const start = new Date(from);
  const end = new Date(to);
  if (end <= start || end.getTime() - start.getTime() > MAX_WINDOW_MS) throw new BrokerRefusal('BAD_REQUEST');
  const found = await service(() =>
    api.searchAppointments(deps.serverApi, { providerId: who.providerId, from: start, to: end }),
  );
  // The search filters by provider; the broker checks again rather than trust a filter it guessed.
  return { status: 200, body: { appointments: found.filter((a) => a.provider?.id === who.providerId) } };
}

export async function showAppointment(deps: ScheduleDeps, who: Clinician, id: string): Promise<Answer> {
  return { status: 200, body: await ownAppointment(deps, who, id) };
}

/**
 * POST /v1/appointments/{id}/instructions `{text, as}`: into the patient's conversation (created as an
 * individual conversation when there is none), as a message or as an uploaded text file. A locked
 * conversation is refused, not retried. Answers the conversation's latest messages, system replies marked.
 */
export async function sendInstructions(
  deps: ScheduleDeps,
  who: Clinician,
  id: string,
  body: unknown,
): Promise<Answer> {
  const input = parse(SendBody, body);
  const appointment = await ownAppointment(deps, who, id);
  const patientId = appointment.patient?.id;
  if (!patientId) throw new BrokerRefusal('APPOINTMENT_NOT_FOUND');
  try {
    const sent = await service(() =>
      sendToPatient(deps.serverApi, { patientId, providerId: who.providerId, ...input }),
    );
    return { status: 200, body: sent };
  } catch (error) {
    if (error instanceof ConversationLockedError) throw new BrokerRefusal('CONVERSATION_LOCKED');
    if (error instanceof ConversationMismatchError) throw new BrokerRefusal('CONVERSATION_MISMATCH');
    throw error;
  }
}

/** POST /v1/appointments/{id}/tasks `{titles}`: one provider task per order the clinician ticked. */
export async function createTasks(
  deps: ScheduleDeps,
  who: Clinician,
  id: string,
  body: unknown,
): Promise<Answer> {
  const { titles } = parse(TasksBody, body);
  const appointment = await ownAppointment(deps, who, id);
  const patientId = appointment.patient?.id;
  if (!patientId) throw new BrokerRefusal('APPOINTMENT_NOT_FOUND');
  const ids: string[] = [];
  for (const title of titles) {
    const task = await service(() =>
      api.createTask(deps.serverApi, { title, patientId, providerId: who.providerId }),
    );
    ids.push(task.id);
  }
  return { status: 200, body: { task_ids: ids } };
}

/** POST /v1/appointments/{id}/finalize: the appointment marked FINALIZED. */
export async function finalizeAppointment(deps: ScheduleDeps, who: Clinician, id: string): Promise<Answer> {
  await ownAppointment(deps, who, id);
  const updated = await service(() => api.updateAppointment(deps.serverApi, id, { status: 'FINALIZED' }));
  return { status: 200, body: updated };
}

/** Reads a JSON body of at most 64 KiB; BAD_REQUEST otherwise. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req, 64 * 1024);
  if (!raw || !(req.headers['content-type'] ?? '').startsWith('application/json'))
    throw new BrokerRefusal('BAD_REQUEST');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BrokerRefusal('BAD_REQUEST');
  }
}

/** The raw body, or undefined when larger than `max` bytes. */
export async function readRaw(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Opens a server-sent events stream; returns a function that sends one event. */
export function openEventStream(res: ServerResponse): (event: string) => void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  return (event) => res.write(`event: ${event}\ndata: {}\n\n`);
}
