/** The Dictation screen, the dictation box, its hotkey rows and the overlay (French). */
import { ASLEEP_TITLE } from './command-words.ts';
import type { DictationScreenWords } from '../words.ts';

export const DICTATION_SCREEN_WORDS: DictationScreenWords = {
  heading: 'Dictée',
  boxHeading: 'Zone de dictée',
  start: 'Commencer la dictée',
  stop: 'Arrêter la dictée',
  cancel: 'Annuler',
  boxLabel: 'Texte dicté',
  insert: 'Insérer dans l’application',
  copy: 'Copier',
  undo: 'Annuler la dernière dictée',
  previousField: 'Champ précédent',
  nextField: 'Champ suivant',
  noFieldLeft: 'Plus aucun champ du modèle dans ce sens.',
  flaggedHeading: 'Vérifiez ces corrections',
  flagged: (before, after) => `Corrigé par le service : ${before || '(rien)'} → ${after || '(rien)'}`,
  recoverHeading: 'Dictées interrompues',
  recoverHint:
    'Leur audio est conservé, chiffré, sur cet ordinateur. La récupération met tout le texte dans la zone.',
  started: (when, stale) => `Commencée le ${when}${stale ? ' (ancienne)' : ''}`,
  recover: 'Récupérer',
  discard: 'Abandonner',
  recoverLabel: (time) => `Récupérer la dictée commencée à ${time}`,
  discardLabel: (time) => `Abandonner la dictée commencée à ${time}`,
  hint: (toggleKey, holdKey) =>
    `Appuyez sur ${toggleKey} dans n’importe quelle application pour dicter à l’emplacement du curseur` +
    `${holdKey ? `, ou maintenez ${holdKey} pendant que vous parlez` : ''}. Le texte qui ne peut pas y entrer arrive ici.`,
  historyKept: (hours) =>
    hours > 0
      ? `Les dictées sont conservées ${hours} heures, chiffrées, sur cet ordinateur.`
      : 'Les dictées sont conservées ici jusqu’à la fermeture de l’application.',
  hotkeyRows: {
    toggleKey: 'Marche / arrêt',
    holdKey: 'Maintenir pour parler',
    cancelKey: 'Annuler',
    undoKey: 'Annuler la dernière dictée',
    nextFieldKey: 'Champ suivant',
    previousFieldKey: 'Champ précédent',
  },
  holdNoAccessibility: 'l’accessibilité est désactivée',
  holdNoHook: 'aucune capture des touches sur ce système',
  chooseAnother: 'Choisissez une autre touche.',
  freeKeys: (keys) => ` Touches libres : ${keys}.`,
  overlay: {
    elapsed: 'Durée',
    level: 'Niveau du microphone',
    lastWords: 'Derniers mots',
    undo: 'Annuler',
    title: (phase, app) => {
      const into = app ?? 'l’application';
      switch (phase) {
        case 'starting':
          return 'Démarrage…';
        case 'listening':
          return app ? `À l’écoute — vers ${app}` : 'À l’écoute — vers la zone de dictée';
        case 'paused':
          return 'En pause';
        case 'reconnecting':
          return 'Reconnexion';
        case 'inserting':
          return `Insertion dans ${into}`;
        case 'inserted':
          return `Inséré dans ${into}`;
        case 'copied':
          return 'Copié à la place';
        case 'asleep':
          return ASLEEP_TITLE;
        case 'corrected-in-box':
          return 'Corrigé dans la zone de dictée';
        case 'busy':
          return 'Microphone occupé';
        case 'cancelled':
          return 'Annulée';
        case 'failed':
          return 'Dictée arrêtée';
        case 'notice':
          return 'Dictée';
        default:
          return '';
      }
    },
  },
};
