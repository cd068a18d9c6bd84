/**
 * The one door to the built-in local service (main/local-service) and the bundled sample recording
 * (synthetic speech, no real patient) for the sample visit.
 */
import { join } from 'node:path';
import {
  DEFAULT_FIXTURES_DIR,
  startLocalService,
  type LocalService,
  type LocalServiceOptions,
} from '../local-service/index.ts';

/** Folder with the bundled synthetic recordings and their manifest. */
export const SAMPLE_AUDIO_DIR = DEFAULT_FIXTURES_DIR;
/** The sample visit recording (synthetic speech, no real patient). */
export const SAMPLE_RECORDING = join(SAMPLE_AUDIO_DIR, 'visit.wav');

/** A running local service with HTTP and streaming on one port. */
export interface SampleService {
  readonly url: string;
  readonly service: LocalService;
  close(): Promise<void>;
}

/** Starts the local service on 127.0.0.1 (HTTP and both WebSockets). */
export async function startSampleService(options: LocalServiceOptions = {}): Promise<SampleService> {
  const service = await startLocalService(options);
  return { url: service.url, service, close: () => service.close() };
}
