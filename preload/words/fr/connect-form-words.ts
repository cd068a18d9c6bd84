/** Connect's forms (French): the service address and credentials, and the organization's sign-in. */
import type { Widen } from '../words.ts';
import type { CONNECT_FORM_WORDS as EN } from '../en/connect-form-words.ts';

export const CONNECT_FORM_WORDS: Widen<typeof EN> = {
  credentials: {
    serviceAddress: 'Adresse du service',
    addressHint: 'La région us ou eu figure dans l’adresse.',
    signIn: 'Connexion',
    choices: {
      server: 'Identifiants serveur (client OAuth)',
      'user-refresh-token': 'Jeton de connexion du praticien',
    },
    clientId: 'ID client OAuth',
    keyId: 'ID de clé (JWKS uniquement)',
    privateKey: 'Clé privée (PEM)',
    privateKeyHint: 'Conservée dans le trousseau du système ; plus jamais affichée.',
    refreshToken: 'Jeton de connexion',
    connect: 'Se connecter',
  },
  orgSignIn: {
    heading: 'Se connecter avec votre établissement',
    browserOpens: 'Votre navigateur web s’ouvre sur',
    signInThere: '. Connectez-vous comme pour vos autres applications de travail, puis revenez ici.',
    connected:
      'Connecté. Pour vous connecter sous une autre identité, déconnectez-vous d’abord (sur un ordinateur partagé, déconnectez-vous en partant).',
    waiting: 'En attente de la fin de votre connexion dans le navigateur…',
    cancel: 'Annuler la connexion',
    signIn: 'Se connecter avec votre établissement',
    ownAccount:
      'Vous vous connectez en votre nom : vos notes, phrases abrégées et paramètres sont les vôtres.',
  },
};
