/**
 * A shared OS account (issue 32): when one clinician signs out, or another signs in over them, what the
 * first left in the window goes: the visit on screen with its note and codes, the dictation box and the
 * dictation history (its encrypted file too). Journals of unfinished or ended visits stay on disk stamped
 * with their clinician (core/journal/journal-owner.ts) and are offered to that clinician only.
 */
import type { ClinicianIdentity, SignInEvent } from '../features/connection/ports.ts';
import { journalOwner } from '../core/journal/journal-owner.ts';

/** What follows the clinician: who is signed in, and what forgets the last one's work on screen. */
export interface ClinicianChangeParts {
  readonly connections: {
    identity(): ClinicianIdentity | null;
    onDidReport(listener: (event: SignInEvent) => void): () => void;
  };
  readonly visit: { setAside(): Promise<void> };
  readonly dictation: { forgetClinician(): Promise<void> } | null;
  /** A failure while forgetting (never a reason to keep the window as it was). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Follows sign-ins and sign-outs: a sign-out always forgets, a sign-in forgets when the clinician is not the
 * one signed in before (or cannot be told apart). Returns the remover.
 */
export function forgetOnClinicianChange(parts: ClinicianChangeParts): () => void {
  let last: string | undefined = journalOwner(parts.connections.identity());
  let forgetting = Promise.resolve();
  const forget = () => {
    forgetting = forgetting
      .then(() => parts.visit.setAside())
      .then(() => parts.dictation?.forgetClinician())
      .catch((error: unknown) => parts.onError?.(error));
  };
  return parts.connections.onDidReport((event) => {
    if (event.kind === 'signed_out') {
      last = undefined;
      forget();
    } else if (event.kind === 'signed_in') {
      const now = journalOwner(parts.connections.identity());
      const same = now !== undefined && now === last;
      if (!same && (last !== undefined || event.how === 'entered')) forget();
      last = now;
    }
  });
}
