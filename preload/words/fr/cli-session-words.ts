/** Les mots des commandes cliniques de `scribe` (français) ; la forme est celle de l’anglais. */
import type { Widen } from '../words.ts';
import type { CLI_SESSION_WORDS as EN } from '../en/cli-session-words.ts';
import { formatsFor } from '../intl.ts';

const f = formatsFor('fr');

export const CLI_SESSION_WORDS: Widen<typeof EN> = {
  inputFiles: {
    transcript: 'fichier de transcription',
    context: 'fichier de contexte',
    instructions: 'fichier de consignes',
    patient: 'fichier --patient',
    diagnoses: 'fichier --diagnoses',
    'source-note': 'fichier --source-note',
  },
  input: {
    unreadable: (file, code) => `Le ${file} ne peut pas être lu (${code}).`,
    tooLarge: (file, mib) => `Le ${file} dépasse ${f.count(mib)} Mio.`,
    stdinIsTerminal: '« - » lit l’entrée standard, qui est ici un terminal : envoyez le texte par un tube.',
    oneStdin: 'Une seule des options de fichier peut lire l’entrée standard.',
    lineNotJson: (line) =>
      `La ligne ${f.count(line)} de la transcription commence comme du JSON mais n’est pas du JSON valide.`,
    lineInvalid: (line, field, code) => `Ligne ${f.count(line)} de la transcription : ${field} est ${code}.`,
    notJson: (flag) => `${flag} : le fichier n’est pas du JSON valide. Rien n’a été envoyé.`,
    invalid: (flag, issues) => `${flag} : ${issues}. Rien n’a été envoyé.`,
    encounterDate: '--encounter-date doit être une date comme 2026-11-22. Rien n’a été envoyé.',
    specialtyEmpty: '--specialty est vide. Rien n’a été envoyé.',
  },
  note: {
    templateWithUser:
      '--template ne s’utilise pas avec SCRIBE_USER_EXTERNAL_ID (--user) : les notes d’un utilisateur suivent le modèle de ses réglages de notes sur le service. Retirez --template, ou l’utilisateur, pour en choisir un. Rien n’a été envoyé.',
    specialtyWithUser:
      '--specialty ne s’utilise pas avec SCRIBE_USER_EXTERNAL_ID (--user) : la spécialité d’un utilisateur est définie sur son compte, sur le service. Rien n’a été envoyé.',
    noTranscriptText:
      'Le fichier de transcription ne contient aucun texte de transcription. Rien n’a été envoyé.',
    unsupportedSection: (title, key) =>
      `avertissement : la section « ${title} » (${key}) a un format que cette version ne sait pas afficher ; le texte marque son emplacement. Utilisez --json pour l’obtenir telle qu’envoyée.`,
  },
  audio: {
    oneSource: (command) => `${command} : indiquez un seul fichier audio ou --mic [device].`,
    noSource: (command) => `${command} : indiquez un fichier audio ou --mic [device].`,
    unreadable: (code) => `Le fichier audio ne peut pas être lu (${code}).`,
    notWav: 'Le fichier audio n’est pas un fichier WAV PCM.',
    micReplaced: (reason, device) =>
      `remarque : micro indisponible (${reason}) ; utilisation de « ${device} ».`,
    noSound:
      'avertissement : aucun son de l’entrée audio depuis 10 secondes ; vérifiez que le micro n’est ni coupé ni débranché.',
    notSpeechLocale: (value) =>
      `« ${value} » n’est pas une langue de reconnaissance vocale (par ex. ENGLISH_US, SPANISH_MX).`,
    codes: (code, serviceCode) =>
      `(${code}${serviceCode === undefined ? '' : `, code du service ${serviceCode}`})`,
  },
  dictate: {
    commandDoesNothing: (kind) => `La commande vocale « ${kind} » est sans effet dans scribe dictate.`,
    needsX11:
      '--insert demande un affichage X11 (DISPLAY) sous Linux, ou Windows ; sous macOS, dictez dans les autres applications depuis l’app.',
    noDisplay: '--insert : impossible d’ouvrir l’affichage X.',
    wayland: 'Session Wayland : seules les fenêtres X11 (XWayland) peuvent recevoir la dictée.',
    noRecord:
      'Le serveur X n’a pas l’extension RECORD : la frappe ne peut pas être vue, les corrections vont donc uniquement sur la sortie standard.',
    alsoOnStdout: (why) => `${why} Le texte est aussi sur la sortie standard.`,
    unchecked:
      'Ce champ ne peut pas être relu : l’arrivée du texte n’a pas pu être vérifiée. Le texte est aussi sur la sortie standard.',
    correctionsNotApplied: (count) =>
      `${f.plural(count, { one: 'correction n’a pas été appliquée', other: 'corrections n’ont pas été appliquées' })} dans le champ (la personne a tapé ou le focus a changé) : le texte corrigé est sur la sortie standard.`,
  },
  recover: {
    noSuchSession: (id) => `recover : aucune session inachevée ${id} (voir « scribe recover --list »).`,
    noSession: 'recover : il n’y a aucune session inachevée.',
    several: (count) =>
      `recover : ${f.plural(count, { one: 'session inachevée', other: 'sessions inachevées' })} ; indiquez un ID (voir « scribe recover --list »).`,
    inUse: (id) => `recover : la session ${id} est encore en cours d’enregistrement par un autre processus.`,
    tailCut: (id) =>
      `avertissement : la fin du journal de la session ${id} a été coupée (plantage ou coupure de courant en pleine écriture) ; tout ce qui précède est récupéré.`,
    atMostOne: 'recover : indiquez au plus un ID de session.',
    listTakesNoId: 'recover : --list ne prend pas d’ID.',
    stale: 'ancienne',
    inUseMark: 'en-cours',
  },
};
