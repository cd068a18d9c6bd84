/**
 * The words for settings a person reads (Spanish): each setting's title, why a locked one is locked, and
 * the notice when the settings file had to be reset. Main sends keys and closed params
 * (preload/contract/setting-codes.ts). main/core/config/policy-keys.ts gives IT the same titles
 * (test/unit/words/setting-words.test.ts keeps the two in step).
 */
import type {
  LockOrigin,
  SettingKey,
  SettingsNotice,
  SettingsProblem,
} from '../../contract/setting-codes.ts';

/** Every configuration key's title. */
export const SETTING_TITLES: Readonly<Record<SettingKey, string>> = {
  serviceUrl: 'Dirección del servicio',
  allowUserServiceUrlChange: 'Permitir cambiar la dirección del servicio',
  signInMethod: 'Método de inicio de sesión',
  apiVersion: 'Versión de la API',
  clientId: 'ID de cliente OAuth',
  privateKeyFile: 'Archivo de clave privada',
  keyId: 'ID de clave',
  userExternalId: 'ID externo del usuario',
  allowEnvironmentOverrides: 'Respetar las variables de entorno SCRIBE_*',
  speechLocales: 'Idiomas hablados',
  noteLocale: 'Idioma de la nota',
  displayLanguage: 'Idioma de la aplicación',
  noteTemplateKey: 'Plantilla de nota',
  dictationLocale: 'Idioma de dictado',
  microphone: 'Micrófono del profesional',
  secondMicrophone: 'Entrada del paciente',
  journalRetentionHours: 'Conservación del diario (horas)',
  journalDir: 'Carpeta del diario',
  logLevel: 'Nivel de registro',
  signInIssuer: 'Proveedor de identidad (emisor)',
  signInClientId: 'ID de cliente de inicio de sesión',
  signInScopes: 'Ámbitos de inicio de sesión',
  signInBrokerUrl: 'Intermediario de tokens',
  signInPresentedToken: 'Token presentado al intermediario',
  allowServerCredentials: 'Ofrecer credenciales de servidor',
  allowSampleVisit: 'Ofrecer la consulta de ejemplo',
  dictationMode: 'Comportamiento de la tecla de dictado mantenida',
  dictationToggleKey: 'Tecla para iniciar/detener el dictado',
  dictationHoldKey: 'Tecla de dictado para mantener pulsada',
  dictationCancelKey: 'Tecla para cancelar el dictado',
  dictationUndoKey: 'Tecla para deshacer el último dictado',
  dictationNextFieldKey: 'Tecla para ir al campo siguiente de la plantilla',
  dictationPreviousFieldKey: 'Tecla para ir al campo anterior de la plantilla',
  dictationInsertMode: 'Cómo entra el texto dictado en otras aplicaciones',
  dictationAppRules: 'Reglas de dictado por aplicación',
  dictationHistoryHours: 'Historial de dictado (horas)',
  dictationClipboardClearSeconds: 'Borrar el texto dictado copiado después de (segundos)',
  updateMode: 'Actualizaciones',
  updateChannel: 'Canal de actualización',
  updateFeedUrl: 'Origen de las actualizaciones',
  updateMaintenanceWindow: 'Ventana de mantenimiento de actualizaciones',
  auditRetentionDays: 'Conservación del registro de auditoría (días)',
  auditFileMegabytes: 'Tamaño de los archivos de auditoría (MB)',
  auditSyslog: 'Recopilador syslog del registro de auditoría',
  auditSyslogCaFile: 'Archivo de CA de syslog de la auditoría',
  auditOsLog: 'Registro de auditoría en el registro del sistema',
  signInRecheckHours: 'Nueva comprobación del inicio de sesión con el proveedor de identidad (horas)',
  dictationFieldMarkers: 'Campos de plantilla que «campo siguiente» selecciona',
  dictationMicRecordMode: 'Botón Grabar del micrófono de dictado',
  dictationMicButtons: 'Botones del micrófono de dictado',
  dictationCommands: 'Comandos de voz del dictado',
};

/** A setting's title; a key this version does not know (a newer main) is shown as it is. */
export function settingTitle(key: string): string {
  return Object.hasOwn(SETTING_TITLES, key) ? SETTING_TITLES[key as SettingKey] : key;
}

/** The reason every lock gives unless a launch variable or flag set it. */
const USUAL_LOCK_REASON = 'Lo fija su organización';

/** Why a setting cannot be changed here. */
export function lockReasonText(lock: LockOrigin): string {
  if (lock.source === 'environment' && lock.via)
    return `Lo fija la variable de entorno ${lock.via} con la que se inició la aplicación`;
  if (lock.source === 'flags' && lock.via)
    return `Lo fija la opción de línea de comandos ${lock.via} con la que se inició la aplicación`;
  if (lock.source === 'environment') return 'Lo fija el entorno con el que se inició la aplicación';
  if (lock.source === 'flags')
    return 'Lo fija una opción de línea de comandos con la que se inició la aplicación';
  return USUAL_LOCK_REASON;
}

const PROBLEM_TEXT: Readonly<Record<SettingsProblem, string>> = {
  not_json: 'no es JSON válido',
  unknown_setting: 'no es un ajuste que conozca esta versión de la aplicación',
  not_user_setting:
    'solo su organización o la forma de iniciar la aplicación pueden fijarlo, no el archivo de configuración',
  value_refused: 'esta versión de la aplicación no acepta el valor que tenía',
};

/** One problem's words: the setting's title (an unknown key as it is) and why. */
function problemText(problem: SettingsNotice['problems'][number]): string {
  const why = PROBLEM_TEXT[problem.rule] ?? PROBLEM_TEXT.value_refused;
  if (problem.rule === 'not_json') return why;
  return problem.key ? `${settingTitle(problem.key)}: ${why}` : `un ajuste: ${why}`;
}

/** What the person reads when their settings file was reset at start (titles and reasons, never values). */
export function settingsNoticeText(notice: SettingsNotice): string {
  const label = notice.file ? `Su archivo de configuración ${notice.file}` : 'Su archivo de configuración';
  const problems = notice.problems.map(problemText).join('; ');
  const kept = notice.backup ? ` El archivo anterior se guarda en ${notice.backup}.` : '';
  return `${label} no se pudo usar, así que se restablecieron los ajustes que contenía (${problems}).${kept}`;
}
