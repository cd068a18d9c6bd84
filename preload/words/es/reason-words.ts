/**
 * The words of each reason an expected failure can name (Spanish). The closed lists of reasons are
 * preload/contract/failure-reasons.ts; this table must word every one (a type error otherwise).
 */
import {
  JOB_REASONS,
  type BaseUrlRule,
  type HotkeyName,
  type JobReason,
  type ReservedKeyUse,
  type ShapeReason,
} from '../../contract/failure-reasons.ts';
import type { ReasonWords } from '../words.ts';

/** For each code that has more specific words than its default: reason → words. */
export const REASON_TEXT: ReasonWords = {
  invalid_request: {
    sample_never_opens_mic: 'La consulta de ejemplo nunca abre el micrófono.',
    recovered_unreadable: 'Esta consulta interrumpida ya no se puede leer.',
    same_inputs: 'Elija dos entradas distintas para el profesional y el paciente.',
    note_changed: 'La nota cambió mientras tanto. Revísela y vuelva a editarla.',
    instructions_outdated:
      'La nota cambió después de redactar estas indicaciones. Redáctelas de nuevo a partir de la nota actual.',
    section_empty: 'Esa sección está vacía; no hay nada que copiar.',
  },
  mic_unavailable: {
    dictation_active: 'Un dictado está usando el micrófono: deténgalo primero.',
    patient_input_missing:
      'La entrada del paciente no está conectada. Conéctela y vuelva a elegirla, o grabe con un solo micrófono.',
  },
  visit_in_progress: {
    other_program: 'Otro programa sigue grabando esta consulta.',
    connection_change: 'Se está grabando una consulta. Termínela antes de cambiar la conexión.',
  },
  permission_denied: {
    note_settings_need_clinician:
      'Los ajustes de nota pertenecen a una sesión de profesional; con credenciales de servidor, elija la plantilla en cada consulta.',
  },
  no_note: { instructions_first: 'Redacte primero las indicaciones.' },
  service_error: {
    job_timed_out: 'Esto está tardando más de lo previsto. Se detuvo; inténtelo de nuevo.',
    job_no_result: 'El servicio indicó que terminó correctamente pero no envió ningún resultado.',
    job_failed:
      'El servicio no pudo completar esto. Inténtelo de nuevo; si sigue fallando, contacte con soporte.',
    answer_too_large: 'El servicio envió una respuesta más grande de lo que acepta esta aplicación.',
    answer_not_json: 'El servicio envió una respuesta que no es JSON.',
    answer_not_understood:
      'El servicio envió una respuesta que esta aplicación no entiende. Si vuelve a ocurrir, puede que esta versión de la aplicación necesite una actualización.',
  },
  not_found: {
    job_expired:
      'El resultado caducó en el servicio (los resultados se guardan 2 horas). Vuelva a generarlo.',
  },
  sign_in_not_offered: {
    organization_sign_in_only:
      'Su organización identifica a los profesionales con su propio inicio de sesión; en este equipo no se usan credenciales de servidor.',
  },
  sign_in_failed: {
    already_open: 'Ya hay un inicio de sesión abierto en el navegador.',
    cancelled: 'Se canceló el inicio de sesión en el navegador. Inténtelo de nuevo cuando esté listo.',
    timed_out: 'El inicio de sesión no terminó a tiempo en el navegador. Inténtelo de nuevo.',
    interaction_required: 'Su organización necesita que vuelva a iniciar sesión en el navegador.',
    idp_unreachable:
      'No se pudo acceder a la página de inicio de sesión de su organización. Revise la conexión de red.',
    idp_refused:
      'El inicio de sesión de su organización no aceptó esta solicitud. Contacte con informática si vuelve a ocurrir.',
    broker_unreachable:
      'No se pudo contactar con el servicio de inicio de sesión de su organización (intermediario de tokens).',
    broker_refused:
      'El servicio de inicio de sesión de su organización no aceptó este inicio de sesión. Contacte con informática.',
    account_deactivated:
      'Su cuenta está desactivada en el servicio de documentación. Contacte con informática.',
    not_configured:
      'El inicio de sesión con su organización no está configurado en este equipo. Contacte con informática.',
  },
  config_invalid: {
    url_not_a_url: 'La dirección del servicio no es una URL válida (por ejemplo https://us.api.example.com).',
    url_has_credentials: 'La dirección del servicio no debe contener usuario ni contraseña.',
    url_has_query: 'La dirección del servicio no debe contener parámetros ni fragmento.',
    url_has_path: 'La dirección del servicio debe ser solo la dirección, sin una ruta como /v1/core.',
    url_plain_http:
      'La dirección del servicio debe usar https:// (http simple solo se permite para 127.0.0.1 o localhost).',
    url_not_https: 'La dirección del servicio debe empezar por https://.',
    url_no_region:
      'La dirección del servicio debe indicar una región (us o eu) en el nombre de host, por ejemplo https://us.api.example.com.',
    address_missing:
      'Escriba la dirección del servicio que le dio su equipo de informática (por ejemplo https://us.api.example.com).',
    token_missing: 'Escriba el token de inicio de sesión que le dio su equipo de informática.',
    client_id_missing: 'Escriba el ID de cliente OAuth.',
    private_key_missing: 'Pegue la clave privada (PEM).',
    private_key_unreadable: 'La clave privada no es una clave privada RSA legible (PEM).',
    private_key_file_unreadable:
      'No se puede leer el archivo de clave privada que indica la configuración de su organización ({errno}). Contacte con informática.',
    settings_invalid: 'Ese ajuste no se puede guardar: esta versión de la aplicación no acepta su valor.',
    settings_unreadable:
      'No se puede leer su archivo de configuración, así que el cambio no se guardó. Reinicie la aplicación: restablece un archivo que no puede usar y lo indica en Configuración.',
  },
  keychain_locked: {
    sign_in_not_kept:
      'El llavero del sistema está bloqueado, así que esta sesión no se puede guardar en este equipo. Desbloquee el llavero y pulse Conectar de nuevo.',
  },
  keychain_unavailable: {
    sign_in_not_kept:
      'No se puede acceder al llavero del sistema, así que esta sesión no se puede guardar en este equipo. Vuelva a iniciar sesión en el equipo o consulte a informática, y pulse Conectar de nuevo.',
  },
  internal: {
    bridge_missing: 'La aplicación no está conectada a su proceso principal. Reinicie la aplicación.',
  },
  dictation_setting_refused: {
    organization_sets: 'Su organización fija este ajuste.',
    key_refused: 'Esa tecla no se puede usar para dictar. Elija otra.',
    key_unreadable: 'Esa no es una tecla que pueda usar un atajo. Elija otra.',
    key_empty: 'No se indicó ninguna tecla.',
    key_two_keys: 'Un atajo tiene como máximo una tecla además de Ctrl, Alt, Mayús y Super.',
    key_modifiers_only: 'Un atajo solo de modificadores necesita al menos dos (como Ctrl+Super).',
    key_reserved: 'Esa tecla está reservada para {use}; elija otra.',
    key_types_text:
      'Esa tecla también escribiría en la aplicación en la que dicta; elija una tecla de función o añada Ctrl, Alt o Super (Comando en un Mac).',
    key_bare:
      'Esa tecla sola dejaría de funcionar en todas las aplicaciones; añada Ctrl o Alt, o elija una tecla de función.',
    key_duplicate: 'Esa tecla ya es el atajo de «{other}».',
    locale_unsupported: 'Este idioma de dictado no es compatible.',
    history_gone: 'Ese dictado ya no está en el historial.',
    nothing_to_recover: 'No hay nada que recuperar aquí.',
    recover_failed: 'No se pudo recuperar el dictado ahora; su audio se conserva. Inténtelo más tarde.',
    discard_failed: 'Ese dictado ya no se puede descartar aquí.',
    not_in_window: 'El dictado no está disponible en esta ventana.',
  },
};

