/** Words the Visit screen shows about the disk (Spanish). */
import type { DISK_WARNINGS } from '../../contract/enums.ts';

type DiskWarning = (typeof DISK_WARNINGS)[number];

/** What the person reads for each disk warning. */
export const DISK_WARNING_TEXT: Readonly<Record<DiskWarning, string>> = {
  full: 'El disco está lleno: el audio de la consulta se guarda en memoria hasta que se transcribe, no en el disco de este equipo. Mantenga la aplicación abierta hasta que termine la consulta y libere espacio.',
  not_kept:
    'La consulta terminó y su transcripción está completa, pero su audio no se pudo conservar en este equipo (el disco está lleno).',
};

/** What the person reads when a recovered visit's journal ended in a cut. */
export const RECOVERED_CUT_TEXT =
  'El final de la grabación de esta consulta quedó cortado en el disco (el equipo se detuvo mientras la escribía). Se recuperó todo lo anterior al corte; pueden faltar los últimos instantes.';
