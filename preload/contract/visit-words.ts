/**
 * Words the Visit screen shows about the disk, kept free of zod (like enums.ts) so the renderer can import
 * them without shipping zod, whose `new Function` probe the app's CSP reports.
 */

/** The disk warnings a visit can carry (DiskWarningSchema in dto-visit.ts is built from this list). */
export const DISK_WARNINGS = ['full', 'not_kept'] as const;

/** What the person reads for each disk warning. */
export const DISK_WARNING_TEXT: Readonly<Record<(typeof DISK_WARNINGS)[number], string>> = {
  full: 'The disk is full: the visit audio is kept in memory until it is transcribed, not on this computer’s disk. Keep the app open until the visit has ended, and free some space.',
  not_kept:
    'The visit ended and its transcript is complete, but its audio could not be kept on this computer (the disk is full).',
};

/** What the person reads when a recovered visit's journal ended in a cut. */
export const RECOVERED_CUT_TEXT =
  'The end of this visit’s recording was cut off on disk (the computer stopped while writing it). Everything before the cut was recovered; the last moments may be missing.';
