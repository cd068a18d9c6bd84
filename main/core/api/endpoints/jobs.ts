import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { PROTOCOL } from '../protocol.ts';
import { JobError, NotFoundError } from '../errors.ts';
import { asyncJobSchema, AsyncStartSchema } from '../schemas/common.ts';
import { delay as wait } from '../../../base/async/delay.ts';
import { call, type CallOptions, type CoreContext } from './context.ts';

/** A started async job: its id, when it started, and how to poll it. */
export interface AsyncJob<T> {
  readonly id: string;
  readonly startedAt: number;
  /** Result retention on the service: polling after this cannot succeed. */
  readonly expiresAt: number;
  /** Polls with backoff until SUCCEEDED, FAILED, the deadline, or the result's expiry. */
  result(options?: PollOptions): Promise<T>;
}

interface PollOptions extends CallOptions {
  /** Give up after this long (default 10 minutes). */
  deadlineMs?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Progress callback: elapsed ms and attempt number (for a progress bar). */
  onProgress?: (progress: { elapsedMs: number; polls: number }) => void;
  now?: () => number;
}

/** Starts an async job (`POST path`) and returns a handle that polls `GET path/{id}`. */
export async function startJob<T>(
  ctx: CoreContext,
  path: string,
  body: unknown,
  payload: z.ZodType<T>,
  operation: string,
  options: CallOptions & { now?: () => number } = {},
): Promise<AsyncJob<T>> {
  // Every start carries a client_request_id, so that a retry after a lost answer cannot start a second job.
  // `??`, not a spread default: a request with `client_request_id: undefined` must still get one, since the
  // call below is retried as idempotent.
  const given = (body as { client_request_id?: string }).client_request_id;
  const withId = { ...(body as object), client_request_id: given ?? randomUUID() };
  const started = await call(ctx, 'POST', path, AsyncStartSchema, operation, {
    body: withId,
    idempotent: true,
    signal: options.signal,
  });
  return jobHandle(ctx, path, started.id, payload, operation, (options.now ?? Date.now)());
}

/** A handle on a job that was started earlier (e.g. before a restart). */
export function jobHandle<T>(
  ctx: CoreContext,
  path: string,
  id: string,
  payload: z.ZodType<T>,
  operation: string,
  startedAt: number,
): AsyncJob<T> {
  const job: JobRef<T> = { ctx, path, id, operation, schema: asyncJobSchema(payload) };
  const expiresAt = startedAt + PROTOCOL.asyncRetentionMs;
  return { id, startedAt, expiresAt, result: (options = {}) => pollJob(job, expiresAt, options) };
}

interface JobRef<T> {
  readonly ctx: CoreContext;
  readonly path: string;
  readonly id: string;
  readonly operation: string;
  readonly schema: z.ZodType<AsyncJobState<T>>;
}

type AsyncJobState<T> = z.infer<ReturnType<typeof asyncJobSchema<z.ZodType<T>>>>;

/** Polls with backoff until the job settles, the deadline passes or the result expires. */
async function pollJob<T>(job: JobRef<T>, expiresAt: number, options: PollOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const begin = now();
  const deadline = Math.min(begin + (options.deadlineMs ?? 10 * 60_000), expiresAt);
  let delay = options.initialDelayMs ?? 500;
  for (let polls = 1; ; polls++) {
    const state = await pollOnce(job, expiresAt, now, options.signal);
    if (state.status === 'SUCCEEDED' || state.status === 'FAILED') return settled(state, job.operation);
    options.onProgress?.({ elapsedMs: now() - begin, polls });
    if (now() + delay > deadline) {
      throw new JobError('job_timed_out', { operation: job.operation, retryable: true });
    }
    await wait(delay, options.signal);
    options.signal?.throwIfAborted();
    delay = Math.min(options.maxDelayMs ?? 5_000, Math.round(delay * 1.6));
  }
}

/** One poll; a 404 after the result's retention says it expired. */
async function pollOnce<T>(
  job: JobRef<T>,
  expiresAt: number,
  now: () => number,
  signal: AbortSignal | undefined,
): Promise<AsyncJobState<T>> {
  const { ctx, path, id, operation } = job;
  try {
    return await call(ctx, 'GET', `${path}/${encodeURIComponent(id)}`, job.schema, `${operation}-poll`, {
      signal,
    });
  } catch (error) {
    if (error instanceof NotFoundError && now() >= expiresAt) {
      throw new JobError('job_expired', { operation, status: 404 });
    }
    throw error;
  }
}

/** The payload of a SUCCEEDED job; a FAILED one (or a success without payload) throws. */
function settled<T>(job: AsyncJobState<T>, operation: string): T {
  if (job.status === 'SUCCEEDED') {
    if (job.payload == null) {
      throw new JobError('job_no_result', { operation });
    }
    return job.payload as T;
  }
  throw new JobError('job_failed', {
    operation,
    code: job.error?.code,
    name: job.error?.name,
    retryable: true,
  });
}
