/** Settings → Dictation (French): hotkeys, mode, insertion, per-application rules, history, notices. */
import { formatsFor } from '../intl.ts';
import type { Widen } from '../words.ts';
import type { DICTATION_SETTINGS_WORDS as EN } from '../en/dictation-settings-words.ts';

const f = formatsFor('fr');

export const DICTATION_SETTINGS_WORDS: Widen<typeof EN> = {
  dictationSettings: {
    heading: 'Dictée',
    holdUnavailable: (accessibility) =>
      `Maintenir pour parler n’est pas disponible pour l’instant (${accessibility ? 'l’accessibilité est désactivée' : 'aucune capture des touches sur ce système'}) ; la touche démarrer/arrêter fonctionne.`,
    mode: 'Touche « maintenir pour parler »',
    modes: {
      hybrid: 'Appuyer pour démarrer et arrêter, maintenir pour parler',
      'push-to-talk': 'Maintenir pour parler uniquement',
      toggle: 'Non utilisée (touche démarrer/arrêter seulement)',
    },
    insert: 'Insérer le texte dans les autres applications en',
    insertModes: {
      paste: 'Collant (le plus rapide)',
      type: 'Tapant (bureaux à distance, Citrix)',
      copy: 'Copiant seulement (vous collez)',
    },
    language: 'Langue',
    clipboardClearHint: (seconds: number) =>
      seconds === 0
        ? 'Jamais : le texte dicté laissé dans le presse-papiers y reste jusqu’à la copie d’autre chose.'
        : `Le texte dicté laissé dans le presse-papiers est effacé après ${clearAfter(seconds)} s’il y est encore (0 : jamais).`,
    clipboardClearInvalid: (max: number) =>
      `Saisissez un nombre entier de secondes de 0 (jamais) à ${f.count(max)} (une heure).`,
    history: 'Conserver l’historique des dictées',
    historyUntilClose: 'Seulement jusqu’à la fermeture de l’application',
    historyFor: (hours) =>
      `${hours % 24 === 0 && hours > 24 ? f.duration(hours / 24, 'day') : f.duration(hours, 'hour')} (chiffré sur cet ordinateur)`,
    someLocked: 'Certains paramètres de dictée sont définis par votre établissement.',
    loading: 'Chargement des paramètres de dictée…',
  },
  appRules: {
    heading: 'Par application',
    rule: (app, how) => `${app} : ${how}`,
    remove: 'Retirer',
    removeLabel: (app) => `Retirer la règle pour ${app}`,
    none: 'Aucune règle : chaque application suit le réglage ci-dessus.',
    application: 'Application',
    by: 'en',
    modes: { paste: 'collant', type: 'tapant', copy: 'copiant', never: 'jamais' },
    add: 'Ajouter la règle',
  },
  dictationNotices: {
    toggleTaken: (keys, free) =>
      `Une autre application utilise ${keys}. Choisissez une autre touche${free ? ` (libres : ${free})` : ''}.`,
    accessibility:
      'Maintenir pour parler et la saisie dans les autres applications nécessitent l’accessibilité : Réglages Système → Confidentialité et sécurité → Accessibilité → activez Scribe Desktop. En attendant, la touche démarrer/arrêter et le bouton Démarrer fonctionnent.',
    secureInput:
      'Une demande de mot de passe a activé la saisie sécurisée : la dictée ne tapera rien avant sa fermeture.',
  },
};

/** A clear delay in whole minutes when it is some, else in seconds. */
function clearAfter(seconds: number): string {
  return seconds >= 60 && seconds % 60 === 0
    ? f.duration(seconds / 60, 'minute')
    : f.duration(seconds, 'second');
}
