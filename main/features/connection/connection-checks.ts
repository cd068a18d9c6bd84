/**
 * The connection checks, shared by the Connect screen and `scribe doctor` so the two can never drift: the
 * same checks, in the same order, as the same closed reasons and params (preload/contract/check-codes.ts),
 * worded where they are shown (preload/words). The service's checks are the service client's
 * (main/core/api/connection-checks.ts); the microphone is this machine's, checked here.
 */
import {
  runServiceChecks,
  type ConnectionCheck,
  type ServiceCheckInput,
} from '../../core/api/connection-checks.ts';
import type { CheckId } from '../../../preload/contract/index.ts';

/** The checks in the order they run (both the app and the CLI show them in this order). */
export const CONNECTION_CHECKS: readonly CheckId[] = ['address', 'sign-in', 'notes', 'microphone'];

export interface ConnectionCheckInput extends ServiceCheckInput {
  /**
   * The microphones this machine has (any failure reads as none). Absent: the microphone is not checked
   * (`scribe doctor` without `--mic`, e.g. on a server with no sound system).
   */
  readonly listInputs?: () => Promise<readonly unknown[]>;
}

/** Runs every check in order: the service's, then the microphone's. */
export async function runConnectionChecks(input: ConnectionCheckInput): Promise<ConnectionCheck[]> {
  const results = await runServiceChecks(input);
  if (!input.listInputs) return results;
  results.push(await microphoneCheck(input.listInputs));
  return results;
}

/** Whether this machine has a microphone: a warning, not a failure, when it has none. */
async function microphoneCheck(listInputs: () => Promise<readonly unknown[]>): Promise<ConnectionCheck> {
  const inputs = await listInputs().catch(() => []);
  return inputs.length > 0
    ? { id: 'microphone', status: 'pass', reason: 'found', params: { count: inputs.length } }
    : { id: 'microphone', status: 'warn', reason: 'none' };
}
