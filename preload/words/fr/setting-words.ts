/**
 * The words for settings a person reads (French): each setting's title, why a locked one is locked, and
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
  serviceUrl: 'Adresse du service',
  allowUserServiceUrlChange: 'Permettre de changer l’adresse du service',
  signInMethod: 'Mode de connexion',
  apiVersion: 'Version de l’API',
  clientId: 'Identifiant client OAuth',
  privateKeyFile: 'Fichier de clé privée',
  keyId: 'Identifiant de clé',
  userExternalId: 'Identifiant externe de l’utilisateur',
  allowEnvironmentOverrides: 'Respecter les variables d’environnement SCRIBE_*',
  speechLocales: 'Langues parlées',
  noteLocale: 'Langue de la note',
  displayLanguage: 'Langue de l’application',
  noteTemplateKey: 'Modèle de note',
  dictationLocale: 'Langue de dictée',
  microphone: 'Micro du praticien',
  secondMicrophone: 'Entrée du patient',
  journalRetentionHours: 'Conservation du journal (heures)',
  journalDir: 'Dossier du journal',
  logLevel: 'Niveau de journalisation',
  signInIssuer: 'Fournisseur d’identité (émetteur)',
  signInClientId: 'Identifiant client de connexion',
  signInScopes: 'Portées de connexion',
  signInBrokerUrl: 'Courtier de jetons',
  signInPresentedToken: 'Jeton présenté au courtier',
  allowServerCredentials: 'Proposer les identifiants serveur',
  allowSampleVisit: 'Proposer la consultation d’exemple',
  dictationMode: 'Comportement de la touche de dictée maintenue',
  dictationToggleKey: 'Touche marche/arrêt de la dictée',
  dictationHoldKey: 'Touche de dictée à maintenir',
  dictationCancelKey: 'Touche d’annulation de la dictée',
  dictationUndoKey: 'Touche pour annuler la dernière dictée',
  dictationNextFieldKey: 'Touche du champ suivant du modèle',
  dictationPreviousFieldKey: 'Touche du champ précédent du modèle',
  dictationInsertMode: 'Insertion du texte dicté dans les autres applications',
  dictationAppRules: 'Règles de dictée par application',
  dictationHistoryHours: 'Historique des dictées (heures)',
  dictationClipboardClearSeconds: 'Effacer le texte dicté copié après (secondes)',
  updateMode: 'Mises à jour',
  updateChannel: 'Canal de mise à jour',
  updateFeedUrl: 'Source des mises à jour',
  updateMaintenanceWindow: 'Plage de maintenance des mises à jour',
  auditRetentionDays: 'Conservation de la piste d’audit (jours)',
  auditFileMegabytes: 'Taille des fichiers d’audit (Mo)',
  auditSyslog: 'Collecteur syslog du journal d’audit',
  auditSyslogCaFile: 'Fichier d’autorité de certification syslog de l’audit',
  auditOsLog: 'Journal d’audit vers le journal du système',
  signInRecheckHours: 'Nouvelle vérification de la connexion auprès du fournisseur d’identité (heures)',
  dictationFieldMarkers: 'Champs de modèle que « champ suivant » sélectionne',
  dictationMicRecordMode: 'Bouton Enregistrer du microphone de dictée',
  dictationMicButtons: 'Boutons du microphone de dictée',
  dictationCommands: 'Commandes vocales de dictée',
};

/** A setting's title; a key this version does not know (a newer main) is shown as it is. */
export function settingTitle(key: string): string {
  return Object.hasOwn(SETTING_TITLES, key) ? SETTING_TITLES[key as SettingKey] : key;
}

/** The reason every lock gives unless a launch variable or flag set it. */
const USUAL_LOCK_REASON = 'Fixé par votre établissement';

/** Why a setting cannot be changed here. */
export function lockReasonText(lock: LockOrigin): string {
  if (lock.source === 'environment' && lock.via)
    return `Fixé par la variable d’environnement ${lock.via} au lancement de l’application`;
  if (lock.source === 'flags' && lock.via)
    return `Fixé par l’option de ligne de commande ${lock.via} au lancement de l’application`;
  if (lock.source === 'environment') return 'Fixé par l’environnement de lancement de l’application';
  if (lock.source === 'flags')
    return 'Fixé par une option de ligne de commande au lancement de l’application';
  return USUAL_LOCK_REASON;
}

const PROBLEM_TEXT: Readonly<Record<SettingsProblem, string>> = {
  not_json: 'ce n’est pas du JSON valide',
  unknown_setting: 'ce paramètre est inconnu de cette version de l’application',
  not_user_setting:
    'seuls votre établissement ou le mode de lancement de l’application peuvent le fixer, pas le fichier de paramètres',
  value_refused: 'cette version de l’application n’accepte pas la valeur qu’il contenait',
};

/** One problem's words: the setting's title (an unknown key as it is) and why. */
function problemText(problem: SettingsNotice['problems'][number]): string {
  const why = PROBLEM_TEXT[problem.rule] ?? PROBLEM_TEXT.value_refused;
  if (problem.rule === 'not_json') return why;
  return problem.key ? `${settingTitle(problem.key)} : ${why}` : `un paramètre : ${why}`;
}

/** What the person reads when their settings file was reset at start (titles and reasons, never values). */
export function settingsNoticeText(notice: SettingsNotice): string {
  const label = notice.file ? `Votre fichier de paramètres ${notice.file}` : 'Votre fichier de paramètres';
  const problems = notice.problems.map(problemText).join(' ; ');
  const kept = notice.backup ? ` L’ancien fichier est conservé ici : ${notice.backup}.` : '';
  return `${label} n’a pas pu être utilisé : ses paramètres ont été réinitialisés (${problems}).${kept}`;
}
