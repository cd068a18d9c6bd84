/**
 * The tests' wrapper around each HTTP exchange of the local service: the request log (test/service's
 * `control.requests`) and the HTTP faults of faults.ts, applied from outside the service through its
 * extension (main/programs/local-service/extension.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HandledRequest, ServiceParts } from '../../main/programs/local-service/index.ts';
import { sendJson } from '../../main/programs/local-service/http-io.ts';
import { VERSION_HEADER } from '../../main/programs/local-service/versions.ts';
import type { FaultInjector } from './faults.ts';

/** One request as the service saw it. No bodies, no tokens, no query strings. */
export interface RequestRecord {
  method: string;
  path: string;
  /** The version header as sent, or null when absent. */
  version: string | null;
  /** The version the request was served under (header or pinned default). */
  effectiveVersion: string | null;
  caller: HandledRequest['caller'];
  /** The answer's status; -1 when the connection was dropped, 0 until answered. */
  status: number;
  /** Service time (ms) when the request arrived. */
  at: number;
  /**
   * The request's top-level fields, once a handler read them (a JSON body, or the `request_parameters` of
   * a multipart one): name → characters of a string, items of an array, null for anything else. Sizes
   * and names only, never values, so tests can see what arrived without the log holding content.
   */
  fields?: Record<string, number | null>;
}

const FAMILY_PREFIX = /^\/v1\/core\/(?:server|user)(?=\/)/;
/** A poll of an async job: GET …-async/{id}. */
const JOB_POLL = /-async\/[^/]+$/;

/** Builds the HTTP wrapper: each request is logged in `log`, then faulted or handed to the service. */
export function httpExchange(parts: ServiceParts, faults: FaultInjector, log: RequestRecord[]) {
  return (req: IncomingMessage, res: ServerResponse, handle: () => Promise<HandledRequest>): void => {
    void exchange(req, res, handle, { parts, faults, log });
  };
}

async function exchange(
  req: IncomingMessage,
  res: ServerResponse,
  handle: () => Promise<HandledRequest>,
  ctx: { parts: ServiceParts; faults: FaultInjector; log: RequestRecord[] },
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const path = new URL(req.url ?? '/', 'http://local').pathname;
  const header = req.headers[VERSION_HEADER];
  const record: RequestRecord = {
    method,
    path,
    version: typeof header === 'string' ? header : null,
    effectiveVersion: null,
    caller: null,
    status: 0,
    at: ctx.parts.clock.now(),
  };
  ctx.log.push(record);
  const plan = ctx.faults.take(method, path, path.replace(FAMILY_PREFIX, ''));
  if (plan.delayMs > 0) await sleep(plan.delayMs);
  if (plan.drop) {
    record.status = -1;
    req.socket.destroy();
    return;
  }
  if (plan.fail) {
    record.status = plan.fail.status;
    req.resume();
    res.setHeader('date', ctx.parts.clock.httpDate());
    sendJson(res, plan.fail.status, plan.fail.body, plan.fail.headers);
    return;
  }
  if (method === 'GET' && JOB_POLL.test(path)) failJobs(res, ctx.faults);
  const handled = await handle();
  record.status = res.statusCode;
  record.effectiveVersion = handled.effectiveVersion;
  record.caller = handled.caller;
  if (handled.read !== undefined) record.fields = fieldSizes(handled.read);
}

/** Rewrites a SUCCEEDED poll answer as FAILED (no payload) when failNextJob said so. */
function failJobs(res: ServerResponse, faults: FaultInjector): void {
  const end = res.end.bind(res) as (text: string) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number, headers: Record<string, unknown>) => void;
  let head: { status: number; headers: Record<string, unknown> } | undefined;
  res.writeHead = ((status: number, headers: Record<string, unknown>) => {
    head = { status, headers };
    return res;
  }) as typeof res.writeHead;
  res.end = ((text: string) => {
    let body = text;
    const answer = head?.status === 200 ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    if (answer?.status === 'SUCCEEDED' && faults.jobFailed(String(answer.id))) {
      const { payload: _payload, ...rest } = answer;
      body = JSON.stringify({ ...rest, status: 'FAILED' });
    }
    if (head) writeHead(head.status, { ...head.headers, 'content-length': Buffer.byteLength(body) });
    return end(body);
  }) as typeof res.end;
}

/** Field sizes of a request value for the log (see RequestRecord.fields). */
function fieldSizes(value: unknown): Record<string, number | null> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const sizes: Record<string, number | null> = {};
  for (const [name, field] of Object.entries(value)) {
    // Identifier-like names only: a map keyed by data (section keys, ids) would put data in the log.
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) continue;
    sizes[name] = typeof field === 'string' ? [...field].length : Array.isArray(field) ? field.length : null;
  }
  return sizes;
}
