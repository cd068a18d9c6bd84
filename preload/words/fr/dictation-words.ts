/** What the dictation overlay and the dictation box say (French); the codes are preload/contract/dictation-codes.ts. */
import type {
  DictationMessage,
  DictationMessageCode,
  TemplateMarker,
} from '../../contract/dictation-codes.ts';
import { formatsFor, timeLeft } from '../intl.ts';
import { COMMAND_TEXT } from './command-words.ts';

const f = formatsFor('fr');

/** The words of each message; `where` is " (App)" or '', `app` the name or "l’application". */
export const DICTATION_TEXT: Readonly<Record<DictationMessageCode, (app: string | null) => string>> = {
  copy_mode: () => 'Copié dans le presse-papiers (mode copie seule).',
  password_field: (a) =>
    `Non saisi dans un champ de mot de passe${where(a)} : copié dans le presse-papiers à la place.`,
  elevated_window: (a) =>
    `La fenêtre${where(a)} s’exécute en administrateur et ignorerait nos touches sans rien dire : copié dans le presse-papiers à la place.`,
  secure_input: () =>
    'La saisie sécurisée est active (une demande de mot de passe est ouverte) : copié dans le presse-papiers à la place.',
  no_target: () =>
    'Aucune application n’avait le focus au début de la dictée : copié dans le presse-papiers à la place.',
  focus_lost: (a) =>
    `La fenêtre où la dictée a commencé${where(a)} n’a pas pu être réactivée : copié dans le presse-papiers à la place.`,
  insert_failed: (a) =>
    `Les frappes n’ont pas pu être envoyées${where(a)} : copié dans le presse-papiers à la place.`,
  busy: () => 'Une consultation utilise le micro : terminez-la d’abord, ou dictez dans la consultation.',
  corrected_in_box: () => 'Corrigé dans la zone de dictée (vous avez tapé depuis).',
  cancelled: () => 'Dictée annulée.',
  start_failed: () => 'La dictée n’a pas pu démarrer ici. Réessayez, ou utilisez la zone de dictée.',
  finish_failed: () =>
    'La dictée n’a pas pu être terminée ; son audio est conservé pour être récupéré et le texte obtenu est dans la zone de dictée.',
  reconnecting_safe: () => 'Reconnexion — rien n’est perdu.',
  reconnecting_at_risk: () => 'Reconnexion — laissez l’application ouverte jusqu’à l’arrivée du texte.',
  copy_only_system: () =>
    'La saisie dans d’autres applications n’est pas disponible sur ce système : le texte a été copié à la place.',
  nothing_dictated: () => 'Rien n’a été dicté.',
  no_focus_box: () => 'Aucune application n’avait le focus : le texte est dans la zone de dictée.',
  no_app_yet: () => 'Aucune application où insérer pour l’instant : copiez plutôt le texte.',
  box_only: () =>
    'Gardé dans la zone de dictée : l’aperçu dans le navigateur ne saisit pas dans d’autres applications.',
  inserted: (a) => `Inséré dans ${a ?? 'l’application'}.`,
  copied: () => 'Copié.',
  copied_may_be_kept: () => 'Copié. Ce système peut le garder dans son historique du presse-papiers.',
  recovered: () => 'Récupéré : insérez-le ou copiez-le.',
  recovered_commands_left: () =>
    'Récupéré : insérez-le ou copiez-le. Les changements de champ, sélections ou « arrête la dictée » qu’il contenait n’ont pas été refaits.',
  not_landed: (a) =>
    `Le texte n’est pas arrivé dans le champ${where(a)} : il est dans la zone de dictée et dans le presse-papiers, à insérer de nouveau.`,
  field_changed: (a) =>
    `Un autre champ${where(a)} a maintenant le curseur : la suite n’y a pas été saisie (pas d’Entrée dans un autre champ). Elle est dans la zone de dictée et dans le presse-papiers.`,
  scratched: () => 'Effacé : la dernière phrase a été retirée.',
  nothing_to_scratch: () => 'Rien à effacer : il ne reste aucune phrase de cette dictée.',
  field_selected: () => 'Les prochains mots remplacent le champ sélectionné.',
  field_none_left: () => 'Plus aucun champ dans ce sens : rien n’a changé.',
  field_unreadable: (a) =>
    `Impossible de trouver les champs ici : le texte de cette application ne peut pas être lu${where(a)}. Rien n’a changé.`,
  select_unreadable: (a) =>
    `Impossible de sélectionner ici : le texte de cette application ne peut pas être lu${where(a)}. Rien n’a changé.`,
  selected_in_box: () => 'Sélectionné dans la zone de dictée.',
  select_not_found: () => 'Ces mots ne sont pas dans la zone de dictée : rien n’est sélectionné.',
  command_failed: () => 'Cette commande n’a pas pu s’exécuter : rien n’a changé.',
  stopping: () => 'Arrêt de la dictée.',
  undone: (a) => `Dernière dictée retirée de ${a ?? 'l’application'}.`,
  undo_in_box: (a) =>
    `Non retirée${where(a)} : le texte a changé depuis. La dictée est dans la zone de dictée.`,
  nothing_to_undo: () => 'Rien à annuler.',
  correction_flagged: () =>
    'Vérifiez cette correction : elle a changé un nombre, une unité, une négation ou un côté.',
  clipboard_cleared: () =>
    'Dictée copiée effacée du presse-papiers (elle reste dans l’historique des dictées).',
  ...COMMAND_TEXT,
};

function where(app: string | null): string {
  return app ? ` (${app})` : '';
}

/** The words a person reads for a message ('' for none, or a code a newer main knows). */
export function dictationMessageText(
  message: DictationMessage | null | undefined,
  now: number = Date.now(),
): string {
  if (!message || !Object.hasOwn(DICTATION_TEXT, message.code)) return '';
  return DICTATION_TEXT[message.code](message.app ?? null) + clipboardText(message.clipboard, now);
}

/** When the copied text leaves the clipboard (counting down to it from `now`), or when it did ('' for none). */
export function clipboardText(clipboard: DictationMessage['clipboard'], now: number = Date.now()): string {
  if (!clipboard) return '';
  if (clipboard.state === 'cleared')
    return ` Le presse-papiers a été vidé à ${f.time(new Date(clipboard.at))}.`;
  const left = timeLeft(clipboard.at, now);
  return ` Le presse-papiers sera vidé dans ${f.duration(left.value, left.unit)}.`;
}

/** Template blanks, as Settings → Dictation lists them. */
export const TEMPLATE_MARKER_WORDS: Readonly<Record<TemplateMarker, string>> = {
  asterisks: 'Astérisques ***',
  'empty-brackets': 'Crochets vides [ ]',
  'bracketed-text': 'Choix entre crochets [gauche/droite]',
  braces: 'Accolades {…}',
  underscores: 'Soulignés _____',
};
