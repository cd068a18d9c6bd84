/** The operating system's notifications about updates (English): ready to install, or refused and why. */
import type { UpdateWords } from '../words.ts';

export const UPDATE_WORDS: UpdateWords = {
  readyTitle: 'Scribe Desktop update ready',
  readyBody: (version) =>
    `${version ? `Version ${version}` : 'The update'} installs when you quit Scribe Desktop.`,
  refusedTitle: 'Scribe Desktop update not installed',
  refused: {
    embedded_version_not_newer: (version) =>
      `The update${named(version)} is not newer than the version you have, so it was not installed. Scribe Desktop keeps working as it is.`,
    embedded_version_mismatch: (version) =>
      `The downloaded installer is not the version the update server announced${named(version)}, so it was not installed. Scribe Desktop keeps working as it is; your IT department can see why in the audit trail.`,
    embedded_version_unreadable: (version) =>
      `The downloaded installer${named(version)} does not say which version it is, so it was not installed. Scribe Desktop keeps working as it is; your IT department can see why in the audit trail.`,
    signature_invalid: (version) =>
      `The update${named(version)} is not signed by your organization's software publisher, so it was not installed. Scribe Desktop keeps working as it is; please tell your IT department.`,
    checksum_mismatch: (version) =>
      `The update${named(version)} was damaged or changed on its way, so it was not installed. Scribe Desktop keeps working as it is and will try again later.`,
  },
  refusedOther: (code) =>
    `An update could not be checked, so it was not installed. Scribe Desktop keeps working as it is; if this happens again, tell your IT department (code ${code}).`,
};

function named(version: string | null): string {
  return version ? ` (version ${version})` : '';
}
