/** Words the Visit screen shows about the disk (English). */
import type { DISK_WARNINGS } from '../../contract/enums.ts';

type DiskWarning = (typeof DISK_WARNINGS)[number];

/** What the person reads for each disk warning. */
export const DISK_WARNING_TEXT: Readonly<Record<DiskWarning, string>> = {
  full: 'The disk is full: the visit audio is kept in memory until it is transcribed, not on this computer’s disk. Keep the app open until the visit has ended, and free some space.',
  not_kept:
    'The visit ended and its transcript is complete, but its audio could not be kept on this computer (the disk is full).',
};

/** What the person reads when a recovered visit's journal ended in a cut. */
export const RECOVERED_CUT_TEXT =
  'The end of this visit’s recording was cut off on disk (the computer stopped while writing it). Everything before the cut was recovered; the last moments may be missing.';
