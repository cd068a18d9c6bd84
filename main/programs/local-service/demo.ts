/**
 * The sample visit's entry to the local service: started on 127.0.0.1 with no OAuth client, one
 * throw-away client added per connect. It offers nothing else (no fault injection, no control API). Only
 * main/features/connection/sample-service.ts imports it, lazily: build.config.mjs bundles it on its own, so the
 * service is loaded only when a clinician chooses the sample visit (eslint.config.js enforces who imports).
 */
import { startLocalService, type OAuthClientConfig } from './index.ts';

/** The running sample service. */
export interface DemoService {
  /** Base URL, e.g. http://127.0.0.1:PORT. */
  readonly url: string;
  /** Adds (or replaces) an OAuth client, e.g. a throw-away one for this run. */
  addClient(client: OAuthClientConfig): void;
  close(): Promise<void>;
}

/** The practitioner whose invented clinic day the sample shows (server-api/sample-day.ts). */
export const SAMPLE_CLINICIAN = 'sample-clinician';

/** Starts the sample service on a free loopback port, with today's invented clinic day. */
export async function startDemoService(): Promise<DemoService> {
  const service = await startLocalService({ sampleDayFor: SAMPLE_CLINICIAN });
  return {
    url: service.url,
    addClient: (client) => service.setClient(client),
    close: () => service.close(),
  };
}
