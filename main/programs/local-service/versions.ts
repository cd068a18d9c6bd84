import { ServiceError } from './errors.ts';

/** The published Core API versions (service-interface.md, "Core API versions"), oldest first. */
export const CORE_VERSIONS = [
  '2023-06-26',
  '2024-02-27',
  '2024-04-22',
  '2024-10-01',
  '2024-11-08',
  '2024-12-23',
  '2025-01-07',
  '2025-02-25',
  '2025-04-03',
  '2025-05-05',
  '2025-05-07',
  '2025-05-21',
  '2025-07-24',
  '2025-08-05',
  '2025-11-14',
  '2026-02-20',
  '2026-03-16',
  '2026-04-24',
  '2026-06-12',
  '2026-07-01',
  '2026-08-25',
  '2026-10-05',
] as const;

/**
 * The organization's pinned version when the service is not told otherwise: the version of the vendor's
 * public sample client, the one an organization that integrated from it is pinned to. One default for
 * HTTP and the WebSockets (`LocalServiceOptions.pinnedVersion`).
 */
export const DEFAULT_PINNED_VERSION = '2026-07-01';

/** The HTTP header that names the version. */
export const VERSION_HEADER = 'x-nabla-api-version';

/**
 * The version a request targets: its header, which must name a published dated version, or the
 * organization's pinned version when the header is absent (the service ignores nothing silently here:
 * a malformed or unknown value is refused so a client typo shows up).
 */
export function requestVersion(header: string | string[] | undefined, pinned: string): string {
  if (header === undefined) return pinned;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new ServiceError(400, 'UNSUPPORTED_API_VERSION', 'X-Nabla-Api-Version must be a date YYYY-MM-DD');
  }
  if (value < CORE_VERSIONS[0]) {
    throw new ServiceError(
      400,
      'UNSUPPORTED_API_VERSION',
      `API version ${value} predates the first Core version`,
    );
  }
  if (!(CORE_VERSIONS as readonly string[]).includes(value)) {
    throw new ServiceError(400, 'UNSUPPORTED_API_VERSION', `API version ${value} is not a published version`);
  }
  return value;
}

/** Whether `version` includes a change released in `since`. */
export function atLeast(version: string, since: string): boolean {
  return version >= since;
}
