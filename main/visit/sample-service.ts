/**
 * The one door to the built-in local service and the bundled sample recording. They live under test/
 * today; when the lead moves them to where the app can ship them, only the two imports/paths below change.
 */
import { fileURLToPath } from 'node:url';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../test/service/index.ts';
import { attachStreamingService, createFixtureRecognizer, loadFixtureManifest } from '../../test/service/ws/index.ts';

/** Folder with the bundled synthetic recordings and their manifest. */
export const SAMPLE_AUDIO_DIR = fileURLToPath(new URL('../../test/fixtures/audio/', import.meta.url));
/** The sample visit recording (synthetic speech, no real patient). */
export const SAMPLE_RECORDING = fileURLToPath(new URL('../../test/fixtures/audio/visit.wav', import.meta.url));

/** A running local service with HTTP and streaming on one port. */
export interface SampleService {
  readonly url: string;
  readonly service: LocalService;
  close(): Promise<void>;
}

/** Starts the local service on 127.0.0.1 with the streaming endpoints attached. */
export async function startSampleService(options: LocalServiceOptions = {}): Promise<SampleService> {
  const service = await startLocalService(options);
  const internals = service.internals;
  // Attach streaming only when the service does not do it itself.
  const streaming =
    internals.server.listenerCount('upgrade') === 0
      ? attachStreamingService(internals.server, {
          verifyToken: (token, caller) => internals.verifyToken(token, caller),
          recognizer: createFixtureRecognizer({ fixtures: loadFixtureManifest(SAMPLE_AUDIO_DIR) }),
        })
      : null;
  return {
    url: service.url,
    service,
    close: async () => {
      streaming?.terminateAll();
      await service.close();
    },
  };
}
