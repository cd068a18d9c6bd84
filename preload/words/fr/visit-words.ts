/** Words the Visit screen shows about the disk (French). */
import type { DISK_WARNINGS } from '../../contract/enums.ts';

type DiskWarning = (typeof DISK_WARNINGS)[number];

/** What the person reads for each disk warning. */
export const DISK_WARNING_TEXT: Readonly<Record<DiskWarning, string>> = {
  full: 'Le disque est plein : l’audio de la consultation est gardé en mémoire jusqu’à sa transcription, pas sur le disque de cet ordinateur. Laissez l’application ouverte jusqu’à la fin de la consultation et libérez de l’espace.',
  not_kept:
    'La consultation est terminée et sa transcription est complète, mais son audio n’a pas pu être conservé sur cet ordinateur (le disque est plein).',
};

/** What the person reads when a recovered visit's journal ended in a cut. */
export const RECOVERED_CUT_TEXT =
  'La fin de l’enregistrement de cette consultation a été coupée sur le disque (l’ordinateur s’est arrêté pendant l’écriture). Tout ce qui précède a été récupéré ; les derniers instants peuvent manquer.';
