/**
 * The sample visit: a local service started on demand, signed in with a throw-away OAuth client created
 * for this run only, and the bundled synthetic recording as the only audio source (never a microphone).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { FileAudioSource } from '../../core/audio/file-source.ts';
import { ServerTokenSource } from '../../core/api/auth/server-token-source.ts';
import { HttpClient } from '../../core/api/transport/http.ts';
import { openConnection } from './connector.ts';
import type { AudioInputs } from '../../core/audio/ports.ts';
import type { Connection, SampleKit } from './ports.ts';
import type { TranscriberFactory } from '../../core/streaming/transcriber-port.ts';
import { SAMPLE_DICTATION, SAMPLE_RECORDING, startDemoService, type DemoService } from './sample-service.ts';

/** Builds the sample kit; the local service starts on the first connect and stops on close. */
export function createSampleKit(options: {
  /** The sample connection's transcriber (never journaled: the sample visit keeps nothing on disk). */
  transcriber: TranscriberFactory;
  /**
   * This computer's microphones, for the Connect screen's microphone check only (the sample never opens
   * one): the check says what a real visit would find, not the bundled recording as "1 input found".
   */
  audio: AudioInputs;
  recording?: string;
}): SampleKit & { close(): Promise<void> } {
  let running: Promise<DemoService> | null = null;
  return {
    async connect(): Promise<Connection> {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const clientId = randomUUID();
      running ??= startDemoService();
      const service = await running;
      service.addClient({
        id: clientId,
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      });
      const baseUrl = new URL(service.url);
      const http = new HttpClient({ baseUrl });
      const auth = new ServerTokenSource(http, { clientId, privateKey });
      return openConnection(baseUrl, auth, http, {
        audio: options.audio,
        transcriber: options.transcriber,
        // The sample service seeds this practitioner's invented day (local-service demo.ts).
        clinician: 'sample-clinician',
      });
    },
    openRecording() {
      return new FileAudioSource({ path: options.recording ?? SAMPLE_RECORDING, pace: 'realtime' });
    },
    openDictation() {
      return new FileAudioSource({ path: SAMPLE_DICTATION, pace: 'realtime' });
    },
    async close() {
      const service = await running;
      running = null;
      await service?.close();
    },
  };
}
