/** Settings → Dictation (Spanish): hotkeys, mode, insertion, per-application rules, history, notices. */
import { formatsFor } from '../intl.ts';
import type { Widen } from '../words.ts';
import type { DICTATION_SETTINGS_WORDS as EN } from '../en/dictation-settings-words.ts';

const f = formatsFor('es');

export const DICTATION_SETTINGS_WORDS: Widen<typeof EN> = {
  dictationSettings: {
    heading: 'Dictado',
    holdUnavailable: (accessibility) =>
      `Mantener para hablar no está disponible ahora (${accessibility ? 'la accesibilidad está desactivada' : 'no hay captura de teclas en este sistema'}); la tecla de iniciar/detener funciona.`,
    mode: 'Tecla de mantener para hablar',
    modes: {
      hybrid: 'Pulsar para iniciar y detener, mantener para hablar',
      'push-to-talk': 'Solo mantener para hablar',
      toggle: 'Sin usar (solo la tecla de iniciar/detener)',
    },
    insert: 'Poner el texto en otras aplicaciones',
    insertModes: {
      paste: 'Pegando (lo más rápido)',
      type: 'Tecleando (escritorios remotos, Citrix)',
      copy: 'Solo copiando (usted pega)',
    },
    language: 'Idioma',
    clipboardClearHint: (seconds: number) =>
      seconds === 0
        ? 'Nunca: el texto dictado que queda en el portapapeles sigue ahí hasta que se copie otra cosa.'
        : `El texto dictado que queda en el portapapeles se borra después de ${clearAfter(seconds)} si sigue ahí (0: nunca).`,
    clipboardClearInvalid: (max: number) =>
      `Escriba un número entero de segundos de 0 (nunca) a ${f.count(max)} (una hora).`,
    history: 'Guardar el historial de dictados',
    historyUntilClose: 'Solo hasta que se cierre la aplicación',
    historyFor: (hours) =>
      `${hours % 24 === 0 && hours > 24 ? f.duration(hours / 24, 'day') : f.duration(hours, 'hour')} (cifrado en este equipo)`,
    someLocked: 'Algunos ajustes de dictado los define su organización.',
    loading: 'Cargando los ajustes de dictado…',
  },
  appRules: {
    heading: 'Por aplicación',
    rule: (app, how) => `${app}: ${how}`,
    remove: 'Quitar',
    removeLabel: (app) => `Quitar la regla de ${app}`,
    none: 'Sin reglas: todas las aplicaciones usan el ajuste de arriba.',
    application: 'Aplicación',
    by: 'mediante',
    modes: { paste: 'pegado', type: 'tecleo', copy: 'copia', never: 'nunca' },
    add: 'Añadir la regla',
  },
  dictationNotices: {
    toggleTaken: (keys, free) =>
      `Otra aplicación usa ${keys}. Elija otra tecla${free ? ` (libres: ${free})` : ''}.`,
    accessibility:
      'Mantener para hablar y escribir en otras aplicaciones requieren Accesibilidad: Ajustes del Sistema → Privacidad y seguridad → Accesibilidad → active Scribe Desktop. Mientras tanto, la tecla de iniciar/detener y el botón Iniciar funcionan.',
    secureInput:
      'Una solicitud de contraseña tiene activada la entrada segura: el dictado no escribirá hasta que se cierre.',
  },
};

/** A clear delay in whole minutes when it is some, else in seconds. */
function clearAfter(seconds: number): string {
  return seconds >= 60 && seconds % 60 === 0
    ? f.duration(seconds / 60, 'minute')
    : f.duration(seconds, 'second');
}
