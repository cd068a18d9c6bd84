/**
 * The sample visit's entry to the local service: started on 127.0.0.1 with no OAuth client, one
 * throw-away client added per connect. It offers nothing else (no fault injection, no control API). Only
 * main/features/connection/sample-service.ts imports it, lazily: build.config.mjs bundles it on its own, so the
 * service is loaded only when a clinician chooses the sample visit (eslint.config.js enforces who imports).
 */
import { startLocalService, type OAuthClientConfig } from './index.ts';
import type { StreamingServiceSetup } from './options.ts';
import { SAMPLE_VISIT_SCRIPT } from './clinical/sample-script.ts';

/**
 * The sample dictation's script (sample/dictation.wav says "patient is stable period …"): the first pass
 * hears "stable" as "table", and the correction follows 1.5 s later, while the recording still plays, so a
 * newcomer sees an ASYNC_CORRECTION replace words in the box (the service's default delay is 0.3 s).
 * Recognition options of this double, not contract behaviour: the frames are the contract's.
 */
const SAMPLE_STREAMING: StreamingServiceSetup = {
  mishearings: [{ phrase: 'stable', heard: 'table' }],
  timings: { correctionDelayMs: 1_500 },
};

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
  // The sample visit's note, instructions and translations are pre-written (clinical/sample-script.ts).
  const service = await startLocalService({
    streaming: SAMPLE_STREAMING,
    sampleScript: SAMPLE_VISIT_SCRIPT,
    sampleDayFor: SAMPLE_CLINICIAN,
  });
  return {
    url: service.url,
    addClient: (client) => service.setClient(client),
    close: () => service.close(),
  };
}
