/**
 * The local service as the tests use it: the strict service (main/programs/local-service) with HTTP and streaming
 * fault injection and the control API (clock, tokens, users, faults, request and socket records), all
 * installed through the service's one extension point. The app never sees these: its sample visit opens the
 * service through main/programs/local-service/demo.ts, with no extension.
 */
import {
  startLocalService as startService,
  type LocalService as ServiceCore,
  type LocalServiceOptions,
  type OAuthClientConfig,
  type ServiceParts,
} from '../../main/programs/local-service/index.ts';
import type { CoreUser } from '../../main/programs/local-service/users.ts';
import { FaultInjector, type DelayFault, type FailFault, type FaultTarget } from './faults.ts';
import { httpExchange, type RequestRecord } from './http.ts';
import { StreamingControl } from './streaming-faults.ts';

export type { SocketRecord } from './streaming-faults.ts';

/** The tests' controls of a running local service. */
interface LocalServiceControl {
  /** Every request seen, oldest first (method, path, version, caller, status; never bodies). */
  readonly requests: readonly RequestRecord[];
  clearRequests(): void;
  /** Moves the service clock forward (tokens, assertions, jobs and retention all see it). */
  advance(ms: number): void;
  now(): number;
  /** Every access token issued so far (server and user) is expired from now on. */
  expireAllTokens(): void;
  /** Every refresh token issued so far is expired from now on. */
  expireAllRefreshTokens(): void;
  /** The next async job to finish ends FAILED. */
  failNextJob(): void;
  /** The next `count` requests of a path answer `status` (with `headers`, e.g. Retry-After). */
  failNext(spec: FailFault): void;
  /** The next `count` requests of a path wait `ms` before being handled. */
  delayNext(spec: DelayFault): void;
  /** The next `count` requests of a path lose their connection without an answer. */
  dropNext(spec: FaultTarget): void;
  clearFaults(): void;
  /** Adds or replaces an OAuth client (key rotation). */
  setClient(client: OAuthClientConfig): void;
  deleteClient(clientId: string): void;
  /** Creates a user directly (no HTTP). */
  createUser(init?: { external_id?: string; metadata?: Record<string, string> }): CoreUser;
  /** Mints user tokens directly (no HTTP), as /jwt/authenticate would. */
  mintUserTokens(userId: string): Promise<{ access_token: string; refresh_token: string }>;
  /** Mints a server token directly (no assertion), for tests that are not about the token exchange. */
  mintServerToken(clientId: string): { access_token: string; expires_in: number };
  /** Async jobs still kept. */
  readonly jobCount: number;
  /** The streaming WebSockets' fault injection and socket records (/transcribe-ws, /dictate-ws). */
  readonly streaming: StreamingControl;
}

/** A running local service with its controls. */
export interface LocalService extends ServiceCore {
  /** The service's parts, as its extension got them (token verdicts, stores). */
  readonly internals: ServiceParts;
  readonly control: LocalServiceControl;
}

/** Starts the local service on 127.0.0.1 with fault injection and the control API. */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const faults = new FaultInjector();
  const streaming = new StreamingControl();
  const log: RequestRecord[] = [];
  let internals: ServiceParts | undefined;
  const service = await startService(options, (parts) => {
    internals = parts;
    streaming.attach({ timings: parts.streamingTimings, httpDate: () => parts.clock.httpDate() });
    return { ...streaming.extension(), http: httpExchange(parts, faults, log) };
  });
  const parts = internals!;
  return { ...service, internals: parts, control: controlOf(parts, log, faults, streaming) };
}

function controlOf(
  parts: ServiceParts,
  log: RequestRecord[],
  faults: FaultInjector,
  streaming: StreamingControl,
): LocalServiceControl {
  const { clock, keys, tokens, users, jobs } = parts;
  return {
    get requests() {
      return log;
    },
    clearRequests: () => void log.splice(0),
    advance: (ms) => clock.advance(ms),
    now: () => clock.now(),
    expireAllTokens: () => tokens.expireAllAccessTokens(),
    expireAllRefreshTokens: () => tokens.expireAllRefreshTokens(),
    failNextJob: () => faults.failNextJob(),
    failNext: (spec) => faults.failNext(spec),
    delayNext: (spec) => faults.delayNext(spec),
    dropNext: (spec) => faults.dropNext(spec),
    clearFaults: () => faults.clear(),
    setClient: (client) => keys.set(client),
    deleteClient: (clientId) => keys.delete(clientId),
    createUser: (init = {}) => users.create(init),
    mintUserTokens: (userId) => tokens.issueUser(users.get(userId).id),
    mintServerToken: (clientId) => tokens.issueServer(clientId),
    get jobCount() {
      return jobs.size;
    },
    streaming,
  };
}
