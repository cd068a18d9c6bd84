/**
 * HTTP fault injection for the local service (tests only): the next requests of a path fail, wait or lose
 * their connection; the next async jobs end FAILED. The service knows nothing of it: test/service/http.ts
 * applies the plan around each exchange, through the service's extension.
 */
import { errorBody, type ErrorBody, type ErrorName } from '../../main/programs/local-service/errors.ts';

/** What to do to one request before handling it. */
export interface FaultPlan {
  delayMs: number;
  drop: boolean;
  fail?: { status: number; headers: Record<string, string>; body: ErrorBody };
}

/** Which requests a fault applies to: full path or path below the family prefix, optionally one method. */
export interface FaultTarget {
  path: string | RegExp;
  method?: string;
  /** How many matching requests are affected (default 1). */
  count?: number;
}

/** An HTTP error answer instead of the real one. */
export interface FailFault extends FaultTarget {
  status: number;
  headers?: Record<string, string>;
}

/** A delay before the request is handled. */
export interface DelayFault extends FaultTarget {
  ms: number;
}

type Fault =
  | { kind: 'fail'; spec: FailFault; left: number }
  | { kind: 'delay'; spec: DelayFault; left: number }
  | { kind: 'drop'; spec: FaultTarget; left: number };

const NAME_BY_STATUS: Record<number, ErrorName> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Injected failures, consumed in the order they were added. */
export class FaultInjector {
  readonly #faults: Fault[] = [];
  #failJobs = 0;
  /** Jobs seen finished: those this injector failed, and the others. */
  readonly #jobsFailed = new Set<string>();
  readonly #jobsSucceeded = new Set<string>();

  /** The next async job to finish ends FAILED (calls add up). */
  failNextJob(): void {
    this.#failJobs++;
  }

  /**
   * Whether a job the service reports SUCCEEDED is FAILED for the client: the first such report of a job
   * takes a pending failNextJob, and a failed job stays failed on every later poll.
   */
  jobFailed(id: string): boolean {
    if (this.#jobsFailed.has(id)) return true;
    if (this.#jobsSucceeded.has(id)) return false;
    const failed = this.#failJobs > 0;
    if (failed) this.#failJobs--;
    (failed ? this.#jobsFailed : this.#jobsSucceeded).add(id);
    return failed;
  }

  /** The next `count` matching requests answer `status` (e.g. 503, or 429 with Retry-After). */
  failNext(spec: FailFault): void {
    this.#faults.push({ kind: 'fail', spec, left: spec.count ?? 1 });
  }

  /** The next `count` matching requests wait `ms` of real time first. */
  delayNext(spec: DelayFault): void {
    this.#faults.push({ kind: 'delay', spec, left: spec.count ?? 1 });
  }

  /** The next `count` matching requests have their connection destroyed without an answer. */
  dropNext(spec: FaultTarget): void {
    this.#faults.push({ kind: 'drop', spec, left: spec.count ?? 1 });
  }

  /** Removes every pending request fault. */
  clear(): void {
    this.#faults.length = 0;
  }

  /** Takes the faults that apply to one request (at most one of each kind). */
  take(method: string, fullPath: string, subPath: string): FaultPlan {
    const plan: FaultPlan = { delayMs: 0, drop: false };
    const seen = new Set<string>();
    for (const fault of this.#faults) {
      if (fault.left <= 0 || seen.has(fault.kind === 'delay' ? 'delay' : 'end')) continue;
      if (!matches(fault.spec, method, fullPath, subPath)) continue;
      fault.left--;
      if (fault.kind === 'delay') {
        plan.delayMs = fault.spec.ms;
        seen.add('delay');
        continue;
      }
      seen.add('end');
      if (fault.kind === 'drop') plan.drop = true;
      else {
        const name =
          NAME_BY_STATUS[fault.spec.status] ?? (fault.spec.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
        plan.fail = {
          status: fault.spec.status,
          headers: fault.spec.headers ?? {},
          body: errorBody(name, `injected failure (HTTP ${fault.spec.status})`),
        };
      }
    }
    for (let i = this.#faults.length - 1; i >= 0; i--)
      if (this.#faults[i]!.left <= 0) this.#faults.splice(i, 1);
    return plan;
  }
}

function matches(target: FaultTarget, method: string, fullPath: string, subPath: string): boolean {
  if (target.method && target.method.toUpperCase() !== method) return false;
  if (typeof target.path === 'string') return target.path === fullPath || target.path === subPath;
  return target.path.test(fullPath);
}
