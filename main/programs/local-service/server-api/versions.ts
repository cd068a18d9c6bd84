import { ServiceError } from '../errors.ts';

/**
 * The Server API's dated versions (service-interface.md, "Server API versions", with the dates listed as
 * having no described change), oldest first. They are a separate series from the Core API's.
 */
const SERVER_API_VERSIONS = [
  '2022-10-06',
  '2022-10-11',
  '2022-10-19',
  '2022-10-20',
  '2022-10-24',
  '2022-10-26',
  '2022-10-31',
  '2022-11-02',
  '2022-11-04',
  '2022-11-15',
  '2022-11-18',
  '2022-11-25',
  '2022-11-29',
  '2022-12-07',
  '2022-12-08',
  '2022-12-14',
  '2022-12-16',
  '2022-12-20',
  '2022-12-22',
  '2023-01-05',
  '2023-01-10',
  '2023-01-11',
  '2023-01-17',
  '2023-01-23',
  '2023-01-24',
  '2023-01-27',
  '2023-01-31',
  '2023-02-01',
  '2023-02-03',
  '2023-02-08',
  '2023-02-15',
  '2023-02-16',
  '2023-02-17',
  '2023-02-21',
  '2023-03-01',
  '2023-03-02',
  '2023-03-07',
  '2023-03-13',
  '2023-03-21',
  '2023-03-23',
  '2023-03-27',
  '2023-03-28',
  '2023-03-29',
  '2023-03-30',
  '2023-03-31',
] as const;

/**
 * GUESS: the organization's pinned Server API version when a request names none. The contract names no
 * default; the newest published one is taken.
 */
export const DEFAULT_SERVER_API_VERSION = '2023-03-31';

/** The version a Server API request targets: its header (a published Server API version) or the pinned one. */
export function serverApiVersion(header: string | string[] | undefined, pinned: string): string {
  if (header === undefined) return pinned;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !(SERVER_API_VERSIONS as readonly string[]).includes(value)) {
    throw new ServiceError(
      400,
      'UNSUPPORTED_API_VERSION',
      'X-Nabla-Api-Version must name a published Server API version',
    );
  }
  return value;
}

/** The version changes this double applies (service-interface.md). */
export const SINCE = {
  /** `patients`, `patient_ids`, `type`, `locked` on conversations ("version 2022-10-19 for conversations"). */
  conversationPatients: '2022-10-19',
  /** Updates by PATCH only (this double has no PUT at all). */
  patchOnly: '2022-12-14',
  /** Message `content` replaces `text` / `attachment` on create. */
  messageContent: '2022-12-20',
  /** Appointment endpoints, `mode`, `location`. */
  appointments: '2023-01-27',
  pendingStatus: '2023-02-03',
  /** `assigned_providers`, EXTERNAL_VIDEOCALL, `external_videocall_url`. */
  assignedProviders: '2023-02-08',
  isPaid: '2023-02-15',
  /** Modes are only VIDEOCALL or IN_PERSON. */
  twoModes: '2023-03-28',
  tasks: '2022-11-18',
} as const;