/** A base-URL rule's words as a phrase about the address ("must start with https://"). */
export function baseUrlPhrase(rule: BaseUrlRule): string {
  return REASON_TEXT.config_invalid[rule].replace(/^La dirección del servicio /, '').replace(/\.$/, '');
}

/** The words of a job's reason. */
export function jobText(reason: JobReason): string {
  return reasonText(JOB_REASONS[reason], reason) ?? reason;
}

/** The words of an answer's shape reason. */
export function shapeText(reason: ShapeReason): string {
  return REASON_TEXT.service_error[reason];
}

/** The words of a reason, or undefined when the code has no such reason. */
export function reasonText(code: string, reason: string): string | undefined {
  const table = (REASON_TEXT as Readonly<Record<string, Readonly<Record<string, string>>>>)[code];
  return table && Object.hasOwn(table, reason) ? table[reason] : undefined;
}

/** What a reserved chord is kept for, as a refusal names it ("That key is kept for copy"). */
export const RESERVED_KEY_USE_TEXT: Readonly<Record<ReservedKeyUse, string>> = {
  copy: 'copiar',
  paste: 'pegar',
  cut: 'cortar',
  undo: 'deshacer',
  redo: 'rehacer',
  'select all': 'seleccionar todo',
  save: 'guardar',
  print: 'imprimir',
  find: 'buscar',
  'close the window or tab': 'cerrar la ventana o la pestaña',
  quit: 'salir',
  'paste in terminals': 'pegar en terminales',
  'switching applications': 'cambiar de aplicación',
  'closing the window': 'cerrar la ventana',
  'the security screen': 'la pantalla de seguridad',
  'the task manager': 'el administrador de tareas',
  'locking the screen': 'bloquear la pantalla',
  'Spotlight search': 'la búsqueda de Spotlight',
  'switching input language': 'cambiar el idioma de entrada',
  screenshots: 'las capturas de pantalla',
  'Windows voice typing': 'la escritura por voz de Windows',
  'restarting the display server': 'reiniciar el servidor gráfico',
  'closing dialogs': 'cerrar cuadros de diálogo',
  'moving between fields': 'pasar de un campo a otro',
  confirming: 'confirmar',
  'typing a space': 'escribir un espacio',
  'deleting text': 'borrar texto',
};

/** Dictation's hotkeys, as a refused duplicate names them. */
export const HOTKEY_NAME_TEXT: Readonly<Record<HotkeyName, string>> = {
  toggle: 'activar/desactivar',
  'push-to-talk': 'pulsar para hablar',
  cancel: 'cancelar',
  undo: 'deshacer el último dictado',
  'next-field': 'campo siguiente',
  'previous-field': 'campo anterior',
};
