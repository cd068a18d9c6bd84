/**
 * Words for what the service answered, by its numeric error code and HTTP status (Spanish): what the CLI
 * prints with the ids. main/core/api keeps the machine facts (status, code, trace id, a ServiceNote), the
 * words are here. Never the service's own `message` text.
 */
import type { CallerOperation, ClockHint, ServiceNote } from '../../contract/service-notes.ts';
import { jobText, shapeText } from './reason-words.ts';
import { formatsFor } from '../intl.ts';

/** Codes the service is known to use, with what they mean to a clinician. */
const SERVICE_CODE_TEXT: Readonly<Record<number, string>> = {
  83005:
    'La conversación es demasiado corta para redactar una nota. Grabe más parte de la consulta e inténtelo de nuevo.',
  83011: 'El servicio no recibió audio durante 10 segundos y dejó de escuchar. Revise el micrófono.',
  83023:
    'Esta nota no contiene nada sobre lo que el paciente deba actuar, así que no hay indicaciones para el paciente.',
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'El servicio rechazó la solicitud por no ser válida.',
  401: 'El servicio no aceptó el inicio de sesión. Vuelva a iniciar sesión o revise las credenciales de la organización.',
  403: 'Esta cuenta no tiene permiso para hacer eso (puede que esté desactivada).',
  404: 'El servicio no encontró lo solicitado (puede que haya caducado).',
  408: 'El servicio tardó demasiado en responder.',
  409: 'La solicitud entra en conflicto con otra anterior.',
  413: 'La solicitud es demasiado grande para el servicio.',
  422: 'El servicio no pudo procesar este contenido.',
  429: 'El servicio está ocupado (demasiadas solicitudes). Se volverá a intentar en breve.',
};

const SERVICE_UNREACHABLE_TEXT = 'No se pudo contactar con el servicio. Revise la conexión de red.';
export const SERVICE_TIMEOUT_TEXT = 'El servicio no respondió a tiempo.';

/** The words for an HTTP error answer: by known code, then status, then what is known of an unknown one. */
export function serviceErrorText(status: number, code: number | undefined): string {
  const known = code !== undefined ? SERVICE_CODE_TEXT[code] : undefined;
  if (known) return known;
  if (STATUS_TEXT[status]) return STATUS_TEXT[status];
  if (status >= 500) return 'El servicio tuvo un problema por su parte. Inténtelo de nuevo en un momento.';
  const label = code !== undefined ? `error ${code}` : `HTTP ${status}`;
  return `El servicio rechazó la solicitud (${label}, que esta versión de la aplicación no conoce).`;
}

/**
 * The words for a WebSocket error frame: what its code means. Never its `message` (formatted text the
 * contract tells clients not to rely on).
 */
export function streamErrorText(code: number | undefined): string {
  if (code !== undefined && SERVICE_CODE_TEXT[code]) return SERVICE_CODE_TEXT[code];
  return code === undefined
    ? 'El servicio detuvo la transmisión con un error sin código.'
    : `El servicio detuvo la transmisión con el error ${code}, que esta versión de la aplicación no conoce.`;
}

const { duration } = formatsFor('es');

/** "3 minutos atrasado" / "10 minutos adelantado" respecto al del servicio (offset: service minus computer). */
function describeOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const amount =
    minutes >= 1 ? duration(minutes, 'minute') : duration(Math.round(Math.abs(offsetMs) / 1000), 'second');
  // The service ahead means the computer is behind.
  return `${amount} ${offsetMs > 0 ? 'atrasado' : 'adelantado'} respecto al del servicio`;
}

/** The words of a refused sign-in with what the clock has to do with it. */
export function clockHintText(hint: ClockHint): string {
  if (hint.kind === 'unknown')
    return 'El servicio no aceptó las credenciales de la organización. Revíselas, y revise la fecha y la hora de este equipo.';
  const off = `el reloj de este equipo va ${describeOffset(hint.offsetMs)}`;
  return hint.kind === 'compensated'
    ? `El servicio no aceptó las credenciales de la organización; revíselas con informática. Además, ${off} (se compensa aquí): revise su fecha y hora.`
    : `El servicio no aceptó el inicio de sesión: ${off}. Revise la fecha, la hora y la zona horaria del equipo.`;
}

/** A clock a minute or more off the service's, said after a connection check that passed; '' when closer. */
export function clockNoteText(offsetMs: number): string {
  if (Math.abs(offsetMs) < 60_000) return '';
  return ` El reloj de este equipo va ${describeOffset(offsetMs)} (se compensa; revise su fecha y hora).`;
}

/** An endpoint reserved for one kind of caller, as a refusal names it. */
export const CALLER_OPERATION_TEXT: Readonly<Record<CallerOperation, string>> = {
  'manage-users': 'La gestión de usuarios',
  'sign-in-user': 'El inicio de sesión de un usuario',
  'note-settings': 'Los ajustes de nota',
  'template-customization': 'La personalización de plantillas',
  'em-coding': 'La codificación E/M',
  'choose-specialty': 'La elección de especialidad',
  'file-dictation': 'El dictado de archivos',
  'dot-phrases': 'Las frases abreviadas',
  'text-replacements': 'Los reemplazos de texto del dictado',
  'server-api': 'Las citas y los mensajes a pacientes',
};

/** The words of a failed call to the service (the CLI prints them with the ids; the window words the code). */
export function serviceNoteText(note: ServiceNote): string {
  switch (note.kind) {
    case 'unreachable':
      return SERVICE_UNREACHABLE_TEXT;
    case 'timed_out':
      return SERVICE_TIMEOUT_TEXT;
    case 'answer':
      return serviceErrorText(note.status, note.code);
    case 'shape':
      return shapeText(note.reason);
    case 'job':
      return jobText(note.reason);
    case 'clock':
      return clockHintText(note.hint);
    case 'caller':
      return note.requires === 'server'
        ? `${CALLER_OPERATION_TEXT[note.operation]} solo está disponible con las credenciales (de servidor) de la organización.`
        : `${CALLER_OPERATION_TEXT[note.operation]} solo está disponible con una sesión de profesional (token de usuario).`;
    case 'sign_in_expired':
      return note.organization
        ? 'La sesión caducó. Vuelva a iniciar sesión con su organización.'
        : 'La sesión caducó. Vuelva a iniciar sesión.';
    case 'deactivated':
      return 'el usuario está desactivado';
    case 'different_account':
      return 'Otra persona tiene la sesión de su organización abierta en el navegador. Ciérrela y luego inicie sesión con su propia cuenta.';
  }
}
