/**
 * What the updates feature reports (the audit trail listens): an installer refused by our own checks, with
 * the versions and a reason code only.
 */
import type { EmbeddedVersionVerdict } from './embedded-version.ts';

/** A downloaded installer whose own version is not the announced one, newer than this one. */
export interface UpdateRefusedEvent {
  readonly kind: 'update_refused';
  readonly reason: EmbeddedVersionVerdict['refusal'];
  readonly announced: string | null;
  readonly embedded: string | null;
}
