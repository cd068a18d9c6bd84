/**
 * Routes the broker's schedule API, its event stream and the service's webhook deliveries, and logs each
 * request once (route, outcome, status, reason, who) — never a body, a patient or a token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SharedStore } from './shared-store.ts';
import { firstDelivery } from './single-use.ts';
import { runStream, type EventStreams } from './event-streams.ts';
import { BrokerRefusal } from './refusal.ts';
import * as routes from './schedule-routes.ts';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, verifyWebhook } from './webhook-signature.ts';

/** One log line of the schedule API. */
export interface ScheduleLogRecord {
  time: string;
  event: 'schedule' | 'webhook';
  route: string;
  outcome: 'ok' | 'refused' | 'failed';
  status: number;
  reason?: string;
  client: string;
  externalId?: string;
}

/** Everything the schedule side needs. */
export interface ScheduleServerDeps extends routes.ScheduleDeps {
  /** This instance's open change streams (event-streams.ts). */
  streams: EventStreams;
  /** The shared store: the change feed, the marks of deliveries taken and the deliveries' own count. */
  feed: SharedStore;
  /** The webhook secret key (administration console); without it deliveries are refused. */
  webhookSecret?: string | undefined;
  webhookToleranceSec: number;
  /** Signed deliveries taken a minute, all together (across instances with Redis). */
  webhooksPerMinute: number;
  log: (record: ScheduleLogRecord) => void;
  now: () => number;
}

/** Whether this path is the schedule side's. */
export function isSchedulePath(path: string): boolean {
  return (
    path === '/v1/appointments' ||
    path.startsWith('/v1/appointments/') ||
    path === '/v1/events' ||
    path === WEBHOOK_PATH
  );
}

type Send = (status: number, body: unknown) => void;
/** Sends a refusal; resolves to the one sent (the rate limit may answer RATE_LIMITED instead). */
type Refuse = (refusal: BrokerRefusal) => Promise<BrokerRefusal>;
/** Counts an unsigned delivery against the caller's address limit; throws RATE_LIMITED past it. */
type LimitCaller = () => Promise<void>;

/** The request as the broker's server hands it over, and how to answer it. */
interface ScheduleIo {
  path: string;
  query: URLSearchParams;
  client: string;
  send: Send;
  refuse: Refuse;
  limitCaller: LimitCaller;
}

/** The path of the service's deliveries, which are not counted against the sending address's limit. */
const WEBHOOK_PATH = '/v1/webhooks/service';

/** Handles one request of the schedule side. */
export async function handleSchedule(
  req: IncomingMessage,
  res: ServerResponse,
  io: ScheduleIo,
  deps: ScheduleServerDeps | undefined,
): Promise<void> {
  let externalId: string | undefined;
  const route = routeName(req.method ?? 'GET', io.path);
  const record = (outcome: ScheduleLogRecord['outcome'], status: number, reason?: string) =>
    deps?.log({
      time: new Date(deps.now()).toISOString(),
      event: io.path === WEBHOOK_PATH ? 'webhook' : 'schedule',
      route,
      outcome,
      status,
      ...(reason ? { reason } : {}),
      client: io.client,
      ...(externalId ? { externalId } : {}),
    });
  try {
    if (route === 'webhook') return await webhook(req, io, deps, record);
    if (!deps) throw new BrokerRefusal('SCHEDULE_NOT_CONFIGURED');
    if (route === 'unknown') throw new BrokerRefusal('NOT_FOUND');
    const who = await routes.clinicianOf(req, deps, (id) => (externalId = id));
    if (route === 'events') return events(res, deps, who, record);
    const answer = await dispatch(route, req, io, deps, who);
    io.send(answer.status, answer.body);
    record('ok', answer.status);
  } catch (error) {
    if (!(error instanceof BrokerRefusal)) {
      record('failed', 500, 'INTERNAL');
      throw error;
    }
    const sent = await io.refuse(error);
    record('refused', sent.status, sent.refusal);
  }
}

function routeName(method: string, path: string): string {
  const parts = path.split('/').slice(1);
  if (path === WEBHOOK_PATH) return method === 'POST' ? 'webhook' : 'unknown';
  if (path === '/v1/events') return method === 'GET' ? 'events' : 'unknown';
  if (parts.length === 2) return method === 'GET' ? 'list-appointments' : 'unknown';
  if (parts.length === 3) return method === 'GET' ? 'get-appointment' : 'unknown';
  if (parts.length === 4 && method === 'POST' && ['instructions', 'tasks', 'finalize'].includes(parts[3]!))
    return parts[3]!;
  return 'unknown';
}

