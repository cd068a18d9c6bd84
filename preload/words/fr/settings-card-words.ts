/** Settings' cards (French): microphones, what the organization sets, dot phrases, text replacements. */
import type { PluralForms } from '../intl.ts';
import { formatsFor } from '../intl.ts';
import type { Widen } from '../words.ts';
import type { SETTINGS_CARD_WORDS as EN } from '../en/settings-card-words.ts';

const f = formatsFor('fr');
const phrases: PluralForms = { one: 'phrase', other: 'phrases' };
const lines: PluralForms = { one: 'ligne', other: 'lignes' };
const WHAT = {
  add: 'à ajouter',
  change: 'à modifier',
  selectedChange: 'sélectionnées pour modification',
  selectedDelete: 'sélectionnées pour suppression',
} as const;

export const SETTINGS_CARD_WORDS: Widen<typeof EN> = {
  microphones: {
    heading: 'Micros',
    clinician: 'Micro du praticien',
    patient: 'Entrée du patient',
    none: 'Aucune — un seul micro pour tous',
    stopTest: 'Arrêter le test',
    testLevel: 'Niveau du test',
    test: 'Tester le micro',
    testHint: 'Parlez : la barre doit bouger. Rien n’est enregistré ni envoyé.',
  },
  policyCard: {
    heading: 'Défini par votre établissement',
    hint: 'Votre service informatique gère ces paramètres ; ils ne peuvent pas être modifiés dans l’application.',
    methods: { server: 'Identifiants serveur', 'user-refresh-token': 'Jeton de connexion du praticien' },
    on: 'Activé',
    off: 'Désactivé',
  },
  phrases: {
    heading: 'Phrases abrégées',
    hintBefore: 'Tapez un raccourci comme',
    hintAfter: 'pour insérer son texte.',
    selectAll: (n) => `Tout sélectionner (${f.count(n)})`,
    none: 'Aucune pour l’instant.',
    changeSelected: (n) => `Modifier la sélection (${f.count(n)})`,
    deleteSelected: (n) => `Supprimer la sélection (${f.count(n)})`,
    changeHeading: (n) => `Modifier ${f.plural(n, phrases)}`,
    shortcut: (i) => `Raccourci ${f.count(i)}`,
    text: (i) => `Texte ${f.count(i)}`,
    save: (n) => `Enregistrer les modifications (${f.count(n)})`,
    cancel: 'Annuler',
    bulkLabel: 'Ajouter des phrases, une par ligne : .raccourci = texte',
    add: 'Ajouter les phrases',
    count: (count, unread, max) =>
      `${f.count(count)} / ${f.plural(max, phrases)} par enregistrement` +
      (count > max ? ` — ${f.count(count - max)} de trop` : '') +
      (unread > 0
        ? ` — ${f.plural(unread, lines)} sans « = » ${f.form(unread, { one: 'ignorée', other: 'ignorées' })}`
        : ''),
    refused: (count, what, max) =>
      `${f.plural(count, phrases)} ${WHAT[what]} : au plus ${f.count(max)} à la fois. Laissez-en ${f.count(count - max)} de côté et traitez-les dans un second temps. Rien n’a été envoyé.`,
  },
  replacements: {
    heading: 'Remplacements de texte de la dictée',
    none: 'Aucun pour l’instant.',
    change: 'Modifier',
    delete: 'Supprimer',
    changeLabel: (spoken) => `Modifier le remplacement ${spoken}`,
    deleteLabel: (spoken) => `Supprimer le remplacement ${spoken}`,
    changeForm: 'Modifier le remplacement',
    addForm: 'Ajouter un remplacement',
    whenISay: 'Quand je dis',
    write: 'Écrire',
    save: 'Enregistrer les modifications',
    add: 'Ajouter le remplacement',
    cancel: 'Annuler',
  },
};
