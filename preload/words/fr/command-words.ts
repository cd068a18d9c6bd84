/**
 * What the everyday voice commands say on the overlay and in the dictation box (French): one block, added to
 * DICTATION_TEXT, so it can move to a message catalogue as it is. The codes: COMMAND_MESSAGES in
 * preload/contract/dictation-codes.ts.
 */
import type { CommandMessageCode } from '../../contract/dictation-codes.ts';

/** The words of each command message (`app`: the application's name, or null). */
export const COMMAND_TEXT: Readonly<Record<CommandMessageCode, (app: string | null) => string>> = {
  selection_deleted: () => 'Mots sélectionnés supprimés.',
  asleep: () => 'En veille : rien n’est écrit avant que vous disiez « réveille-toi ».',
  awake: () => 'Réveillé : la dictée reprend.',
  not_asleep: () => 'Déjà à l’écoute : rien à réveiller.',
  line_break_single_line: (a) =>
    `Pas de retour à la ligne : ce champ${w(a)} n’a qu’une ligne, où Entrée l’enverrait. Une espace a été mise à la place.`,
  line_break_refused: (a) =>
    `Pas de retour à la ligne : le champ de cette application ne peut pas être lu${w(a)} et Entrée pourrait l’envoyer. Une espace a été mise à la place ; l’informatique peut autoriser les retours à la ligne ici.`,
  recased: () => 'Casse modifiée.',
  nothing_to_recase: () => 'Rien à modifier : il ne reste aucune phrase de cette dictée.',
  caret_moved: () => 'Curseur déplacé : les mots suivants iront là.',
  caret_unreadable: (a) =>
    `Impossible d’y aller : le texte de cette application ne peut pas être lu${w(a)}. Rien n’a changé.`,
  nothing_to_select: () => 'Rien à sélectionner : il ne reste aucune phrase de cette dictée.',
  unselected: () => 'Sélection retirée : les mots suivants iront après.',
  nothing_to_unselect: () => 'Rien n’est sélectionné à la voix : rien n’a changé.',
};

/** The overlay's title while asleep ("go to sleep" … "wake up"). */
export const ASLEEP_TITLE = 'Micro en veille — dites « réveille-toi »';

/** " (App)" after a field's mention, or nothing. */
function w(app: string | null): string {
  return app ? ` (${app})` : '';
}