async function dispatch(
  route: string,
  req: IncomingMessage,
  io: { path: string; query: URLSearchParams },
  deps: ScheduleServerDeps,
  who: routes.Clinician,
) {
  let id: string;
  try {
    id = decodeURIComponent(io.path.split('/')[3] ?? '');
  } catch {
    throw new BrokerRefusal('BAD_REQUEST');
  }
  switch (route) {
    case 'list-appointments':
      return routes.listAppointments(deps, who, io.query);
    case 'get-appointment':
      return routes.showAppointment(deps, who, id);
    case 'instructions':
      return routes.sendInstructions(deps, who, id, await routes.readJson(req));
    case 'tasks':
      return routes.createTasks(deps, who, id, await routes.readJson(req));
    case 'finalize':
      return routes.finalizeAppointment(deps, who, id);
    default:
      throw new BrokerRefusal('NOT_FOUND');
  }
}

/** GET /v1/events: `appointments-changed` whenever the service reports an appointment event. */
function events(
  res: ServerResponse,
  deps: ScheduleServerDeps,
  who: routes.Clinician,
  record: (o: 'ok', s: number) => void,
): void {
  const release = deps.streams.take(who.externalId);
  runStream(
    {
      res,
      externalId: who.externalId,
      expiresAtMs: who.expiresAtMs,
      now: deps.now(),
      active: deps.active,
      streams: deps.streams,
      subscribe: (listener) => deps.feed.subscribe(listener),
      open: routes.openEventStream,
    },
    release,
  );
  record('ok', 200);
}

/**
 * POST /v1/webhooks/service: a signed delivery; `appointment.*` events go to the feed. A delivery that is
 * not signed right counts against its sender's address limit; a signed one against the deliveries' own
 * limit, and is taken once: the same delivery again (a replay within the timestamp's window, or the
 * service retrying one already taken) is answered 200 `duplicate` and not passed on.
 */
async function webhook(
  req: IncomingMessage,
  io: { send: Send; limitCaller: LimitCaller },
  deps: ScheduleServerDeps | undefined,
  record: (o: 'ok' | 'refused', s: number, reason?: string) => void,
): Promise<void> {
  const raw = await routes.readRaw(req, 1024 * 1024);
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const signature = header(WEBHOOK_SIGNATURE_HEADER);
  const verdict =
    deps?.webhookSecret && raw
      ? verifyWebhook(
          { timestamp: header(WEBHOOK_TIMESTAMP_HEADER), signature },
          raw,
          deps.webhookSecret,
          deps.now(),
          deps.webhookToleranceSec,
        )
      : 'no_secret';
  if (verdict !== 'ok' || !deps || !raw || !signature) {
    await io.limitCaller();
    if (!deps) throw new BrokerRefusal('SCHEDULE_NOT_CONFIGURED');
    if (!raw) throw new BrokerRefusal('BAD_REQUEST');
    io.send(401, new BrokerRefusal('WEBHOOK_REFUSED').body());
    record('refused', 401, verdict);
    return;
  }
  await limitDeliveries(deps.feed, deps.webhooksPerMinute);
  // The contract shows no delivery id: the signature (over timestamp and body) names the delivery.
  if (!(await firstDelivery(deps.feed, signature, 2 * deps.webhookToleranceSec * 1000))) {
    io.send(200, { received: true, duplicate: true });
    record('ok', 200, 'duplicate');
    return;
  }
  if (eventType(raw).startsWith('appointment.')) await deps.feed.publish('appointments');
  io.send(200, { received: true });
  record('ok', 200);
}

/**
 * Counts one signed delivery against `perMinute` (webhooksPerMinute): the service's own limit, apart from the
 * per-address limit of the clinicians' requests (issue 32). The key holds a character no address has.
 */
async function limitDeliveries(store: SharedStore, perMinute: number): Promise<void> {
  let hit;
  try {
    hit = await store.hit('rate:service/webhooks', 60_000);
  } catch (error) {
    throw new BrokerRefusal('STORE_UNAVAILABLE', { cause: error });
  }
  if (hit.count > perMinute)
    throw new BrokerRefusal('RATE_LIMITED', { retryAfterSec: Math.max(1, Math.ceil(hit.resetInMs / 1000)) });
}

/** The event's type. GUESS: a top-level `type` (the payload shape is not shown); `event` is read too. */
function eventType(raw: Buffer): string {
  try {
    const body = JSON.parse(raw.toString('utf8')) as { type?: unknown; event?: unknown };
    const type = body.type ?? body.event;
    return typeof type === 'string' ? type : '';
  } catch {
    return '';
  }
}
