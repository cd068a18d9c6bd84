/**
 * Why an update was refused, as codes the words module words for the clinician (the audit trail keeps the
 * same codes): the installer's own version is not newer, is not the one the feed announced, or cannot be
 * read (embedded-version.ts); its signature or publisher does not verify; its download does not match the
 * feed's checksum. Zod-free, so the words may import it.
 */
export const UPDATE_REFUSALS = [
  'embedded_version_not_newer',
  'embedded_version_mismatch',
  'embedded_version_unreadable',
  'signature_invalid',
  'checksum_mismatch',
] as const;
export type UpdateRefusal = (typeof UPDATE_REFUSALS)[number];
