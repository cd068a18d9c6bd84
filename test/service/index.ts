/**
 * The local service as the tests use it: the strict service (main/local-service) with HTTP and streaming
 * fault injection and the control API (clock, tokens, users, faults, request and socket records). The app never
 * sees these: its sample visit opens the service through main/local-service/demo.ts.
 */
import {
  startLocalService as startService,
  type LocalService as ServiceCore,
  type LocalServiceOptions,
  type OAuthClientConfig,
  type RequestRecord,
} from '../../main/local-service/index.ts';
import type { CoreUser } from '../../main/local-service/users.ts';
import { FaultInjector, type DelayFault, type FailFault, type FaultTarget } from './faults.ts';
import { StreamingControl } from './streaming-faults.ts';

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
  readonly control: LocalServiceControl;
}

/** Starts the local service on 127.0.0.1 with fault injection and the control API. */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const faults = new FaultInjector();
  const streaming = new StreamingControl();
  const service = await startService({
    ...options,
    faults,
    streaming: { ...options.streaming, faults: streaming },
  });
  streaming.attach(service.internals.streaming);
  return { ...service, control: controlOf(service, faults, streaming) };
}

function controlOf(
  service: ServiceCore,
  faults: FaultInjector,
  streaming: StreamingControl,
): LocalServiceControl {
  const { clock, keys, tokens, users, jobs, log } = service.internals;
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
