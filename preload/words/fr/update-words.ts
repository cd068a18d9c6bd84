/** The operating system's notifications about updates (French): ready to install, or refused and why. */
import type { UpdateWords } from '../words.ts';

export const UPDATE_WORDS: UpdateWords = {
  readyTitle: 'Mise à jour de Scribe Desktop prête',
  readyBody: (version) =>
    `${version ? `La version ${version}` : 'La mise à jour'} s’installera quand vous quitterez Scribe Desktop.`,
  refusedTitle: 'Mise à jour de Scribe Desktop non installée',
  refused: {
    embedded_version_not_newer: (version) =>
      `La mise à jour${named(version)} n’est pas plus récente que votre version : elle n’a pas été installée. Scribe Desktop continue de fonctionner tel quel.`,
    embedded_version_mismatch: (version) =>
      `Le programme d’installation téléchargé n’est pas la version annoncée par le serveur de mises à jour${named(version)} : il n’a pas été installé. Scribe Desktop continue de fonctionner tel quel ; votre service informatique en voit la raison dans le journal d’audit.`,
    embedded_version_unreadable: (version) =>
      `Le programme d’installation téléchargé${named(version)} n’indique pas sa version : il n’a pas été installé. Scribe Desktop continue de fonctionner tel quel ; votre service informatique en voit la raison dans le journal d’audit.`,
    signature_invalid: (version) =>
      `La mise à jour${named(version)} n’est pas signée par l’éditeur de logiciels de votre organisation : elle n’a pas été installée. Scribe Desktop continue de fonctionner tel quel ; prévenez votre service informatique.`,
    checksum_mismatch: (version) =>
      `La mise à jour${named(version)} a été abîmée ou modifiée en chemin : elle n’a pas été installée. Scribe Desktop continue de fonctionner tel quel et réessaiera plus tard.`,
  },
  refusedOther: (code) =>
    `Une mise à jour n’a pas pu être vérifiée : elle n’a pas été installée. Scribe Desktop continue de fonctionner tel quel ; si cela se reproduit, prévenez votre service informatique (code ${code}).`,
};

function named(version: string | null): string {
  return version ? ` (version ${version})` : '';
}
