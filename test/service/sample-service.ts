/**
 * The tests' door to the local service (main/programs/local-service) with its control API and fault injection,
 * and the bundled sample recording. The app's own door (the sample visit) is
 * main/features/connection/sample-service.ts, which offers neither.
 */
import { type LocalServiceOptions } from '../../main/programs/local-service/index.ts';
import { startLocalService, type LocalService } from './index.ts';

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
