/** The operating system's notifications about updates (Spanish): ready to install, or refused and why. */
import type { UpdateWords } from '../words.ts';

export const UPDATE_WORDS: UpdateWords = {
  readyTitle: 'Actualización de Scribe Desktop lista',
  readyBody: (version) =>
    `${version ? `La versión ${version}` : 'La actualización'} se instalará cuando cierre Scribe Desktop.`,
  refusedTitle: 'Actualización de Scribe Desktop no instalada',
  refused: {
    embedded_version_not_newer: (version) =>
      `La actualización${named(version)} no es más reciente que su versión, así que no se instaló. Scribe Desktop sigue funcionando como está.`,
    embedded_version_mismatch: (version) =>
      `El instalador descargado no es la versión que anunció el servidor de actualizaciones${named(version)}, así que no se instaló. Scribe Desktop sigue funcionando como está; su departamento de informática puede ver el motivo en el registro de auditoría.`,
    embedded_version_unreadable: (version) =>
      `El instalador descargado${named(version)} no indica su versión, así que no se instaló. Scribe Desktop sigue funcionando como está; su departamento de informática puede ver el motivo en el registro de auditoría.`,
    signature_invalid: (version) =>
      `La actualización${named(version)} no está firmada por el editor de software de su organización, así que no se instaló. Scribe Desktop sigue funcionando como está; avise a su departamento de informática.`,
    checksum_mismatch: (version) =>
      `La actualización${named(version)} se dañó o se modificó por el camino, así que no se instaló. Scribe Desktop sigue funcionando como está y lo intentará más tarde.`,
  },
  refusedOther: (code) =>
    `No se pudo comprobar una actualización, así que no se instaló. Scribe Desktop sigue funcionando como está; si vuelve a ocurrir, avise a su departamento de informática (código ${code}).`,
};

function named(version: string | null): string {
  return version ? ` (versión ${version})` : '';
}
