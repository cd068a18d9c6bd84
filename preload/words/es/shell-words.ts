/** Las palabras propias de la aplicación de escritorio (español): el icono de la bandeja, la pregunta antes de salir, un inicio fallido. */
import type { ShellWords } from '../shell-words-type.ts';

export const SHELL_WORDS: ShellWords = {
  tray: {
    status: {
      idle: 'Listo',
      recording: 'Grabando una consulta',
      paused: 'Consulta en pausa (micrófono apagado)',
      reconnecting: 'Reconectando (el audio se conserva)',
      error: 'Requiere atención',
    },
    startVisit: 'Iniciar la consulta',
    endVisit: 'Terminar la consulta',
    startDictation: 'Iniciar dictado',
    stopDictation: 'Detener dictado',
    undoDictation: 'Deshacer el último dictado',
    tooltip: (product, status) => `${product}: ${status}`,
    show: (product) => `Mostrar ${product}`,
    quit: 'Salir',
  },
  quitDialog: {
    title: 'Se está grabando una consulta',
    message: 'Se está grabando una consulta. ¿Terminar la consulta y salir?',
    detail:
      'Lo grabado hasta ahora se conserva. Terminar la consulta apaga el micrófono antes de que se cierre la aplicación.',
    endAndQuit: 'Terminar y salir',
    keepRecording: 'Seguir grabando',
  },
  startFailed: {
    title: 'Scribe Desktop no pudo iniciarse',
    contactIt: 'Póngase en contacto con su departamento de informática.',
    restart:
      'Reinicie la aplicación. Si vuelve a ocurrir, póngase en contacto con su departamento de informática.',
  },
};
