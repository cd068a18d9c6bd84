/**
 * What the service client reports about a failed call, as closed facts (never a sentence): the service
 * client (main/core/api) sets them on its errors, and the words are chosen where they are shown
 * (preload/words: `serviceNoteText`, for the CLI's line). Zod-free.
 */
import type { JobReason, ShapeReason } from './failure-reasons.ts';

/**
 * What this computer's clock has to do with a refused sign-in with server credentials: `unknown` (the
 * service's time was never seen, so it may be the cause), `off` (it is off and was not allowed for) or
 * `compensated` (allowed for already, so the credentials are the cause; the clock is still worth setting).
 */
export type ClockHint =
  { readonly kind: 'unknown' } | { readonly kind: 'off' | 'compensated'; readonly offsetMs: number };

/** Endpoints the contract reserves for one kind of caller, as a refusal before sending names them. */
export const CALLER_OPERATIONS = [
  'manage-users',
  'sign-in-user',
  'note-settings',
  'template-customization',
  'em-coding',
  'choose-specialty',
  'file-dictation',
  'dot-phrases',
  'text-replacements',
  'server-api',
] as const;
export type CallerOperation = (typeof CALLER_OPERATIONS)[number];

/** What went wrong with a call to the service, as the words for it are chosen. */
export type ServiceNote =
  /** The service could not be reached, or the connection broke. */
  | { readonly kind: 'unreachable' }
  /** The service did not answer in time. */
  | { readonly kind: 'timed_out' }
  /** An HTTP error answer: its status and the service's numeric code, when it sent one. */
  | { readonly kind: 'answer'; readonly status: number; readonly code?: number | undefined }
  /** An answer without the shape the contract promises. */
  | { readonly kind: 'shape'; readonly reason: ShapeReason }
  /** An async job gave no result. */
  | { readonly kind: 'job'; readonly reason: JobReason }
  /** A refused sign-in with server credentials, and what the clock has to do with it. */
  | { readonly kind: 'clock'; readonly hint: ClockHint }
  /** Refused before sending: the endpoint is for the other kind of caller. */
  | { readonly kind: 'caller'; readonly requires: 'server' | 'user'; readonly operation: CallerOperation }
  /** A clinician's sign-in (own tokens, or the organization's) has expired. */
  | { readonly kind: 'sign_in_expired'; readonly organization: boolean }
  /** The account is deactivated on the service. */
  | { readonly kind: 'deactivated' }
  /** The organization's sign-in came back as another clinician than the session's (a shared OS account). */
  | { readonly kind: 'different_account' };
