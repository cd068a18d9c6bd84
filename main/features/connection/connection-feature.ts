/**
 * The connection feature's one factory: the connection manager (which service we talk to, and how we
 * signed in), the `connect:*` slice, and what it reports (sign-ins and sign-outs). Its connector is given
 * (tests) or built from the platform (the keychain-keyed vault, IT's managed connection, the
 * organization's sign-in, the sample kit).
 */
import type { Feature, Reporter } from '../../core/ipc/feature.ts';
import type { HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import { ConnectionManager, type SignInOptions } from './connection-manager.ts';
import { connectionWays, followPolicy, type ConnectionPlatform } from './connection-platform.ts';
import { createConnectionHandlers } from './handlers.ts';
import type { Connector, CoreAccess, SampleKit, SignInEvent } from './ports.ts';
import { createSampleKit } from './sample-kit.ts';

export type { ConnectionManager } from './connection-manager.ts';
export type { ConnectionPlatform } from './connection-platform.ts';
export type { OpenBrowser } from './oidc-sign-in.ts';

/** Connections from a given connector (tests), with the sign-in options and sample kit given too. */
export interface GivenConnector {
  readonly connector: Connector;
  /** The ways in this installation offers (default: the person's own credentials). */
  readonly signIn?: SignInOptions | (() => SignInOptions);
  readonly sample: SampleKit | null;
}

export interface ConnectionFeatureDeps {
  readonly emit: EmitEvent;
  /** The connection must not change under a visit being recorded. */
  readonly visitActive: () => boolean;
  readonly ways: GivenConnector | { readonly platform: ConnectionPlatform };
}

export interface ConnectionFeature extends Feature<
  ConnectionManager,
  HandlerSlice<'connect'>,
  Reporter<SignInEvent>
> {
  /** The Core API of the connection now, as note and settings reach it (they never see the manager). */
  readonly core: CoreAccess;
  /** IT's policy changed: publish the ways in again, close a connection it no longer allows. */
  policyChanged(): void;
  /** Stops the sample service. */
  dispose(): Promise<void>;
}

export function createConnectionFeature(deps: ConnectionFeatureDeps): ConnectionFeature {
  const { given, platform } = partsOf(deps.ways);
  const manager = new ConnectionManager(given.connector, given.sample, deps.visitActive, given.signIn);
  manager.onStatus((status) => deps.emit('connect:status', status));
  return {
    service: manager,
    handlers: createConnectionHandlers(manager),
    events: manager,
    core: {
      require: () => manager.require().core,
      current: () => (manager.mode === 'none' ? null : manager.require().core),
    },
    policyChanged: () =>
      platform ? followPolicy(manager, platform.ways, platform.rules) : void manager.publish(),
    dispose: async () => platform?.kit.close(),
  };
}

/** The connector, sign-in options and sample kit: given, or built from the platform. */
function partsOf(ways: ConnectionFeatureDeps['ways']) {
  if ('connector' in ways) return { given: ways, platform: null };
  const { platform } = ways;
  const built = connectionWays(platform);
  // The sample visit's recording is never journaled: the sample keeps nothing on disk.
  const kit = createSampleKit({ transcriber: platform.transcribers(), audio: platform.audio });
  const given: GivenConnector = { connector: built.connector, signIn: built.signIn, sample: kit };
  return { given, platform: { ways: built, rules: platform.rules, kit } };
}
