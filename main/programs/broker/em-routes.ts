/**
 * E/M codes for a clinician signed in with the organization. The contract keeps `generate-em-codes-async`
 * and `compute-em-codes` for server callers; the broker holds the organization's server credentials, so it
 * asks them for the clinician — never as a proxy: two routes, each taking only the contract's fields, after
 * checking the clinician's identity-provider token exactly as the schedule routes do
 * (clinician-token.ts) and that their service user exists and is active.
 *
 * - `POST /v1/em-codes` `{em_specialty_kind, note, transcript_items?, patient_type?, encounter_date?}`:
 *   the async job, started with a client_request_id and polled here, answered as the service's result;
 * - `POST /v1/em-codes/compute` `{em_specialty_kind, patient_type, medical_decision_making_level?,
 *   total_time_minutes?}`: the deterministic recomputation.
 *
 * Each request is logged once (route, outcome, status, reason, client, externalId, userId): never the
 * note, the transcript, an input or a token.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { CoreContext } from '../../core/api/endpoints/context.ts';
import { computeEmCodes, generateEmCodesAsync } from '../../core/api/endpoints/coding.ts';
import { findUserByExternalId } from '../../core/api/endpoints/users.ts';
import { ApiError, InvalidRequestError } from '../../core/api/errors.ts';
import { LimitError } from '../../core/api/limits.ts';
import type { TokenVerifier } from './idp-token-verifier.ts';
import { verifiedExternalId } from './clinician-token.ts';
import { BrokerRefusal } from './refusal.ts';
import { readRaw } from './schedule-routes.ts';
import type { ClaimMapping } from './user-claim.ts';

/** One log line of the E/M routes. */
export interface EmLogRecord {
  time: string;
  event: 'em';
  route: 'em-codes' | 'compute-em-codes' | 'unknown';
  outcome: 'ok' | 'refused' | 'failed';
  status: number;
  reason?: string;
  client: string;
  externalId?: string;
  userId?: string;
}

/** What the E/M routes are built from. */
export interface EmDeps {
  /** The organization's server-caller context (the Core API's server credentials). */
  server: CoreContext;
  verifier: TokenVerifier;
  mapping: ClaimMapping;
  /** How long after its sign-in a token is taken here, in seconds (the schedule routes' limit). */
  sessionMaxAgeSec: number;
  log: (record: EmLogRecord) => void;
  now: () => number;
}

/** Whether this path is one of the E/M routes. */
export function isEmPath(path: string): boolean {
  return path === '/v1/em-codes' || path.startsWith('/v1/em-codes/');
}

/** A note as the contract shapes it; the service checks the rest, the core client its content rules. */
const Note = z.looseObject({ locale: z.string(), template_key: z.string(), sections: z.array(z.unknown()) });
const Specialty = z.string().min(1).max(64);
const GenerateBody = z.strictObject({
  em_specialty_kind: Specialty,
  note: Note,
  transcript_items: z.array(z.looseObject({ text: z.string(), speaker_type: z.string() })).optional(),
  patient_type: z.string().min(1).max(32).optional(),
  encounter_date: z.iso.date().optional(),
});
const ComputeBody = z.strictObject({
  em_specialty_kind: Specialty,
  patient_type: z.string().min(1).max(32),
  medical_decision_making_level: z.string().min(1).max(32).optional(),
  total_time_minutes: z.number().int().optional(),
});
/** A note with a long visit's transcript fits well within this. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** How long the broker polls the E/M job before giving up (the desktop waits for the answer). */
const JOB_DEADLINE_MS = 120_000;

/** The request's path and caller's address, and how to answer. */
interface EmIo {
  path: string;
  client: string;
  send: (status: number, body: unknown) => void;
  /** Sends a refusal; resolves to the one sent (the rate limit may answer RATE_LIMITED instead). */
  refuse: (r: BrokerRefusal) => Promise<BrokerRefusal>;
}

/** Handles one E/M request and logs it; the answer goes out through `send`/`refuse`. */
export async function handleEm(req: IncomingMessage, io: EmIo, deps: EmDeps): Promise<void> {
  const route = routeOf(req.method ?? 'GET', io.path);
  const who: { externalId?: string; userId?: string } = {};
  const record = (outcome: EmLogRecord['outcome'], status: number, reason?: string) =>
    deps.log({
      time: new Date(deps.now()).toISOString(),
      event: 'em',
      route,
      outcome,
      status,
      ...(reason ? { reason } : {}),
      client: io.client,
      ...who,
    });
  try {
    if (route === 'unknown') throw new BrokerRefusal(knownPath(io.path) ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND');
    who.externalId = await verifiedExternalId(req, deps.verifier, deps.mapping, deps.sessionMaxAgeSec);
    who.userId = await activeUserId(deps.server, who.externalId);
    const body = await readBody(req);
    const answer =
      route === 'em-codes' ? await generate(deps.server, body) : await compute(deps.server, body);
    io.send(200, answer);
    record('ok', 200);
  } catch (error) {
    if (!(error instanceof BrokerRefusal)) {
      record('failed', 500, 'INTERNAL');
      throw error;
    }
    const sent = await io.refuse(error);
    record('refused', sent.status, sent.refusal);
  }
}

function routeOf(method: string, path: string): EmLogRecord['route'] {
  if (method !== 'POST') return 'unknown';
  if (path === '/v1/em-codes') return 'em-codes';
  if (path === '/v1/em-codes/compute') return 'compute-em-codes';
  return 'unknown';
}

function knownPath(path: string): boolean {
  return path === '/v1/em-codes' || path === '/v1/em-codes/compute';
}

/** The clinician's service user (as `/v1/token` made it), refused when missing or deactivated. */
async function activeUserId(server: CoreContext, externalId: string): Promise<string> {
  const user = await service(() => findUserByExternalId(server, externalId));
  if (!user) throw new BrokerRefusal('USER_NOT_FOUND');
  if (user.activated === false) throw new BrokerRefusal('USER_DEACTIVATED');
  return user.id;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req, MAX_BODY_BYTES);
  if (!raw || !(req.headers['content-type'] ?? '').startsWith('application/json'))
    throw new BrokerRefusal('BAD_REQUEST');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BrokerRefusal('BAD_REQUEST');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BrokerRefusal('BAD_REQUEST');
  return parsed.data;
}

async function generate(server: CoreContext, body: unknown) {
  const request = parse(GenerateBody, body);
  return service(async () => {
    const job = await generateEmCodesAsync(server, request as Parameters<typeof generateEmCodesAsync>[1]);
    return job.result({ deadlineMs: JOB_DEADLINE_MS, initialDelayMs: 250, maxDelayMs: 2_000 });
  });
}

async function compute(server: CoreContext, body: unknown) {
  const request = parse(ComputeBody, body);
  return service(() => computeEmCodes(server, request));
}

/**
 * A service call whose failure is named for the desktop: inputs the service (or the client's own limits)
 * refused are the caller's (`EM_REQUEST_REFUSED`); anything else is the service's.
 */
async function service<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BrokerRefusal) throw error;
    if (error instanceof LimitError || error instanceof InvalidRequestError)
      throw new BrokerRefusal('EM_REQUEST_REFUSED', { cause: error });
    if (error instanceof ApiError) throw new BrokerRefusal('SERVICE_UNAVAILABLE', { cause: error });
    throw error;
  }
}
