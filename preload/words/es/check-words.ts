/**
 * The connection checks' words (Spanish): a check crosses IPC as `{id, status, reason, params?}` and the
 * connection status's summary as a code (preload/contract/check-codes.ts); the Connect screen and
 * `scribe doctor` word both here. Never the service's own text: its "Reason given" stays in main.
 */
import {
  FAULT_REASONS,
  type CheckId,
  type CheckNote,
  type CheckParams,
  type FaultReason,
  type SummaryNote,
} from '../../contract/check-codes.ts';
import { formatError } from './error-words.ts';
import { baseUrlPhrase } from './reason-words.ts';
import { templateName } from './name-words.ts';
import { formatsFor } from '../intl.ts';
import { clockHintText, clockNoteText, serviceErrorText, SERVICE_TIMEOUT_TEXT } from './service-words.ts';

export const CHECK_LABELS: Readonly<Record<CheckId, string>> = {
  address: 'Dirección del servicio',
  'sign-in': 'Inicio de sesión',
  notes: 'Servicio de notas',
  microphone: 'Micrófono',
  'saved-connection': 'Conexión guardada',
  checks: 'Comprobaciones',
};

const { plural } = formatsFor('es');

/** What the service's ids say, as "(HTTP 401, code 5, Name, trace t)"; '' when none. */
function idsText(p: CheckParams): string {
  const ids = [
    p.status !== undefined ? `HTTP ${p.status}` : undefined,
    p.code !== undefined ? `code ${p.code}` : undefined,
    p.name,
    p.traceId ? `trace ${p.traceId}` : undefined,
  ].filter(Boolean);
  return ids.length > 0 ? ` (${ids.join(', ')})` : '';
}

const OWN_WORDS: Partial<Record<FaultReason, string>> = {
  unreachable: 'No se pudo contactar con el servicio. Revise la dirección y la red.',
  refused: 'El servicio rechazó estas credenciales. Revise el ID de cliente y la clave con informática.',
  not_allowed: 'Esta cuenta no tiene permiso para iniciar sesión (puede que esté desactivada).',
};

/** A failed call's words: its own, the service's code's, or the check's plain words; then the ids. */
function faultText(reason: FaultReason, p: CheckParams, plain: string): string {
  const words =
    reason === 'clock_unknown'
      ? clockHintText({ kind: 'unknown' })
      : reason === 'clock_off'
        ? clockHintText({ kind: 'off', offsetMs: p.offsetMs ?? 0 })
        : reason === 'timed_out'
          ? SERVICE_TIMEOUT_TEXT
          : reason === 'service' && p.status !== undefined
            ? serviceErrorText(p.status, p.code)
            : (OWN_WORDS[reason] ?? plain);
  const note = reason !== 'clock_off' && p.offsetMs !== undefined ? clockNoteText(p.offsetMs) : '';
  return `${words}${idsText(p)}${note}`;
}

function isFault(reason: string): reason is FaultReason {
  return (FAULT_REASONS as readonly string[]).includes(reason);
}

const UNREADABLE = 'No se pudo abrir la conexión guardada. Vuelva a conectarse.';

/** Who the sign-in check found signed in: the sample service, the organization's credentials or a clinician. */
function signInText(reason: string, caller: CheckParams['caller']): string {
  if (reason === 'signed_in_sample')
    return 'Sesión iniciada en el servicio de ejemplo integrado (sin cuenta, no apto para la atención de pacientes).';
  return caller === 'server'
    ? 'Sesión iniciada con las credenciales de servidor de la organización.'
    : 'Sesión iniciada como profesional, con sus propios tokens.';
}

/** The words a person reads for one check (the CLI prints the same). */
export function checkDetailText(check: CheckNote): string {
  const p = check.params ?? {};
  const note = p.offsetMs !== undefined ? clockNoteText(p.offsetMs) : '';
  switch (check.reason) {
    case 'valid':
      return `${p.host ?? 'La dirección'} es una dirección de servicio válida.`;
    case 'invalid':
      return p.rule
        ? `La dirección ${baseUrlPhrase(p.rule)}.`
        : 'La dirección no es una dirección de servicio válida.';
    case 'signed_in':
    case 'signed_in_sample':
      return `${signInText(check.reason, p.caller)}${note}`;
    case 'needs_address':
      return 'Primero hace falta una dirección de servicio válida.';
    case 'needs_sign_in':
      return 'Primero hace falta un inicio de sesión que funcione.';
    case 'settings_readable':
      return 'Sus ajustes de nota se pueden leer.';
    case 'templates':
      return templatesText(p);
    case 'no_templates':
      return 'La organización no tiene plantillas de nota.';
    case 'found':
      return `${plural(p.count ?? 0, { one: 'entrada encontrada', other: 'entradas encontradas' })}.`;
    case 'none':
      return 'No se encontró ningún micrófono. Conecte uno para grabar consultas.';
    case 'unreadable':
      return p.failure ? formatError(p.failure) : UNREADABLE;
    case 'could_not_run':
      return 'No se pudieron hacer las comprobaciones.';
  }
  if (!isFault(check.reason))
    return 'Esta comprobación dio un resultado que esta versión de la aplicación no conoce.';
  const plain =
    check.id === 'notes'
      ? 'El servicio de notas no respondió como se esperaba.'
      : 'El inicio de sesión falló por un motivo desconocido.';
  return faultText(check.reason, p, plain);
}

function templatesText(p: CheckParams): string {
  const keys = p.keys ?? [];
  const count = p.count ?? keys.length;
  const more = count > keys.length ? ', …' : '';
  const templates = { one: 'plantilla de nota disponible', other: 'plantillas de nota disponibles' };
  if (keys.length === 0) return `${plural(count, templates)}.`;
  // Names a person reads, not the service's keys (issue 19: Connect showed GENERIC_MULTIPLE_SECTIONS).
  return `${plural(count, templates)} (${keys.map(templateName).join(', ')}${more}).`;
}

/** A check's name as the person reads it. */
export function checkLabel(id: string): string {
  return (CHECK_LABELS as Partial<Record<string, string>>)[id] ?? 'Comprobación';
}

/** The label the sample mode carries everywhere. */
const SAMPLE_LABEL = 'Consulta de ejemplo: voz sintética, no apta para la atención de pacientes';

/** The summary's words; `check_failed` names the first failing check of `checks`. */
export function summaryText(summary: SummaryNote, checks: readonly CheckNote[]): string {
  const p = summary.params ?? {};
  const failing = checks.find((c) => c.status === 'fail');
  if (summary.code === 'check_failed' && failing) {
    const words = `${checkLabel(failing.id)}: ${checkDetailText(failing)}`;
    return p.connected ? words : `Sin conexión. ${words}`;
  }
  if (summary.code === 'sample') return `${SAMPLE_LABEL}. Conectado al servicio local integrado.`;
  if (summary.code === 'connected')
    return `${p.host ? `Conectado a ${p.host}` : 'Conectado al servicio'} (${p.region === 'local' ? 'local' : (p.region ?? '').toUpperCase()}).`;
  return p.organization
    ? 'Sin conexión. Inicie sesión con su organización, o pruebe la consulta de ejemplo.'
    : 'Sin conexión. Escriba la dirección del servicio y las credenciales de su organización, o pruebe la consulta de ejemplo.';
}
