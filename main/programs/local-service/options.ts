import { DEFAULT_SERVER_API_VERSION } from './server-api/versions.ts';
import type { JSONWebKeySet } from 'jose';
import { DEFAULT_PINNED_VERSION } from './versions.ts';
import type { Mishearing, Recognizer, StreamingTimings } from './ws/index.ts';
import type { SampleScript } from './clinical/sample-script.ts';

/** One OAuth client as the administration console records it. */
export type OAuthClientConfig =
  | {
      id: string;
      /** Static RSA public key: SPKI PEM, certificate PEM, or base64 DER (X.509, as the console takes it). */
      publicKey: string;
    }
  | {
      id: string;
      /** An inline JWKS (each key with its `kid`). */
      jwks: JSONWebKeySet;
    }
  | {
      id: string;
      /** A JWKS URL fetched at each assertion (loopback only in tests), so key rotation shows at once. */
      jwksUrl: string;
    };

/** How long an async job stays ONGOING: both bounds must be passed before it finishes. */
export interface JobTimingOptions {
  /** Polls answered ONGOING before the job may finish (default 1). */
  ongoingPolls?: number;
  /** Milliseconds of service time before the job may finish (default 0). */
  ongoingMs?: number;
}

/** The streaming WebSockets (/transcribe-ws, /dictate-ws) attached to the same HTTP server. */
export interface StreamingServiceSetup {
  /** Service timings (silence timeout, ack delay, recognition latency…); defaults follow public-facts. */
  timings?: Partial<StreamingTimings>;
  /** Folder with manifest.json and the fixture WAVs the recognizer knows (default: the bundled sample, main/programs/local-service/sample). */
  fixturesDir?: string;
  /** Scripted first-pass mishearings that async corrections later fix (dictation). */
  mishearings?: Mishearing[];
  /** Replaces the fixture recognizer altogether (fixturesDir and mishearings are then unused). */
  recognizer?: Recognizer;
}

/** Everything `startLocalService` can be told. */
export interface LocalServiceOptions {
  clients?: OAuthClientConfig[];
  /** Server token `expires_in` in seconds (default 3600). */
  serverTokenLifetimeSec?: number;
  /** User access token lifetime in seconds (default 300). */
  userAccessTokenLifetimeSec?: number;
  /** User refresh token lifetime in seconds (default 30 days). */
  refreshTokenLifetimeSec?: number;
  /** Base clock; `control.advance(ms)` moves it forward. */
  now?: () => number;
  /**
   * Milliseconds the service's clock runs ahead of (positive) or behind (negative) the base clock, e.g.
   * ±10 minutes to test clients on a wrong clock. Every time check and the `Date` header follow it.
   */
  clockOffsetMs?: number;
  jobs?: JobTimingOptions;
  /** How long async results are kept after they finish (default 2 h). */
  retentionMs?: number;
  /** The exact `aud` client assertions must carry (default `${url}/v1/core/server/oauth/token`). */
  audience?: string;
  /** Version applied when a request names none (the organization's pinned version; default DEFAULT_PINNED_VERSION), for
   * HTTP requests without `X-Nabla-Api-Version` and sockets without `nabla-api-version` alike. */
  pinnedVersion?: string;
  /** Transcript words below which note generation answers 83005 (default 8). */
  minTranscriptWords?: number;
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** The streaming WebSockets' setup (always attached; these only tune it). */
  streaming?: StreamingServiceSetup;
  /** The organization's Server API keys (default none: server access tokens still reach `/v1/server`). */
  serverApiKeys?: string[];
  /** The Server API version applied when a request names none (default DEFAULT_SERVER_API_VERSION). */
  serverApiPinnedVersion?: string;
  /**
   * Pre-written answers for one known conversation (the sample visit's, clinical/sample-script.ts): its
   * note, instructions and their translations. Default none: the rule-based writer answers everything.
   */
  sampleScript?: SampleScript;
  /** Seeds today's invented clinic day (server-api/sample-day.ts) for this practitioner's external id. */
  sampleDayFor?: string;
}

/** Options with every default applied. */
export type ResolvedOptions = Required<
  Omit<
    LocalServiceOptions,
    'now' | 'clockOffsetMs' | 'audience' | 'jobs' | 'streaming' | 'sampleScript' | 'sampleDayFor'
  >
> & {
  jobs: Required<JobTimingOptions>;
  sampleScript: SampleScript | null;
};

/** Applies the defaults. */
export function resolveOptions(options: LocalServiceOptions): ResolvedOptions {
  return {
    clients: options.clients ?? [],
    serverTokenLifetimeSec: options.serverTokenLifetimeSec ?? 3600,
    userAccessTokenLifetimeSec: options.userAccessTokenLifetimeSec ?? 300,
    refreshTokenLifetimeSec: options.refreshTokenLifetimeSec ?? 30 * 24 * 3600,
    jobs: { ongoingPolls: options.jobs?.ongoingPolls ?? 1, ongoingMs: options.jobs?.ongoingMs ?? 0 },
    retentionMs: options.retentionMs ?? 2 * 60 * 60 * 1000,
    pinnedVersion: options.pinnedVersion ?? DEFAULT_PINNED_VERSION,
    minTranscriptWords: options.minTranscriptWords ?? 8,
    port: options.port ?? 0,
    serverApiKeys: options.serverApiKeys ?? [],
    serverApiPinnedVersion: options.serverApiPinnedVersion ?? DEFAULT_SERVER_API_VERSION,
    sampleScript: options.sampleScript ?? null,
  };
}
