/**
 * Routes the broker's schedule API, its event stream and the service's webhook deliveries, and logs each
 * request once (route, outcome, status, reason, who) — never a body, a patient or a token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChangeFeed } from './shared-store.ts';
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
  feed: ChangeFeed;
  /** The webhook secret key (administration console); without it deliveries are refused. */
  webhookSecret?: string | undefined;
  webhookToleranceSec: number;
  log: (record: ScheduleLogRecord) => void;
  now: () => number;
}

/** Whether this path is the schedule side's. */
export function isSchedulePath(path: string): boolean {
  return (
    path === '/v1/appointments' ||
    path.startsWith('/v1/appointments/') ||
    path === '/v1/events' ||
    path === '/v1/webhooks/service'
  );
}

type Send = (status: number, body: unknown) => void;
type Refuse = (refusal: BrokerRefusal) => void;

/** Handles one request of the schedule side. */
export async function handleSchedule(
  req: IncomingMessage,
  res: ServerResponse,
  io: { path: string; query: URLSearchParams; client: string; send: Send; refuse: Refuse },
  deps: ScheduleServerDeps | undefined,
): Promise<void> {
  let externalId: string | undefined;
  const route = routeName(req.method ?? 'GET', io.path);
  const record = (outcome: ScheduleLogRecord['outcome'], status: number, reason?: string) =>
    deps?.log({
      time: new Date(deps.now()).toISOString(),
      event: io.path === '/v1/webhooks/service' ? 'webhook' : 'schedule',
      route,
      outcome,
      status,
      ...(reason ? { reason } : {}),
      client: io.client,
      ...(externalId ? { externalId } : {}),
    });
  try {
    if (!deps) throw new BrokerRefusal('SCHEDULE_NOT_CONFIGURED');
    if (route === 'webhook') return await webhook(req, io, deps, record);
    if (route === 'unknown') throw new BrokerRefusal('NOT_FOUND');
    const who = await routes.clinicianOf(req, deps, (id) => (externalId = id));
    if (route === 'events') return events(res, deps, who.externalId, record);
    const answer = await dispatch(route, req, io, deps, who);
    io.send(answer.status, answer.body);
    record('ok', answer.status);
  } catch (error) {
    if (!(error instanceof BrokerRefusal)) {
      record('failed', 500, 'INTERNAL');
      throw error;
    }
    io.refuse(error);
    record('refused', error.status, error.refusal);
  }
}

function routeName(method: string, path: string): string {
  const parts = path.split('/').slice(1);
  if (path === '/v1/webhooks/service') return method === 'POST' ? 'webhook' : 'unknown';
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
  externalId: string,
  record: (o: 'ok', s: number) => void,
): void {
  const send = routes.openEventStream(res);
  record('ok', 200);
  const unsubscribe = deps.feed.subscribe(() => send('appointments-changed'));
  // Each keep-alive asks again whether the service still has the clinician active: a deactivation ends it.
  const heartbeat = setInterval(() => {
    res.write(': keep-alive\n\n');
    deps.active.check(externalId, false).catch((error: unknown) => {
      if (error instanceof BrokerRefusal && error.refusal === 'USER_DEACTIVATED') res.end();
    });
  }, 25_000);
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

/** POST /v1/webhooks/service: a signed delivery; `appointment.*` events go to the feed. */
async function webhook(
  req: IncomingMessage,
  io: { send: Send },
  deps: ScheduleServerDeps,
  record: (o: 'ok' | 'refused', s: number, reason?: string) => void,
): Promise<void> {
  const raw = await routes.readRaw(req, 1024 * 1024);
  if (!raw) throw new BrokerRefusal('BAD_REQUEST');
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const verdict = deps.webhookSecret
    ? verifyWebhook(
        { timestamp: header(WEBHOOK_TIMESTAMP_HEADER), signature: header(WEBHOOK_SIGNATURE_HEADER) },
        raw,
        deps.webhookSecret,
        deps.now(),
        deps.webhookToleranceSec,
      )
    : 'no_secret';
  if (verdict !== 'ok') {
    io.send(401, new BrokerRefusal('WEBHOOK_REFUSED').body());
    record('refused', 401, verdict);
    return;
  }
  if (eventType(raw).startsWith('appointment.')) await deps.feed.publish('appointments');
  io.send(200, { received: true });
  record('ok', 200);
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
