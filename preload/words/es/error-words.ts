/**
 * The one place where an expected failure becomes words a person reads (Spanish): `code + params` →
 * words. The renderer, the CLI and main's Failure all format through here. Params are structured and
 * closed (reason keys, numbers, enum values; see preload/contract/error-codes.ts), never sentences, so
 * nothing a person said or a library wrote can ride along.
 */
import {
  LOCKABLE_SETTINGS,
  type ErrorCode,
  type LockSource,
  type MessageSource,
  type PolicyParams,
} from '../../contract/error-codes.ts';
import type { LimitParams } from '../../contract/limit-codes.ts';
import { limitText } from './limit-words.ts';
import { clockHintText, clockNoteText } from './service-words.ts';
import { settingTitle } from './setting-words.ts';
import { HOTKEY_NAME_TEXT, reasonText, RESERVED_KEY_USE_TEXT } from './reason-words.ts';

/** What the person reads for each code. The default words; params may name more specific ones. */
export const ERROR_TEXT: Readonly<Record<ErrorCode, string>> = {
  invalid_request: 'La solicitud no es válida. Revise los campos e inténtelo de nuevo.',
  limit_exceeded: 'Es más largo de lo que acepta el servicio. Acórtelo e inténtelo de nuevo.',
  not_connected:
    'Todavía no hay ninguna organización conectada. Abra Conexión primero, o pruebe la consulta de ejemplo.',
  config_invalid: 'La configuración de la conexión no es válida.',
  policy_locked:
    'Su organización fija este ajuste y no se puede cambiar aquí. Póngase en contacto con su equipo de informática.',
  auth_failed:
    'El servicio no aceptó el inicio de sesión. Vuelva a iniciar sesión en la pantalla Conexión (puede que la sesión de un profesional haya caducado o se haya revocado; las credenciales de la organización las revisa informática).',
  sign_in_failed: 'El inicio de sesión con su organización no terminó. Inténtelo de nuevo.',
  sign_in_not_offered: 'Su organización no ofrece esta forma de iniciar sesión en este equipo.',
  clock_wrong:
    'El servicio no aceptó el inicio de sesión, quizá por el reloj de este equipo. Revise la fecha, la hora y la zona horaria, e inténtelo de nuevo.',
  permission_denied: 'Esta cuenta no tiene permiso para hacer eso (puede que esté desactivada).',
  service_unreachable: 'No se pudo contactar con el servicio. Revise la conexión de red.',
  service_unreachable_kept:
    'No se pudo contactar con el servicio. El audio grabado hasta ahora se conserva: recupérelo desde la pantalla Consulta cuando vuelva la red.',
  service_busy: 'El servicio está ocupado. Inténtelo de nuevo en un momento.',
  service_error: 'El servicio tuvo un problema por su parte. Inténtelo de nuevo en un momento.',
  not_found: 'El servicio no encontró eso (puede que haya caducado).',
  transcript_too_short:
    'La conversación es demasiado corta para redactar una nota. Grabe más parte de la consulta.',
  no_instructions_content:
    'Esta nota no contiene nada sobre lo que el paciente deba actuar, así que no hay indicaciones que redactar.',
  server_credentials_required:
    'Esto requiere las credenciales de servidor de la organización (los códigos E/M, por ejemplo); una sesión de profesional no puede solicitarlo.',
  clinician_sign_in_required:
    'Las frases abreviadas, los reemplazos de texto y los ajustes de nota pertenecen a cada profesional. Conéctese con una sesión de profesional para cambiarlos.',
  consent_required: 'Confirme que el paciente aceptó la grabación antes de empezar.',
  visit_not_active: 'No se está grabando ninguna consulta en este momento.',
  visit_in_progress: 'Ya se está grabando una consulta. Termínela primero.',
  stream_failed: 'La transcripción se detuvo y no pudo recuperarse. Se conserva la transcripción obtenida.',
  disk_full:
    'El disco está lleno: el audio de la consulta no se puede conservar de forma segura. Libere espacio.',
  keychain_locked:
    'El llavero del sistema está bloqueado: el audio de la consulta no se puede conservar de forma segura en este equipo. Desbloquee el llavero y pulse Iniciar de nuevo.',
  keychain_unavailable:
    'No se puede acceder al llavero del sistema: el audio de la consulta no se puede conservar de forma segura en este equipo. Vuelva a iniciar sesión en el equipo o consulte a informática, y pulse Iniciar de nuevo.',
  journal_unavailable:
    'El audio de la consulta no se puede conservar en este equipo: no se puede escribir en su carpeta. Pida a informática que revise el disco y los permisos de la carpeta.',
  no_note: 'Todavía no hay nota. Redacte la nota primero.',
  mic_denied: 'El micrófono está bloqueado. Permita el acceso al micrófono en la configuración del sistema.',
  mic_unavailable: 'No se pudo abrir el micrófono. Compruebe que está conectado.',
  device_lost: 'El micrófono dejó de funcionar durante la consulta. Se conserva el audio obtenido.',
  file_unreadable: 'No se pudo leer el archivo de grabación.',
  sample_unavailable: 'La consulta de ejemplo no está disponible en esta instalación.',
  clipboard_unavailable: 'No se pudo escribir en el portapapeles. Seleccione el texto y cópielo a mano.',
  dictation_setting_refused: 'Ese ajuste de dictado no se puede usar. Elija otro.',
  appointment_not_found: 'Esta cita ya no está entre sus citas. Actualice la lista de hoy.',
  conversation_locked:
    'La conversación del paciente está bloqueada: no acepta mensajes nuevos. No se envió nada; entregue las instrucciones de otra forma.',
  schedule_unavailable:
    'No se pudo acceder a las citas de hoy (el intermediario de la organización o el servicio). Inténtelo de nuevo en un momento.',
  internal:
    'Algo falló dentro de la aplicación. Inténtelo de nuevo; si vuelve a ocurrir, reinicie la aplicación.',
};

