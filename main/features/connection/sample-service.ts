/**
 * The app's one door to the built-in local service (main/programs/local-service) and the bundled sample recording
 * (synthetic speech, no real patient) for the sample visit. The service is loaded on first use only
 * (its own bundle, dist/main/local-service-demo.cjs): an app that never runs the sample never loads it.
 */
import { join } from 'node:path';
import type { DemoService } from '../../programs/local-service/demo.ts';
import { DEFAULT_FIXTURES_DIR } from '../../programs/local-service/sample-dir.ts';

export type { DemoService };

/** The sample visit recording (synthetic speech, no real patient). */
export const SAMPLE_RECORDING = join(DEFAULT_FIXTURES_DIR, 'visit.wav');
/** The sample dictation recording (synthetic speech, no real patient). */
export const SAMPLE_DICTATION = join(DEFAULT_FIXTURES_DIR, 'dictation.wav');

/** Loads the local service's demo entry and starts it on 127.0.0.1 (HTTP and both WebSockets). */
export async function startDemoService(): Promise<DemoService> {
  const demo = await import('../../programs/local-service/demo.ts');
  return demo.startDemoService();
}
