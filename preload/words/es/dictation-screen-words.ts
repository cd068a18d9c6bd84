/** The Dictation screen, the dictation box, its hotkey rows and the overlay (Spanish). */
import { ASLEEP_TITLE } from './command-words.ts';
import type { DictationScreenWords } from '../words.ts';

export const DICTATION_SCREEN_WORDS: DictationScreenWords = {
  heading: 'Dictado',
  boxHeading: 'Cuadro de dictado',
  start: 'Iniciar dictado',
  stop: 'Detener dictado',
  cancel: 'Cancelar',
  boxLabel: 'Texto dictado',
  insert: 'Insertar en la aplicación',
  copy: 'Copiar',
  undo: 'Deshacer el último dictado',
  previousField: 'Campo anterior',
  nextField: 'Campo siguiente',
  noFieldLeft: 'No quedan campos de la plantilla en esa dirección.',
  flaggedHeading: 'Revise estas correcciones',
  flagged: (before, after) => `Corregido por el servicio: ${before || '(nada)'} → ${after || '(nada)'}`,
  recoverHeading: 'Dictados interrumpidos',
  recoverHint:
    'Su audio se conserva, cifrado, en este equipo. Al recuperarlo, todo el texto aparece en el cuadro.',
  started: (when, stale) => `Iniciado el ${when}${stale ? ' (antiguo)' : ''}`,
  recover: 'Recuperar',
  discard: 'Descartar',
  recoverLabel: (time) => `Recuperar el dictado iniciado a las ${time}`,
  discardLabel: (time) => `Descartar el dictado iniciado a las ${time}`,
  hint: (toggleKey, holdKey) =>
    `Pulse ${toggleKey} en cualquier aplicación para dictar donde está el cursor` +
    `${holdKey ? `, o mantenga ${holdKey} mientras habla` : ''}. El texto que no se pueda insertar llega aquí.`,
  historyKept: (hours) =>
    hours > 0
      ? `Los dictados se conservan ${hours} horas, cifrados, en este equipo.`
      : 'Los dictados se conservan aquí hasta que se cierra la aplicación.',
  hotkeyRows: {
    toggleKey: 'Iniciar / detener',
    holdKey: 'Mantener para hablar',
    cancelKey: 'Cancelar',
    undoKey: 'Deshacer el último dictado',
    nextFieldKey: 'Campo siguiente',
    previousFieldKey: 'Campo anterior',
  },
  holdNoAccessibility: 'la accesibilidad está desactivada',
  holdNoHook: 'no hay captura de teclas en este sistema',
  chooseAnother: 'Elija otra tecla.',
  freeKeys: (keys) => ` Teclas libres: ${keys}.`,
  overlay: {
    elapsed: 'Tiempo',
    level: 'Nivel del micrófono',
    lastWords: 'Últimas palabras',
    undo: 'Deshacer',
    title: (phase, app) => {
      const into = app ?? 'la aplicación';
      switch (phase) {
        case 'starting':
          return 'Iniciando…';
        case 'listening':
          return app ? `Escuchando — hacia ${app}` : 'Escuchando — hacia el cuadro de dictado';
        case 'paused':
          return 'En pausa';
        case 'reconnecting':
          return 'Reconectando';
        case 'inserting':
          return `Insertando en ${into}`;
        case 'inserted':
          return `Insertado en ${into}`;
        case 'copied':
          return 'Copiado en su lugar';
        case 'asleep':
          return ASLEEP_TITLE;
        case 'corrected-in-box':
          return 'Corregido en el cuadro de dictado';
        case 'busy':
          return 'Micrófono en uso';
        case 'cancelled':
          return 'Cancelado';
        case 'failed':
          return 'Dictado detenido';
        case 'notice':
          return 'Dictado';
        default:
          return '';
      }
    },
  },
};
