/**
 * The words of each reason an expected failure can name (French). The closed lists of reasons are
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
    sample_never_opens_mic: 'La consultation d’exemple n’ouvre jamais le micro.',
    recovered_unreadable: 'Cette consultation interrompue ne peut plus être lue.',
    same_inputs: 'Choisissez deux entrées différentes pour le praticien et le patient.',
    note_changed: 'La note a changé entre-temps. Relisez-la et modifiez-la de nouveau.',
    instructions_outdated:
      'La note a changé après la rédaction de ces consignes. Rédigez-les de nouveau à partir de la note actuelle.',
    section_empty: 'Cette section est vide : il n’y a rien à copier.',
  },
  mic_unavailable: {
    dictation_active: 'Une dictée utilise le micro : arrêtez-la d’abord.',
    patient_input_missing:
      'L’entrée du patient n’est pas branchée. Branchez-la et choisissez-la de nouveau, ou enregistrez avec un seul micro.',
  },
  visit_in_progress: {
    other_program: 'Cette consultation est encore enregistrée par un autre programme.',
    connection_change:
      'Une consultation est en cours d’enregistrement. Terminez-la avant de changer de connexion.',
  },
  permission_denied: {
    note_settings_need_clinician:
      'Les paramètres de note appartiennent à une connexion de praticien ; avec les identifiants serveur, choisissez le modèle à chaque consultation.',
  },
  no_note: { instructions_first: 'Rédigez d’abord les consignes.' },
  service_error: {
    job_timed_out: 'Cela prend plus de temps que prévu. L’opération a été arrêtée ; réessayez.',
    job_no_result: 'Le service a signalé une réussite sans envoyer de résultat.',
    job_failed:
      'Le service n’a pas pu terminer cette opération. Réessayez ; si l’échec persiste, contactez l’assistance.',
    answer_too_large: 'Le service a envoyé une réponse plus volumineuse que ce que l’application accepte.',
    answer_not_json: 'Le service a envoyé une réponse qui n’est pas du JSON.',
    answer_not_understood:
      'Le service a envoyé une réponse que l’application ne comprend pas. Si cela se reproduit, cette version de l’application doit peut-être être mise à jour.',
  },
  not_found: {
    job_expired:
      'Le résultat a expiré sur le service (les résultats sont conservés 2 heures). Relancez la rédaction.',
  },
  sign_in_not_offered: {
    organization_sign_in_only:
      'Votre établissement connecte les praticiens par sa propre connexion ; les identifiants serveur ne sont pas utilisés sur cet ordinateur.',
  },
  sign_in_failed: {
    already_open: 'Une connexion est déjà ouverte dans le navigateur.',
    cancelled: 'La connexion a été annulée dans le navigateur. Réessayez quand vous serez prêt.',
    timed_out: 'La connexion ne s’est pas terminée à temps dans le navigateur. Réessayez.',
    interaction_required: 'Votre établissement vous demande de vous reconnecter dans le navigateur.',
    idp_unreachable:
      'La page de connexion de votre établissement est injoignable. Vérifiez la connexion réseau.',
    idp_refused:
      'La connexion de votre établissement n’a pas accepté cette demande. Contactez le service informatique si cela se reproduit.',
    broker_unreachable:
      'Le service de connexion de votre établissement (courtier de jetons) est injoignable.',
    broker_refused:
      'Le service de connexion de votre établissement n’a pas accepté cette connexion. Contactez le service informatique.',
    account_deactivated:
      'Votre compte est désactivé sur le service de documentation. Contactez le service informatique.',
    not_configured:
      'La connexion avec votre établissement n’est pas configurée sur cet ordinateur. Contactez le service informatique.',
  },
  config_invalid: {
    url_not_a_url: 'L’adresse du service n’est pas une URL valide (par exemple https://us.api.example.com).',
    url_has_credentials: 'L’adresse du service ne doit contenir ni nom d’utilisateur ni mot de passe.',
    url_has_query: 'L’adresse du service ne doit contenir ni paramètres ni fragment.',
    url_has_path: 'L’adresse du service doit être l’adresse seule, sans chemin comme /v1/core.',
    url_plain_http:
      'L’adresse du service doit utiliser https:// (http simple n’est permis que pour 127.0.0.1 ou localhost).',
    url_not_https: 'L’adresse du service doit commencer par https://.',
    url_no_region:
      'L’adresse du service doit indiquer une région (us ou eu) dans le nom d’hôte, par exemple https://us.api.example.com.',
    address_missing:
      'Saisissez l’adresse du service fournie par votre service informatique (par exemple https://us.api.example.com).',
    token_missing: 'Saisissez le jeton de connexion fourni par votre service informatique.',
    client_id_missing: 'Saisissez l’identifiant client OAuth.',
    private_key_missing: 'Collez la clé privée (PEM).',
    private_key_unreadable: 'La clé privée n’est pas une clé privée RSA lisible (PEM).',
    private_key_file_unreadable:
      'Le fichier de clé privée indiqué par la configuration de votre établissement ne peut pas être lu ({errno}). Contactez le service informatique.',
    settings_invalid:
      'Ce paramètre ne peut pas être enregistré : cette version de l’application n’accepte pas sa valeur.',
    settings_unreadable:
      'Votre fichier de paramètres ne peut pas être lu : la modification n’a pas été enregistrée. Redémarrez l’application : elle réinitialise un fichier inutilisable et le signale dans Paramètres.',
  },
  keychain_locked: {
    sign_in_not_kept:
      'Le trousseau du système est verrouillé : cette connexion ne peut pas être conservée sur cet ordinateur. Déverrouillez le trousseau, puis appuyez de nouveau sur Se connecter.',
  },
  keychain_unavailable: {
    sign_in_not_kept:
      'Le trousseau du système est inaccessible : cette connexion ne peut pas être conservée sur cet ordinateur. Reconnectez-vous à l’ordinateur ou contactez le service informatique, puis appuyez de nouveau sur Se connecter.',
  },
  internal: {
    bridge_missing: 'L’application n’est pas reliée à son processus principal. Redémarrez l’application.',
  },
  dictation_setting_refused: {
    organization_sets: 'Votre établissement fixe ce réglage.',
    key_refused: 'Cette touche ne peut pas servir à la dictée. Choisissez-en une autre.',
    key_unreadable: 'Ce n’est pas une touche utilisable comme raccourci. Choisissez-en une autre.',
    key_empty: 'Aucune touche n’a été indiquée.',
    key_two_keys: 'Un raccourci comporte au plus une touche en plus de Ctrl, Alt, Maj et Super.',
    key_modifiers_only:
      'Un raccourci fait uniquement de touches de modification en demande au moins deux (comme Ctrl+Super).',
    key_reserved: 'Cette touche est réservée à : {use} ; choisissez-en une autre.',
    key_types_text:
      'Cette touche taperait aussi du texte dans l’application où vous dictez ; choisissez une touche de fonction ou ajoutez Ctrl, Alt ou Super (Commande sur Mac).',
    key_bare:
      'Seule, cette touche cesserait de fonctionner dans toutes les applications ; ajoutez Ctrl ou Alt, ou choisissez une touche de fonction.',
    key_duplicate: 'Cette touche est déjà le raccourci « {other} ».',
    locale_unsupported: 'Cette langue de dictée n’est pas prise en charge.',
    history_gone: 'Cette dictée n’est plus dans l’historique.',
    nothing_to_recover: 'Rien à récupérer ici.',
    recover_failed:
      'La dictée n’a pas pu être récupérée pour l’instant ; son audio est conservé. Réessayez plus tard.',
    discard_failed: 'Cette dictée ne peut plus être supprimée ici.',
    not_in_window: 'La dictée n’est pas disponible dans cette fenêtre.',
  },
};

/** A base-URL rule's words as a phrase about the address ("must start with https://"). */
export function baseUrlPhrase(rule: BaseUrlRule): string {
  return REASON_TEXT.config_invalid[rule].replace(/^L’adresse du service /, '').replace(/\.$/, '');
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
  copy: 'copier',
  paste: 'coller',
  cut: 'couper',
  undo: 'annuler',
  redo: 'rétablir',
  'select all': 'tout sélectionner',
  save: 'enregistrer',
  print: 'imprimer',
  find: 'rechercher',
  'close the window or tab': 'fermer la fenêtre ou l’onglet',
  quit: 'quitter',
  'paste in terminals': 'coller dans les terminaux',
  'switching applications': 'changer d’application',
  'closing the window': 'fermer la fenêtre',
  'the security screen': 'l’écran de sécurité',
  'the task manager': 'le gestionnaire des tâches',
  'locking the screen': 'verrouiller l’écran',
  'Spotlight search': 'la recherche Spotlight',
  'switching input language': 'changer de langue de saisie',
  screenshots: 'les captures d’écran',
  'Windows voice typing': 'la saisie vocale de Windows',
  'restarting the display server': 'redémarrer le serveur d’affichage',
  'closing dialogs': 'fermer les boîtes de dialogue',
  'moving between fields': 'passer d’un champ à l’autre',
  confirming: 'valider',
  'typing a space': 'taper une espace',
  'deleting text': 'effacer du texte',
};

/** Dictation's hotkeys, as a refused duplicate names them. */
export const HOTKEY_NAME_TEXT: Readonly<Record<HotkeyName, string>> = {
  toggle: 'marche/arrêt',
  'push-to-talk': 'appuyer pour parler',
  cancel: 'annulation',
  undo: 'annuler la dernière dictée',
  'next-field': 'champ suivant',
  'previous-field': 'champ précédent',
};
