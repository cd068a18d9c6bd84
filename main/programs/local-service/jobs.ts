import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { notFound } from './errors.ts';
import type { ServiceClock } from './clock.ts';
import type { Caller } from './auth/token-store.ts';
import type { JobTimingOptions } from './options.ts';
import { parseWith, type Family, type Route, type RouteContext } from './router.ts';

/** Async job states (public facts). */
type JobStatus = 'ONGOING' | 'SUCCEEDED' | 'FAILED';

interface Job {
  id: string;
  kind: string;
  owner: string;
  clientRequestId: string | undefined;
  createdAt: number;
  pollsSeen: number;
  status: JobStatus;
  payload: unknown;
}

/** `client_request_id`: optional, at most 128 characters. */
export const clientRequestId = z
  .string()
  .min(1)
  .max(128, 'client_request_id is at most 128 characters')
  .optional();

/** Who owns a job: only the same caller can poll it. */
function ownerKey(caller: Caller | null): string {
  if (!caller) return 'anonymous';
  return caller.kind === 'server' ? `server:${caller.clientId}` : `user:${caller.userId}`;
}

/**
 * Async jobs: the result is computed when the job starts (so input errors are refused at once), the
 * job reports ONGOING for the configured polls/time, then SUCCEEDED, and is forgotten after the retention
 * period (404). (A FAILED job is a test's doing: test/service/http.ts rewrites the poll answer.)
 */
export class JobStore {
  readonly #jobs = new Map<string, Job>();

  constructor(
    private readonly clock: ServiceClock,
    private readonly timing: Required<JobTimingOptions>,
    private readonly retentionMs: number,
  ) {}

  /** Starts a job, or returns the live job started with the same client_request_id. */
  start(kind: string, owner: string, crid: string | undefined, compute: () => unknown): { id: string } {
    this.#forgetExpired();
    if (crid !== undefined) {
      for (const job of this.#jobs.values()) {
        if (job.kind === kind && job.owner === owner && job.clientRequestId === crid) return { id: job.id };
      }
    }
    const payload = compute();
    const job: Job = {
      id: randomUUID(),
      kind,
      owner,
      clientRequestId: crid,
      createdAt: this.clock.now(),
      pollsSeen: 0,
      status: 'ONGOING',
      payload,
    };
    this.#jobs.set(job.id, job);
    return { id: job.id };
  }

  /** The poll answer `{id, status, client_request_id?, payload?}`; 404 when unknown, foreign or forgotten. */
  poll(kind: string, owner: string, id: string): Record<string, unknown> {
    this.#forgetExpired();
    const job = this.#jobs.get(id);
    if (!job || job.kind !== kind || job.owner !== owner) throw notFound('job');
    if (job.status === 'ONGOING') {
      const elapsed = this.clock.now() - job.createdAt;
      if (job.pollsSeen >= this.timing.ongoingPolls && elapsed >= this.timing.ongoingMs) {
        job.status = 'SUCCEEDED';
      } else job.pollsSeen++;
    }
    return {
      id: job.id,
      status: job.status,
      ...(job.clientRequestId !== undefined ? { client_request_id: job.clientRequestId } : {}),
      ...(job.status === 'SUCCEEDED' ? { payload: job.payload } : {}),
    };
  }

  /** Number of jobs still kept. */
  get size(): number {
    this.#forgetExpired();
    return this.#jobs.size;
  }

  #forgetExpired(): void {
    const now = this.clock.now();
    for (const [id, job] of this.#jobs) {
      if (now - job.createdAt >= this.timing.ongoingMs + this.retentionMs) this.#jobs.delete(id);
    }
  }
}

/** What an async endpoint does with its parsed start request. */
export interface AsyncEndpoint<T> {
  /** Path of the sync endpoint, e.g. "/generate-note"; the async pair is `${path}-async`. */
  path: string;
  families: readonly Family[];
  since?: string;
  /** Reads the start request (JSON or multipart) and returns its client_request_id and a result thunk. */
  parse(
    ctx: RouteContext,
  ): Promise<{ clientRequestId?: string; input: T }> | { clientRequestId?: string; input: T };
  compute(input: T, ctx: RouteContext): unknown;
}

/** POST `${path}-async` and GET `${path}-async/:id` over a JobStore. */
export function asyncRoutes<T>(jobs: JobStore, endpoint: AsyncEndpoint<T>): Route[] {
  const kind = `${endpoint.path}-async`;
  const base = { families: endpoint.families, ...(endpoint.since ? { since: endpoint.since } : {}) };
  return [
    {
      ...base,
      method: 'POST',
      path: kind,
      handle: async (ctx) => {
        const { clientRequestId: crid, input } = await endpoint.parse(ctx);
        parseWith(clientRequestId, crid, 'client_request_id');
        return { body: jobs.start(kind, ownerKey(ctx.caller), crid, () => endpoint.compute(input, ctx)) };
      },
    },
    {
      ...base,
      method: 'GET',
      path: `${kind}/:id`,
      handle: (ctx) => ({ body: jobs.poll(kind, ownerKey(ctx.caller), ctx.params.id!) }),
    },
  ];
}
