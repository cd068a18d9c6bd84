/** What the dictation overlay and the dictation box say (Spanish); the codes are preload/contract/dictation-codes.ts. */
import type {
  DictationMessage,
  DictationMessageCode,
  TemplateMarker,
} from '../../contract/dictation-codes.ts';
import { formatsFor, timeLeft } from '../intl.ts';
import { COMMAND_TEXT } from './command-words.ts';

const f = formatsFor('es');

/** The words of each message; `where` is " (App)" or '', `app` the name or "la aplicación". */
export const DICTATION_TEXT: Readonly<Record<DictationMessageCode, (app: string | null) => string>> = {
  copy_mode: () => 'Copiado al portapapeles (modo solo copiar).',
  password_field: (a) => `No se escribió en un campo de contraseña${where(a)}: se copió al portapapeles.`,
  elevated_window: (a) =>
    `La ventana${where(a)} se ejecuta como administrador y descartaría nuestras pulsaciones sin avisar: se copió al portapapeles.`,
  secure_input: () =>
    'La entrada segura está activa (hay una solicitud de contraseña abierta): se copió al portapapeles.',
  no_target: () => 'Ninguna aplicación tenía el foco al empezar el dictado: se copió al portapapeles.',
  focus_lost: (a) =>
    `No se pudo volver a la ventana donde empezó el dictado${where(a)}: se copió al portapapeles.`,
  insert_failed: (a) => `No se pudieron enviar las pulsaciones${where(a)}: se copió al portapapeles.`,
  busy: () => 'Una consulta está usando el micrófono: termínela primero, o dicte dentro de la consulta.',
  corrected_in_box: () => 'Corregido en el cuadro de dictado (ha escrito desde entonces).',
  cancelled: () => 'Dictado cancelado.',
  start_failed: () => 'El dictado no pudo empezar aquí. Inténtelo de nuevo, o use el cuadro de dictado.',
  finish_failed: () =>
    'El dictado no se pudo terminar; su audio se conserva para recuperarlo y el texto obtenido está en el cuadro de dictado.',
  reconnecting_safe: () => 'Reconectando: no se pierde nada.',
  reconnecting_at_risk: () => 'Reconectando: mantenga la aplicación abierta hasta que llegue el texto.',
  copy_only_system: () =>
    'Escribir en otras aplicaciones no está disponible en este sistema: el texto se copió.',
  nothing_dictated: () => 'No se dictó nada.',
  no_focus_box: () => 'Ninguna aplicación tenía el foco: el texto está en el cuadro de dictado.',
  no_app_yet: () => 'Todavía no hay aplicación donde insertar: copie el texto.',
  box_only: () =>
    'Guardado en el cuadro de dictado: la vista previa en el navegador no escribe en otras aplicaciones.',
  inserted: (a) => `Insertado en ${a ?? 'la aplicación'}.`,
  copied: () => 'Copiado.',
  copied_may_be_kept: () => 'Copiado. Este sistema puede guardarlo en su historial del portapapeles.',
  recovered: () => 'Recuperado: insértelo o cópielo.',
  recovered_commands_left: () =>
    'Recuperado: insértelo o cópielo. Los cambios de campo, las selecciones o «deja de dictar» que contenía no se repitieron.',
  not_landed: (a) =>
    `El texto no llegó al campo${where(a)}: está en el cuadro de dictado y en el portapapeles, para insertarlo de nuevo.`,
  field_changed: (a) =>
    `Otro campo${where(a)} tiene ahora el cursor: el resto no se escribió allí (ningún Intro en otro campo). Está en el cuadro de dictado y en el portapapeles.`,
  scratched: () => 'Borrado: la última frase se ha quitado.',
  nothing_to_scratch: () => 'Nada que borrar: no queda ninguna frase de este dictado.',
  field_selected: () => 'Las próximas palabras reemplazan el campo seleccionado.',
  field_none_left: () => 'No hay más campos en esa dirección: no cambió nada.',
  field_unreadable: (a) =>
    `No se pueden encontrar campos aquí: el texto de esta aplicación no se puede leer${where(a)}. No cambió nada.`,
  select_unreadable: (a) =>
    `No se puede seleccionar ahí: el texto de esta aplicación no se puede leer${where(a)}. No cambió nada.`,
  selected_in_box: () => 'Seleccionado en el cuadro de dictado.',
  select_not_found: () => 'Esas palabras no están en el cuadro de dictado: no se seleccionó nada.',
  command_failed: () => 'Ese comando no se pudo ejecutar: no cambió nada.',
  stopping: () => 'Deteniendo el dictado.',
  undone: (a) => `Último dictado quitado de ${a ?? 'la aplicación'}.`,
  undo_in_box: (a) =>
    `No se quitó${where(a)}: el texto cambió desde entonces. El dictado está en el cuadro de dictado.`,
  nothing_to_undo: () => 'Nada que deshacer.',
  correction_flagged: () => 'Revise esta corrección: cambió un número, una unidad, una negación o un lado.',
  clipboard_cleared: () => 'Dictado copiado borrado del portapapeles (sigue en el historial de dictados).',
  ...COMMAND_TEXT,
};

function where(app: string | null): string {
  return app ? ` (${app})` : '';
}

/** The words a person reads for a message ('' for none, or a code a newer main knows). */
export function dictationMessageText(
  message: DictationMessage | null | undefined,
  now: number = Date.now(),
): string {
  if (!message || !Object.hasOwn(DICTATION_TEXT, message.code)) return '';
  return DICTATION_TEXT[message.code](message.app ?? null) + clipboardText(message.clipboard, now);
}

/** When the copied text leaves the clipboard (counting down to it from `now`), or when it did ('' for none). */
export function clipboardText(clipboard: DictationMessage['clipboard'], now: number = Date.now()): string {
  if (!clipboard) return '';
  if (clipboard.state === 'cleared')
    return ` El portapapeles se vació ${f.form(new Date(clipboard.at).getHours(), { one: 'a la', other: 'a las' })} ${f.time(new Date(clipboard.at))}.`;
  const left = timeLeft(clipboard.at, now);
  return ` El portapapeles se vaciará en ${f.duration(left.value, left.unit)}.`;
}

/** Template blanks, as Settings → Dictation lists them. */
export const TEMPLATE_MARKER_WORDS: Readonly<Record<TemplateMarker, string>> = {
  asterisks: 'Asteriscos ***',
  'empty-brackets': 'Corchetes vacíos [ ]',
  'bracketed-text': 'Opciones entre corchetes [izquierda/derecha]',
  braces: 'Llaves {…}',
  underscores: 'Guiones bajos _____',
};
