/**
 * The one place where an expected failure becomes words a person reads (French): `code + params` →
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
  invalid_request: 'Cette demande n’est pas valide. Vérifiez les champs et réessayez.',
  limit_exceeded: 'C’est plus long que ce que le service accepte. Raccourcissez et réessayez.',
  not_connected:
    'Aucun établissement n’est encore connecté. Ouvrez d’abord Connexion, ou essayez la consultation d’exemple.',
  config_invalid: 'Les paramètres de connexion ne sont pas valides.',
  policy_locked:
    'Ce paramètre est fixé par votre établissement et ne peut pas être modifié ici. Contactez votre service informatique.',
  auth_failed:
    'Le service n’a pas accepté la connexion. Reconnectez-vous depuis l’écran Connexion (une connexion de praticien a pu expirer ou être révoquée ; les identifiants de l’établissement sont vérifiés par le service informatique).',
  sign_in_failed: 'La connexion avec votre établissement n’a pas abouti. Réessayez.',
  sign_in_not_offered: 'Votre établissement ne propose pas ce mode de connexion sur cet ordinateur.',
  clock_wrong:
    'Le service n’a pas accepté la connexion, peut-être à cause de l’horloge de cet ordinateur. Vérifiez la date, l’heure et le fuseau horaire, puis réessayez.',
  permission_denied: 'Ce compte n’est pas autorisé à faire cela (il est peut-être désactivé).',
  service_unreachable: 'Le service est injoignable. Vérifiez la connexion réseau.',
  service_unreachable_kept:
    'Le service est injoignable. L’audio enregistré jusqu’ici est conservé : récupérez-le depuis l’écran Consultation quand le réseau sera revenu.',
  service_busy: 'Le service est occupé. Réessayez dans un instant.',
  service_error: 'Le service a rencontré un problème de son côté. Réessayez dans un instant.',
  not_found: 'Le service n’a pas trouvé cet élément (il a peut-être expiré).',
  transcript_too_short:
    'L’échange est trop court pour rédiger une note. Enregistrez une plus grande partie de la consultation.',
  no_instructions_content:
    'Cette note ne contient rien sur quoi le patient doive agir : il n’y a donc pas de consignes à rédiger.',
  server_credentials_required:
    'Cela nécessite les identifiants serveur de l’établissement (les codes E/M, par exemple) ; une connexion de praticien ne peut pas le demander.',
  clinician_sign_in_required:
    'Les phrases abrégées, les remplacements de texte et les paramètres de note appartiennent à chaque praticien. Connectez-vous avec une connexion de praticien pour les modifier.',
  consent_required: 'Confirmez que le patient a accepté l’enregistrement avant de commencer.',
  visit_not_active: 'Aucune consultation n’est en cours d’enregistrement.',
  visit_in_progress: 'Une consultation est déjà en cours d’enregistrement. Terminez-la d’abord.',
  stream_failed:
    'La transcription s’est arrêtée sans pouvoir reprendre. La transcription obtenue est conservée.',
  disk_full:
    'Le disque est plein : l’audio de la consultation ne peut pas être conservé en sécurité. Libérez de l’espace.',
  keychain_locked:
    'Le trousseau du système est verrouillé : l’audio de la consultation ne peut pas être conservé en sécurité sur cet ordinateur. Déverrouillez le trousseau, puis appuyez de nouveau sur Démarrer.',
  keychain_unavailable:
    'Le trousseau du système est inaccessible : l’audio de la consultation ne peut pas être conservé en sécurité sur cet ordinateur. Reconnectez-vous à l’ordinateur ou contactez le service informatique, puis appuyez de nouveau sur Démarrer.',
  journal_unavailable:
    'L’audio de la consultation ne peut pas être conservé sur cet ordinateur : son dossier n’est pas accessible en écriture. Demandez au service informatique de vérifier le disque et les droits du dossier.',
  no_note: 'Il n’y a pas encore de note. Rédigez d’abord la note.',
  mic_denied: 'Le micro est bloqué. Autorisez l’accès au micro dans les réglages du système.',
  mic_unavailable: 'Le micro n’a pas pu être ouvert. Vérifiez qu’il est branché.',
  device_lost: 'Le micro a cessé de fonctionner pendant la consultation. L’audio obtenu est conservé.',
  file_unreadable: 'Le fichier d’enregistrement n’a pas pu être lu.',
  sample_unavailable: 'La consultation d’exemple n’est pas disponible dans cette installation.',
  clipboard_unavailable:
    'Le presse-papiers n’a pas pu être écrit. Sélectionnez le texte et copiez-le vous-même.',
  dictation_setting_refused: 'Ce réglage de dictée ne peut pas être utilisé. Choisissez-en un autre.',
  appointment_not_found:
    'Ce rendez-vous ne fait plus partie de vos rendez-vous. Actualisez la liste du jour.',
  conversation_locked:
    'La conversation du patient est verrouillée : elle n’accepte aucun nouveau message. Rien n’a été envoyé ; transmettez les consignes autrement.',
  schedule_unavailable:
    'Les rendez-vous du jour sont inaccessibles (le relais de l’organisation ou le service). Réessayez dans un instant.',
  internal:
    'Un problème est survenu dans l’application. Réessayez ; si cela se reproduit, redémarrez l’application.',
};

const SOURCE_WORDS: Readonly<Record<LockSource, string>> = {
  organization: 'fixé par votre établissement',
  environment: 'fixé par l’environnement de lancement de l’application',
  flags: 'fixé par une option de ligne de commande au lancement de l’application',
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
    Array.isArray(params.keys) && params.keys.length > 0
      ? ` Touches libres : ${params.keys.join(', ')}.`
      : '';
  return `${fill(reason ?? ERROR_TEXT[code], params)}${keys}`;
}

/** The words of a closed param a reason's words name ({errno} as it is, {use} and {other} from their tables). */
const PARAM_WORDS: Readonly<Record<string, Readonly<Record<string, string>> | undefined>> = {
  use: RESERVED_KEY_USE_TEXT,
  other: HOTKEY_NAME_TEXT,
};

/** Puts the closed params a reason's words name ({errno}, {use}, {other}) into them. */
function fill(words: string, params: Partial<Record<string, unknown>>): string {
  const fallback: Readonly<Record<string, string>> = {
    errno: 'erreur',
    use: 'un autre usage',
    other: 'un autre',
  };
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
    : 'Ce paramètre';
  return `${title} : ${SOURCE_WORDS[params.source] ?? SOURCE_WORDS.organization}, il ne peut donc pas être modifié ici.`;
}
