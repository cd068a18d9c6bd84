/**
 * Words for what the service answered, by its numeric error code and HTTP status (English): what the CLI
 * prints with the ids. main/core/api keeps the machine facts (status, code, trace id, a ServiceNote), the
 * words are here. Never the service's own `message` text.
 */
import type { CallerOperation, ClockHint, ServiceNote } from '../../contract/service-notes.ts';
import { jobText, shapeText } from './reason-words.ts';

/** Codes the service is known to use, with what they mean to a clinician. */
export const SERVICE_CODE_TEXT: Readonly<Record<number, string>> = {
  83005: 'The conversation is too short to write a note from. Record more of the visit and try again.',
  83011: 'The service received no audio for 10 seconds and stopped listening. Check the microphone.',
  83023: 'This note has nothing a patient needs to act on, so there are no patient instructions to write.',
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'The service rejected the request as invalid.',
  401: 'The service did not accept the sign-in. Sign in again or check the organization credentials.',
  403: 'This account is not allowed to do that (it may be deactivated).',
  404: 'The service could not find what was asked for (it may have expired).',
  408: 'The service took too long to answer.',
  409: 'The request conflicts with an earlier one.',
  413: 'The request is too large for the service.',
  422: 'The service could not process this content.',
  429: 'The service is busy (too many requests). It will be tried again shortly.',
};

const SERVICE_UNREACHABLE_TEXT = 'The service could not be reached. Check the network connection.';
export const SERVICE_TIMEOUT_TEXT = 'The service did not answer in time.';

/** The words for an HTTP error answer: by known code, then status, then what is known of an unknown one. */
export function serviceErrorText(status: number, code: number | undefined): string {
  const known = code !== undefined ? SERVICE_CODE_TEXT[code] : undefined;
  if (known) return known;
  if (STATUS_TEXT[status]) return STATUS_TEXT[status];
  if (status >= 500) return 'The service had a problem on its side. Try again in a moment.';
  const label = code !== undefined ? `error ${code}` : `HTTP ${status}`;
  return `The service refused the request (${label}, which this version of the app does not know).`;
}

/**
 * The words for a WebSocket error frame: what its code means. Never its `message` (formatted text the
 * contract tells clients not to rely on).
 */
export function streamErrorText(code: number | undefined): string {
  if (code !== undefined && SERVICE_CODE_TEXT[code]) return SERVICE_CODE_TEXT[code];
  return code === undefined
    ? 'The service stopped the stream with an error that carries no code.'
    : `The service stopped the stream with error ${code}, which this version of the app does not know.`;
}

/** "10 minutes ahead of" / "3 minutes behind": how a person reads a clock offset (service minus computer). */
function describeOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const amount =
    minutes >= 1
      ? `${minutes} minute${minutes === 1 ? '' : 's'}`
      : `${Math.round(Math.abs(offsetMs) / 1000)} seconds`;
  // The service ahead means the computer is behind.
  return `${amount} ${offsetMs > 0 ? 'behind' : 'ahead of'}`;
}

/** The words of a refused sign-in with what the clock has to do with it. */
export function clockHintText(hint: ClockHint): string {
  if (hint.kind === 'unknown')
    return "The service did not accept the organization credentials. Check them, and check this computer's date and time.";
  const off = `this computer's clock is ${describeOffset(hint.offsetMs)} the service's`;
  return hint.kind === 'compensated'
    ? `The service did not accept the organization credentials; check them with IT. Also, ${off} (allowed for here): check its date and time.`
    : `The service did not accept the sign-in: ${off}. Check the computer's date, time and time zone.`;
}

/** A clock a minute or more off the service's, said after a connection check that passed; '' when closer. */
export function clockNoteText(offsetMs: number): string {
  if (Math.abs(offsetMs) < 60_000) return '';
  return ` This computer's clock is ${describeOffset(offsetMs)} the service's (allowed for; check its date and time).`;
}

/** An endpoint reserved for one kind of caller, as a refusal names it. */
export const CALLER_OPERATION_TEXT: Readonly<Record<CallerOperation, string>> = {
  'manage-users': 'Managing users',
  'sign-in-user': 'Signing in a user',
  'note-settings': 'Note settings',
  'template-customization': 'Template customization',
  'em-coding': 'E/M coding',
  'choose-specialty': 'Choosing a specialty',
  'file-dictation': 'File dictation',
  'dot-phrases': 'Dot phrases',
  'text-replacements': 'Dictation text replacements',
  'server-api': 'Appointments and patient messages',
};

/** The words of a failed call to the service (the CLI prints them with the ids; the window words the code). */
export function serviceNoteText(note: ServiceNote): string {
  switch (note.kind) {
    case 'unreachable':
      return SERVICE_UNREACHABLE_TEXT;
    case 'timed_out':
      return SERVICE_TIMEOUT_TEXT;
    case 'answer':
      return serviceErrorText(note.status, note.code);
    case 'shape':
      return shapeText(note.reason);
    case 'job':
      return jobText(note.reason);
    case 'clock':
      return clockHintText(note.hint);
    case 'caller':
      return note.requires === 'server'
        ? `${CALLER_OPERATION_TEXT[note.operation]} is only available with organization (server) credentials.`
        : `${CALLER_OPERATION_TEXT[note.operation]} is only available when signed in as a clinician (user token).`;
    case 'sign_in_expired':
      return note.organization
        ? 'The sign-in has expired. Sign in with your organization again.'
        : 'The sign-in has expired. Sign in again.';
    case 'deactivated':
      return 'the user is deactivated';
    case 'different_account':
      return 'Someone else is signed in to your organization in the browser. Sign out, then sign in as yourself.';
  }
}