const SOURCE_WORDS: Readonly<Record<LockSource, string>> = {
  organization: 'lo fija su organización',
  environment: 'lo fija el entorno con el que se inició la aplicación',
  flags: 'lo fija una opción de línea de comandos con la que se inició la aplicación',
};

/** The words a person reads for an expected failure. An unknown code or reason falls back to general words. */
export function formatError(error: MessageSource): string {
  const code = (Object.hasOwn(ERROR_TEXT, error.code) ? error.code : 'internal') as ErrorCode;
  const params = error.params as Partial<Record<string, unknown>> | undefined;
  if (!params) return ERROR_TEXT[code];
  if (code === 'limit_exceeded') return limitText(params as unknown as LimitParams);
  if (code === 'policy_locked') return lockedText(params as unknown as PolicyParams);
  if (code === 'clock_wrong' && typeof params.offsetMs === 'number')
    return clockHintText({ kind: 'off', offsetMs: params.offsetMs });
  if (code === 'auth_failed' && typeof params.offsetMs === 'number')
    return `${ERROR_TEXT.auth_failed}${clockNoteText(params.offsetMs)}`;
  const reason = typeof params.reason === 'string' ? reasonText(code, params.reason) : undefined;
  const keys =
    Array.isArray(params.keys) && params.keys.length > 0 ? ` Teclas libres: ${params.keys.join(', ')}.` : '';
  return `${fill(reason ?? ERROR_TEXT[code], params)}${keys}`;
}

/** The words of a closed param a reason's words name ({errno} as it is, {use} and {other} from their tables). */
const PARAM_WORDS: Readonly<Record<string, Readonly<Record<string, string>> | undefined>> = {
  use: RESERVED_KEY_USE_TEXT,
  other: HOTKEY_NAME_TEXT,
};

/** Puts the closed params a reason's words name ({errno}, {use}, {other}) into them. */
function fill(words: string, params: Partial<Record<string, unknown>>): string {
  const fallback: Readonly<Record<string, string>> = { errno: 'error', use: 'otro uso', other: 'otro' };
  return words.replace(/\{(errno|use|other)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string') return fallback[name] ?? '';
    const table = PARAM_WORDS[name];
    return table && Object.hasOwn(table, value) ? (table[value] ?? value) : value;
  });
}

function lockedText(params: PolicyParams): string {
  const title = (LOCKABLE_SETTINGS as readonly string[]).includes(params.setting)
    ? settingTitle(params.setting)
    : 'Este ajuste';
  return `${title}: ${SOURCE_WORDS[params.source] ?? SOURCE_WORDS.organization}, así que no se puede cambiar aquí.`;
}
