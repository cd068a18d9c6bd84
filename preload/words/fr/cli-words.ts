/** The `scribe` command's own words (French); the shape is English's. */
import type { Widen } from '../words.ts';
import type { CLI_WORDS as EN } from '../en/cli-words.ts';
import { CLI_ADMIN_WORDS } from './cli-admin-words.ts';
import { CLI_SESSION_WORDS } from './cli-session-words.ts';
import { CLI_PROBLEM_WORDS } from './cli-problem-words.ts';

export const CLI_WORDS: Widen<typeof EN> = {
  usage: 'usage : scribe <commande> [options]',
  usageOf: (synopsis) => `usage : scribe ${synopsis}`,
  commands: {
    doctor: 'vérifie la configuration, les identifiants et le service (--mic : les micros aussi)',
    note: 'rédige une note clinique à partir d’un fichier de transcription',
    transcribe: 'transcrit un fichier audio ou le micro',
    dictate: 'dicte depuis un fichier audio ou le micro, dans l’application active avec --insert',
    devices: 'liste les micros (* marque celui par défaut)',
    recover: 'termine une session interrompue par un plantage, depuis son journal',
    audit: 'la piste d’audit (verify : vérifie sa chaîne, et la compare à ce que l’informatique a collecté)',
    broker: 'lance le courtier de jetons (env : SCRIBE_BROKER_ISSUER, _AUDIENCE, _USER_CLAIM)',
    appointments: 'les rendez-vous du jour d’un praticien (--user)',
    'send-instructions': 'envoyer au patient du rendez-vous les consignes relues (--user)',
  },
  connection: 'connexion (les options priment sur l’environnement) :',
  moreHelp: 'Lancez « scribe help » pour la liste des commandes.',
  noCommand: 'Aucune commande donnée.',
  unknownCommand: (name) => `Commande inconnue « ${name} ».`,
  unknownOption: (option) => `Option inconnue ${option}.`,
  needsValue: (option) => `${option} attend une valeur.`,
  takesNoValue: (option) => `${option} ne prend pas de valeur.`,
  unexpectedArgument: (argument) => `Argument inattendu ${argument} : cette commande n’en prend pas.`,
  takesNoArguments: (command) => `${command} ne prend aucun argument.`,
  oneOf: (flag, values) => `${flag} doit être l’une des valeurs ${values}.`,
  required: (command, flag) => `${command} : ${flag} est obligatoire.`,
  missingConfiguration: (variables) => `Configuration manquante : définissez ${variables}.`,
  configuration: (problems) => `Configuration : ${problems}`,
  nothingSent: 'Rien n’a été envoyé.',
  reasonGiven: (reason) => `Motif donné : ${reason}`,
  unexpected: (name) => `Échec inattendu (${name}). Relancez avec SCRIBE_DEBUG=1 pour les détails.`,
  audioKept: 'L’audio est conservé : lancez « scribe recover ».',
  commandsNotReplayed: (commands) =>
    `Commandes vocales non refaites dans une dictée récupérée (elles agissent sur une autre application) : ${commands}.`,
  diskFull:
    'avertissement : le disque est plein : l’audio est gardé en mémoire jusqu’à sa transcription par le service, pas sur le disque (un plantage le perdrait).',
  notJournaled: (code) =>
    `remarque : cette session n’est pas journalisée (${code}) ; un plantage perdrait son audio.`,
  noMicrophone: 'Aucun micro n’a été trouvé.',
  ...CLI_ADMIN_WORDS,
  ...CLI_SESSION_WORDS,
  ...CLI_PROBLEM_WORDS,
};
