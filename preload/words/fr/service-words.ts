/**
 * Words for what the service answered, by its numeric error code and HTTP status (French): what the CLI
 * prints with the ids. main/core/api keeps the machine facts (status, code, trace id, a ServiceNote), the
 * words are here. Never the service's own `message` text.
 */
import type { CallerOperation, ClockHint, ServiceNote } from '../../contract/service-notes.ts';
import { jobText, shapeText } from './reason-words.ts';
import { formatsFor } from '../intl.ts';

/** Codes the service is known to use, with what they mean to a clinician. */
const SERVICE_CODE_TEXT: Readonly<Record<number, string>> = {
  83005:
    'L’échange est trop court pour rédiger une note. Enregistrez une plus grande partie de la consultation et réessayez.',
  83011: 'Le service n’a reçu aucun audio pendant 10 secondes et a cessé d’écouter. Vérifiez le micro.',
  83023:
    'Cette note ne contient rien sur quoi le patient doive agir : il n’y a donc pas de consignes pour le patient.',
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Le service a rejeté la demande comme non valide.',
  401: 'Le service n’a pas accepté la connexion. Reconnectez-vous ou vérifiez les identifiants de l’établissement.',
  403: 'Ce compte n’est pas autorisé à faire cela (il est peut-être désactivé).',
  404: 'Le service n’a pas trouvé ce qui était demandé (il a peut-être expiré).',
  408: 'Le service a mis trop de temps à répondre.',
  409: 'La demande entre en conflit avec une demande précédente.',
  413: 'La demande est trop volumineuse pour le service.',
  422: 'Le service n’a pas pu traiter ce contenu.',
  429: 'Le service est occupé (trop de demandes). Un nouvel essai aura lieu sous peu.',
};

const SERVICE_UNREACHABLE_TEXT = 'Le service est injoignable. Vérifiez la connexion réseau.';
export const SERVICE_TIMEOUT_TEXT = 'Le service n’a pas répondu à temps.';

/** The words for an HTTP error answer: by known code, then status, then what is known of an unknown one. */
export function serviceErrorText(status: number, code: number | undefined): string {
  const known = code !== undefined ? SERVICE_CODE_TEXT[code] : undefined;
  if (known) return known;
  if (STATUS_TEXT[status]) return STATUS_TEXT[status];
  if (status >= 500) return 'Le service a rencontré un problème de son côté. Réessayez dans un instant.';
  const label = code !== undefined ? `erreur ${code}` : `HTTP ${status}`;
  return `Le service a refusé la demande (${label}, inconnue de cette version de l’application).`;
}

/**
 * The words for a WebSocket error frame: what its code means. Never its `message` (formatted text the
 * contract tells clients not to rely on).
 */
export function streamErrorText(code: number | undefined): string {
  if (code !== undefined && SERVICE_CODE_TEXT[code]) return SERVICE_CODE_TEXT[code];
  return code === undefined
    ? 'Le service a interrompu le flux avec une erreur sans code.'
    : `Le service a interrompu le flux avec l’erreur ${code}, inconnue de cette version de l’application.`;
}

const { duration } = formatsFor('fr');

/** "en retard de 3 minutes" / "en avance de 10 minutes" sur le service (offset: service minus computer). */
function describeOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const amount =
    minutes >= 1 ? duration(minutes, 'minute') : duration(Math.round(Math.abs(offsetMs) / 1000), 'second');
  // The service ahead means the computer is behind.
  return `${offsetMs > 0 ? 'en retard' : 'en avance'} de ${amount} sur celle du service`;
}

/** The words of a refused sign-in with what the clock has to do with it. */
export function clockHintText(hint: ClockHint): string {
  if (hint.kind === 'unknown')
    return 'Le service n’a pas accepté les identifiants de l’établissement. Vérifiez-les, ainsi que la date et l’heure de cet ordinateur.';
  const off = `l’horloge de cet ordinateur est ${describeOffset(hint.offsetMs)}`;
  return hint.kind === 'compensated'
    ? `Le service n’a pas accepté les identifiants de l’établissement ; vérifiez-les avec le service informatique. Par ailleurs, ${off} (compensé ici) : vérifiez sa date et son heure.`
    : `Le service n’a pas accepté la connexion : ${off}. Vérifiez la date, l’heure et le fuseau horaire de l’ordinateur.`;
}

/** A clock a minute or more off the service's, said after a connection check that passed; '' when closer. */
export function clockNoteText(offsetMs: number): string {
  if (Math.abs(offsetMs) < 60_000) return '';
  return ` L’horloge de cet ordinateur est ${describeOffset(offsetMs)} (compensé ; vérifiez sa date et son heure).`;
}

/** An endpoint reserved for one kind of caller, as a refusal names it. */
export const CALLER_OPERATION_TEXT: Readonly<Record<CallerOperation, string>> = {
  'manage-users': 'La gestion des utilisateurs',
  'sign-in-user': 'La connexion d’un utilisateur',
  'note-settings': 'Les paramètres de note',
  'template-customization': 'La personnalisation des modèles',
  'em-coding': 'Le codage E/M',
  'choose-specialty': 'Le choix d’une spécialité',
  'file-dictation': 'La dictée de fichiers',
  'dot-phrases': 'Les phrases abrégées',
  'text-replacements': 'Les remplacements de texte de la dictée',
  'server-api': 'Les rendez-vous et les messages aux patients',
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
        ? `${CALLER_OPERATION_TEXT[note.operation]} n’est possible qu’avec les identifiants (serveur) de l’établissement.`
        : `${CALLER_OPERATION_TEXT[note.operation]} n’est possible qu’avec une connexion de praticien (jeton utilisateur).`;
    case 'sign_in_expired':
      return note.organization
        ? 'La connexion a expiré. Reconnectez-vous avec votre établissement.'
        : 'La connexion a expiré. Reconnectez-vous.';
    case 'deactivated':
      return 'l’utilisateur est désactivé';
    case 'different_account':
      return 'Une autre personne est connectée à votre établissement dans le navigateur. Déconnectez-la, puis connectez-vous avec votre propre compte.';
  }
}
