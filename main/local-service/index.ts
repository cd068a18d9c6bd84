import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClock } from './clock.ts';
import { DEFAULT_FIXTURES_DIR } from './sample-dir.ts';
import { FaultInjector, type DelayFault, type FailFault, type FaultTarget } from './faults.ts';
import { JobStore } from './jobs.ts';
import {
  resolveOptions,
  type LocalServiceOptions,
  type OAuthClientConfig,
  type StreamingServiceSetup,
} from './options.ts';
import type { Route } from './router.ts';
import { createHandler, authenticateRequest, type RequestRecord } from './server.ts';
import { ServiceError } from './errors.ts';
import { ClientKeyRing } from './auth/client-keys.ts';
import { authRoutes } from './auth/routes.ts';
import { TokenStore } from './auth/token-store.ts';
import { UserStore, userRoutes, type CoreUser } from './users.ts';
import { UserStateStore } from './user-state.ts';
import { noteRoutes } from './routes/notes.ts';
import { codingRoutes } from './routes/coding.ts';
import { audioRoutes } from './routes/audio.ts';
import { settingsRoutes } from './routes/settings.ts';
import { userContentRoutes } from './routes/user-content.ts';
import {
  attachStreamingService,
  createFixtureRecognizer,
  loadFixtureManifest,
  type Recognizer,
  type StreamingControl,
} from './ws/index.ts';

export type { LocalServiceOptions, OAuthClientConfig } from './options.ts';
export type { RequestRecord } from './server.ts';
export type { Caller } from './auth/token-store.ts';
export type { StreamingServiceSetup } from './options.ts';
export type { StreamingControl } from './ws/index.ts';

export { DEFAULT_FIXTURES_DIR } from './sample-dir.ts';

/** Test and demo controls of a running local service. */
export interface LocalServiceControl {
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

/** What the WebSocket side (ws/) attaches to: the same server, clock, tokens and log. */
export interface LocalServiceInternals {
  server: Server;
  clock: ServiceClock;
  tokens: TokenStore;
  users: UserStore;
  faults: FaultInjector;
  log: RequestRecord[];
  /** The 401/403 bearer rules of HTTP, for an upgrade request of a family. */
  authenticate: typeof authenticateRequest;
  /** The token verdict `attachStreamingService` (ws/) asks for. */
  verifyToken(token: string, caller: 'server' | 'user'): 'ok' | 'expired' | 'invalid';
}

/** A running local service. */
export interface LocalService {
  /** Base URL, e.g. http://127.0.0.1:PORT (no path). */
  url: string;
  /** The `aud` assertions must carry. */
  audience: string;
  control: LocalServiceControl;
  internals: LocalServiceInternals;
  close(): Promise<void>;
}

/** Starts the strict local implementation of the Core API on 127.0.0.1. */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const resolved = resolveOptions(options);
  const clock = new ServiceClock(options.now);
  const keys = new ClientKeyRing(resolved.clients);
  const tokens = new TokenStore(clock, {
    server: resolved.serverTokenLifetimeSec,
    userAccess: resolved.userAccessTokenLifetimeSec,
    refresh: resolved.refreshTokenLifetimeSec,
  });
  const users = new UserStore(clock);
  const userState = new UserStateStore();
  const jobs = new JobStore(clock, resolved.jobs, resolved.retentionMs);
  const faults = new FaultInjector();
  const log: RequestRecord[] = [];
  let audience = options.audience ?? '';
  const deps = { clock, jobs, userState, options: resolved };
  const routes: Route[] = [
    ...authRoutes({ keys, tokens, users, clock, audience: () => audience }),
    ...userRoutes(users),
    ...noteRoutes(deps),
    ...codingRoutes(deps),
    ...audioRoutes(deps),
    ...settingsRoutes(deps),
    ...userContentRoutes(deps),
  ];
  const verifyToken = (token: string, family: 'server' | 'user'): 'ok' | 'expired' | 'invalid' => {
    try {
      const caller = tokens.authenticate(token);
      if (caller.kind !== family) return 'invalid';
      if (caller.kind === 'user' && !users.find(caller.userId)?.activated) return 'invalid';
      return 'ok';
    } catch (error) {
      return error instanceof ServiceError && error.errorName === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
    }
  };
  const server = createServer(
    createHandler({
      routes,
      tokens,
      users,
      faults,
      log,
      pinnedVersion: resolved.pinnedVersion,
      now: () => clock.now(),
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, '127.0.0.1', () => resolve());
  });
  const streaming = attachStreamingService(server, {
    verifyToken: (token, family) => verifyToken(token, family),
    recognizer: options.streaming?.recognizer ?? lazyFixtureRecognizer(options.streaming ?? {}),
    ...(options.streaming?.timings ? { timings: options.streaming.timings } : {}),
    ...(options.streaming?.requireApiVersion === undefined
      ? {}
      : { requireApiVersion: options.streaming.requireApiVersion }),
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!audience) audience = `${url}/v1/core/server/oauth/token`;

  const control: LocalServiceControl = {
    get requests() {
      return log;
    },
    clearRequests: () => void log.splice(0),
    advance: (ms) => clock.advance(ms),
    now: () => clock.now(),
    expireAllTokens: () => tokens.expireAllAccessTokens(),
    expireAllRefreshTokens: () => tokens.expireAllRefreshTokens(),
    failNextJob: () => jobs.failNextJob(),
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
  return {
    url,
    audience,
    control,
    internals: {
      server,
      clock,
      tokens,
      users,
      faults,
      log,
      authenticate: authenticateRequest,
      verifyToken,
    },
    close: () =>
      new Promise<void>((resolve) => {
        // server.close() waits for upgraded sockets, which closeAllConnections() does not reach.
        streaming.terminateAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fixture recognizer, built on the first socket so HTTP-only users never read the recordings. */
function lazyFixtureRecognizer(setup: StreamingServiceSetup): Recognizer {
  let recognizer: Recognizer | undefined;
  return {
    openTrack: () => {
      recognizer ??= createFixtureRecognizer({
        fixtures: loadFixtureManifest(setup.fixturesDir ?? DEFAULT_FIXTURES_DIR),
        ...(setup.mishearings ? { mishearings: setup.mishearings } : {}),
      });
      return recognizer.openTrack();
    },
  };
}
