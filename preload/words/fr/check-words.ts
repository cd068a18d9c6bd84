/**
 * The connection checks' words (French): a check crosses IPC as `{id, status, reason, params?}` and the
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
  address: 'Adresse du service',
  'sign-in': 'Connexion',
  notes: 'Service de notes',
  microphone: 'Micro',
  'saved-connection': 'Connexion enregistrée',
  checks: 'Vérifications',
};

const { plural } = formatsFor('fr');

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
  unreachable: 'Le service est injoignable. Vérifiez l’adresse et le réseau.',
  refused:
    'Le service a refusé ces identifiants. Vérifiez l’identifiant client et la clé avec le service informatique.',
  not_allowed: 'Ce compte n’est pas autorisé à se connecter (il est peut-être désactivé).',
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

const UNREADABLE = 'La connexion enregistrée n’a pas pu être ouverte. Reconnectez-vous.';

/** Who the sign-in check found signed in: the sample service, the organization's credentials or a clinician. */
function signInText(reason: string, caller: CheckParams['caller']): string {
  if (reason === 'signed_in_sample')
    return 'Connecté au service d’exemple intégré (aucun compte nécessaire, pas pour les soins aux patients).';
  return caller === 'server'
    ? 'Connecté avec les identifiants serveur de l’établissement.'
    : 'Connecté en tant que praticien, avec ses propres jetons.';
}

/** The words a person reads for one check (the CLI prints the same). */
export function checkDetailText(check: CheckNote): string {
  const p = check.params ?? {};
  const note = p.offsetMs !== undefined ? clockNoteText(p.offsetMs) : '';
  switch (check.reason) {
    case 'valid':
      return `${p.host ?? 'L’adresse'} est une adresse de service valide.`;
    case 'invalid':
      return p.rule
        ? `L’adresse ${baseUrlPhrase(p.rule)}.`
        : 'L’adresse n’est pas une adresse de service valide.';
    case 'signed_in':
    case 'signed_in_sample':
      return `${signInText(check.reason, p.caller)}${note}`;
    case 'needs_address':
      return 'Il faut d’abord une adresse de service valide.';
    case 'needs_sign_in':
      return 'Il faut d’abord une connexion qui fonctionne.';
    case 'settings_readable':
      return 'Vos paramètres de note sont lisibles.';
    case 'templates':
      return templatesText(p);
    case 'no_templates':
      return 'L’établissement n’a aucun modèle de note.';
    case 'found':
      return `${plural(p.count ?? 0, { one: 'entrée trouvée', other: 'entrées trouvées' })}.`;
    case 'none':
      return 'Aucun micro trouvé. Branchez-en un pour enregistrer les consultations.';
    case 'unreadable':
      return p.failure ? formatError(p.failure) : UNREADABLE;
    case 'could_not_run':
      return 'Les vérifications n’ont pas pu s’exécuter.';
  }
  if (!isFault(check.reason))
    return 'Cette vérification a donné un résultat inconnu de cette version de l’application.';
  const plain =
    check.id === 'notes'
      ? 'Le service de notes n’a pas répondu comme prévu.'
      : 'La connexion a échoué pour une raison inconnue.';
  return faultText(check.reason, p, plain);
}

function templatesText(p: CheckParams): string {
  const keys = p.keys ?? [];
  const count = p.count ?? keys.length;
  const more = count > keys.length ? ', …' : '';
  const templates = { one: 'modèle de note disponible', other: 'modèles de note disponibles' };
  if (keys.length === 0) return `${plural(count, templates)}.`;
  // Names a person reads, not the service's keys (issue 19: Connect showed GENERIC_MULTIPLE_SECTIONS).
  return `${plural(count, templates)} (${keys.map(templateName).join(', ')}${more}).`;
}

/** A check's name as the person reads it. */
export function checkLabel(id: string): string {
  return (CHECK_LABELS as Partial<Record<string, string>>)[id] ?? 'Vérification';
}

/** The label the sample mode carries everywhere. */
const SAMPLE_LABEL = 'Consultation d’exemple — voix de synthèse, pas pour les soins';

/** The summary's words; `check_failed` names the first failing check of `checks`. */
export function summaryText(summary: SummaryNote, checks: readonly CheckNote[]): string {
  const p = summary.params ?? {};
  const failing = checks.find((c) => c.status === 'fail');
  if (summary.code === 'check_failed' && failing) {
    const words = `${checkLabel(failing.id)}: ${checkDetailText(failing)}`;
    return p.connected ? words : `Non connecté. ${words}`;
  }
  if (summary.code === 'sample') return `${SAMPLE_LABEL}. Connecté au service local intégré.`;
  if (summary.code === 'connected')
    return `${p.host ? `Connecté à ${p.host}` : 'Connecté au service'} (${p.region === 'local' ? 'local' : (p.region ?? '').toUpperCase()}).`;
  return p.organization
    ? 'Non connecté. Connectez-vous avec votre établissement, ou essayez la consultation d’exemple.'
    : 'Non connecté. Saisissez l’adresse du service et les identifiants de votre établissement, ou essayez la consultation d’exemple.';
}
