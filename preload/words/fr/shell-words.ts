/** Les mots propres à l'application de bureau (français) : l'icône de notification, la question avant de quitter, un échec au démarrage. */
import type { ShellWords } from '../shell-words-type.ts';

export const SHELL_WORDS: ShellWords = {
  tray: {
    status: {
      idle: 'Prêt',
      recording: 'Consultation en cours d’enregistrement',
      paused: 'Consultation en pause (micro coupé)',
      reconnecting: 'Reconnexion (l’audio est conservé)',
      error: 'Intervention nécessaire',
    },
    startVisit: 'Démarrer la consultation',
    endVisit: 'Terminer la consultation',
    startDictation: 'Démarrer la dictée',
    stopDictation: 'Arrêter la dictée',
    undoDictation: 'Annuler la dernière dictée',
    tooltip: (product, status) => `${product} : ${status}`,
    show: (product) => `Afficher ${product}`,
    quit: 'Quitter',
  },
  quitDialog: {
    title: 'Une consultation est en cours d’enregistrement',
    message: 'Une consultation est en cours d’enregistrement. Terminer la consultation et quitter ?',
    detail:
      'L’enregistrement déjà fait est conservé. Terminer la consultation coupe le micro avant la fermeture de l’application.',
    endAndQuit: 'Terminer et quitter',
    keepRecording: 'Continuer l’enregistrement',
  },
  startFailed: {
    title: 'Scribe Desktop n’a pas pu démarrer',
    contactIt: 'Contactez votre service informatique.',
    restart: 'Redémarrez l’application. Si le problème se reproduit, contactez votre service informatique.',
  },
};
