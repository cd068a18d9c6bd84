import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClock } from './clock.ts';
import { DEFAULT_FIXTURES_DIR } from './sample-dir.ts';
import { JobStore } from './jobs.ts';
import {
  resolveOptions,
  type LocalServiceOptions,
  type OAuthClientConfig,
  type ResolvedOptions,
  type StreamingServiceSetup,
} from './options.ts';
import type { Route } from './router.ts';
import { createHandler } from './server.ts';
import { PASS_THROUGH, type ServiceExtension } from './extension.ts';
import { ServiceError } from './errors.ts';
import { ClientKeyRing } from './auth/client-keys.ts';
import { authRoutes } from './auth/routes.ts';
import { TokenStore } from './auth/token-store.ts';
import { UserStore, userRoutes } from './users.ts';
import { UserStateStore } from './user-state.ts';
import { noteRoutes } from './routes/notes.ts';
import { codingRoutes } from './routes/coding.ts';
import { audioRoutes } from './routes/audio.ts';
import { settingsRoutes } from './routes/settings.ts';
import { userContentRoutes } from './routes/user-content.ts';
import { ServerApiStore } from './server-api/store.ts';
import { serverApiRoutes } from './server-api/routes.ts';
import { seedDay } from './server-api/sample-day.ts';
import {
  attachStreamingService,
  createFixtureRecognizer,
  loadFixtureManifest,
  streamingTimings,
  type Recognizer,
  type SocketRegistry,
  type StreamingTimings,
} from './ws/index.ts';

export type { LocalServiceOptions, OAuthClientConfig } from './options.ts';
export type { HandledRequest, ServiceExtension, StreamSocket } from './extension.ts';

export { DEFAULT_FIXTURES_DIR } from './sample-dir.ts';

/**
 * The parts of a running service an extension may work on (the tests' control API: test/service/index.ts).
 * The service hands them to the extension it was started with, and to nobody else.
 */
export interface ServiceParts {
  clock: ServiceClock;
  keys: ClientKeyRing;
  tokens: TokenStore;
  users: UserStore;
  jobs: JobStore;
  /** The Server API's records (patients, providers, appointments, conversations …). */
  serverApi: ServerApiStore;
  /** The organization's Server API keys, as the administration console lists them. */
  serverApiKeys: Set<string>;
  /** The streaming WebSockets' timings, read when used (a test may change them mid-stream). */
  streamingTimings: StreamingTimings;
  /** The token verdict the streaming side asks for. */
  verifyToken(token: string, caller: 'server' | 'user'): 'ok' | 'expired' | 'invalid';
}

/** Builds the extension of a service from its parts (tests only; the sample visit passes none). */
export type Extend = (parts: ServiceParts) => ServiceExtension;

/** A running local service. */
export interface LocalService {
  /** Base URL, e.g. http://127.0.0.1:PORT (no path). */
  url: string;
  /** The `aud` assertions must carry. */
  audience: string;
  /** Adds (or replaces) an OAuth client, as the administration console does. */
  setClient(client: OAuthClientConfig): void;
  close(): Promise<void>;
}

/** Starts the strict local implementation of the Core API on 127.0.0.1, with an extension if given. */
export async function startLocalService(
  options: LocalServiceOptions = {},
  extend?: Extend,
): Promise<LocalService> {
  const resolved = resolveOptions(options);
  const stores = createStores(options, resolved);
  if (options.sampleDayFor) seedDay(stores.serverApi, { day: new Date(), clinician: options.sampleDayFor });
  const { clock, tokens, users } = stores;
  let audience = options.audience ?? '';
  const routes = serviceRoutes(stores, resolved, () => audience);
  const verifyToken = tokenVerdict(tokens, users);
  const timings = streamingTimings(options.streaming?.timings);
  const extension = extend?.({ ...stores, streamingTimings: timings, verifyToken }) ?? PASS_THROUGH;
  const now = () => clock.now();
  let url = '';
  const serverApi = serverApiDoor(stores, resolved, () => url);
  const server = createServer(
    createHandler(
      { routes, tokens, users, pinnedVersion: resolved.pinnedVersion, now, serverApi },
      extension,
    ),
  );
  await listen(server, resolved.port);
  const streaming = attachStreamingService(server, {
    verifyToken,
    recognizer: options.streaming?.recognizer ?? lazyFixtureRecognizer(options.streaming ?? {}),
    timings,
    pinnedVersion: resolved.pinnedVersion,
    httpDate: () => clock.httpDate(),
    extension,
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!audience) audience = `${url}/v1/core/server/oauth/token`;
  return {
    url,
    audience,
    setClient: (client) => stores.keys.set(client),
    close: () => closeService(server, streaming),
  };
}

type Stores = Pick<
  ServiceParts,
  'clock' | 'keys' | 'tokens' | 'users' | 'jobs' | 'serverApi' | 'serverApiKeys'
> & {
  userState: UserStateStore;
};

function createStores(options: LocalServiceOptions, resolved: ResolvedOptions): Stores {
  const clock = new ServiceClock(options.now, options.clockOffsetMs ?? 0);
  const tokens = new TokenStore(clock, {
    server: resolved.serverTokenLifetimeSec,
    userAccess: resolved.userAccessTokenLifetimeSec,
    refresh: resolved.refreshTokenLifetimeSec,
  });
  return {
    clock,
    keys: new ClientKeyRing(resolved.clients),
    tokens,
    users: new UserStore(clock),
    userState: new UserStateStore(),
    jobs: new JobStore(clock, resolved.jobs, resolved.retentionMs),
    serverApi: new ServerApiStore(() => clock.now()),
    serverApiKeys: new Set(resolved.serverApiKeys),
  };
}

function serviceRoutes(stores: Stores, resolved: ResolvedOptions, audience: () => string): Route[] {
  const { keys, tokens, users, clock, jobs, userState } = stores;
  const deps = { clock, jobs, userState, options: resolved };
  return [
    ...authRoutes({ keys, tokens, users, clock, audience }),
    ...userRoutes(users),
    ...noteRoutes(deps),
    ...codingRoutes(deps),
    ...audioRoutes(deps),
    ...settingsRoutes(deps),
    ...userContentRoutes(deps),
  ];
}

/** The Server API's door: its routes, the keys and tokens it takes, its pinned version. */
function serverApiDoor(stores: Stores, resolved: ResolvedOptions, url: () => string) {
  return {
    routes: serverApiRoutes(stores.serverApi, url),
    tokens: stores.tokens,
    apiKeys: () => [...stores.serverApiKeys],
    pinnedVersion: resolved.serverApiPinnedVersion,
  };
}

/** The token verdict the streaming side asks for: the bearer rules of HTTP, as ok, expired or invalid. */
function tokenVerdict(tokens: TokenStore, users: UserStore): ServiceParts['verifyToken'] {
  return (token, family) => {
    try {
      const caller = tokens.authenticate(token);
      if (caller.kind !== family) return 'invalid';
      if (caller.kind === 'user' && !users.find(caller.userId)?.activated) return 'invalid';
      return 'ok';
    } catch (error) {
      return error instanceof ServiceError && error.errorName === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
    }
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function closeService(server: Server, streaming: SocketRegistry): Promise<void> {
  return new Promise<void>((resolve) => {
    // server.close() waits for upgraded sockets, which closeAllConnections() does not reach.
    streaming.terminateAll();
    server.closeAllConnections();
    server.close(() => resolve());
  });
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
