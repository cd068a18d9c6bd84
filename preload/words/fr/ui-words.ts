/** The window's own words (French), screen by screen; the shape is English's (`UiWords`). */
import type { UiWords } from '../words.ts';
import type { PluralForms } from '../intl.ts';
import { formatsFor } from '../intl.ts';
import { SCREEN_WORDS } from './screen-words.ts';

const f = formatsFor('fr');
const characters: PluralForms = { one: 'caractère', other: 'caractères' };

export const UI: UiWords = {
  ...SCREEN_WORDS,
  frame: {
    skip: 'Aller au contenu',
    screens: 'Écrans',
    screen: {
      connect: 'Connexion',
      visit: 'Consultation',
      note: 'Note',
      codes: 'Codes et plus',
      dictation: 'Dictée',
      settings: 'Paramètres',
    },
  },
  banner: {
    sampleTitle: 'Consultation d’exemple — voix de synthèse, pas pour les soins.',
    sampleBody:
      'Un enregistrement fourni avec l’application est traité par le service local intégré ; le micro n’est jamais utilisé.',
    startReconnecting:
      'Le service est encore injoignable — nouvel essai en cours. L’enregistrement a commencé et l’audio est conservé sur cet ordinateur ; terminez la consultation pour arrêter d’essayer.',
    reconnectingSafe: 'Reconnexion — rien n’est perdu. L’enregistrement continue et l’audio sera envoyé.',
    reconnectingAtRisk: 'Reconnexion — une partie de l’audio récent risque de ne pas être transcrite.',
    offline: 'Hors ligne — le service de transcription est injoignable.',
    notSaved:
      'L’audio ne peut pas être enregistré sur cet ordinateur pour le moment (le disque est peut-être plein). L’enregistrement continue et part vers le service — laissez l’application ouverte jusqu’à la fin de la consultation.',
    notConnected:
      'Non connecté. Ouvrez Connexion pour configurer votre établissement, ou essayez la consultation d’exemple.',
  },
  connect: {
    title: 'Connexion',
    introOrganization:
      'Connectez-vous avec le compte de votre établissement, ou utilisez un jeton de connexion fourni par votre service informatique.',
    introCredentials:
      'Le service informatique de votre établissement vous fournit l’adresse du service et les identifiants.',
    otherWays: 'Autres moyens de connexion',
    organization: 'Établissement',
    status: 'État',
    checking: 'Vérification…',
    lockedByVisit:
      'Une consultation est en cours d’enregistrement. Terminez-la avant de changer de connexion.',
    checkAgain: 'Relancer les vérifications',
    disconnect: 'Se déconnecter',
    sampleTitle: 'Essayer une consultation d’exemple',
    sampleBody:
      'Aucun compte nécessaire. Un enregistrement de voix de synthèse passe par la transcription, la note, les codes et la copie, sur un service local intégré.',
    sampleHint: 'Pas pour les soins. Le micro n’est pas utilisé.',
    sampleStart: 'Lancer la consultation d’exemple',
    checkStatus: { pass: 'Réussi', warn: 'Avertissement', fail: 'Échec', skipped: 'Ignoré' },
  },
  visit: {
    title: 'Consultation',
    recording: 'Enregistrement',
    writeNote: 'Rédiger la note',
    newVisit: 'Nouvelle consultation',
    start: 'Démarrer l’enregistrement',
    choosePatientInput: 'Choisissez l’entrée du patient pour démarrer.',
    resume: 'Reprendre',
    pause: 'Pause',
    end: 'Terminer la consultation',
    elapsed: 'Durée écoulée',
    keptTitle: 'L’audio pas encore transcrit est conservé jusqu’à sa transcription.',
    connected: 'Connecté',
    connectedKept: 'Connecté · audio conservé jusqu’à sa transcription',
    transcript: 'Transcription',
    stillTranscribing: '(transcription en cours)',
    phase: {
      idle: 'Prêt',
      starting: 'Connexion au service…',
      recording: 'Enregistrement',
      paused: 'En pause — rien n’est envoyé',
      ending: 'Fin de la transcription…',
      ended: 'Consultation terminée',
      failed: 'Arrêtée',
    },
    speaker: { DOCTOR: 'Médecin', PATIENT: 'Patient', UNSPECIFIED: 'Intervenant' },
  },
  setup: {
    title: 'Avant de commencer',
    consent: 'Le patient a accepté que cette consultation soit enregistrée et transcrite.',
    sampleHint: 'L’exemple utilise son enregistrement fourni ; aucun micro n’est ouvert.',
    speakers: 'Intervenants',
    single: 'Un seul micro pour tous',
    dual: 'Mon micro, plus une deuxième entrée pour le patient',
    clinicianMicrophone: 'Micro du praticien',
    microphone: 'Micro',
    patientInput: 'Entrée du patient',
    choose: 'Choisir…',
  },
  inputs: {
    clinician: 'Praticien',
    microphone: 'Micro',
    patient: 'Patient',
    sampleRecording: 'Enregistrement d’exemple',
    micCheck: 'Test du micro',
    patientCheck: 'Test de l’entrée du patient',
    armedHint:
      'Le micro est allumé pour ne pas couper les premiers mots. Seule la dernière seconde est gardée, sur cet ordinateur, jusqu’à ce que vous appuyiez sur Démarrer.',
    closed: 'Le micro a été fermé après 2 minutes sans démarrage.',
    turnOn: 'Le rallumer',
    level: 'Niveau d’entrée',
    patientLevel: 'Niveau de l’entrée du patient',
    languages: (names: string) => `Langues : ${names}`,
  },
  locales: {
    first: 'Langue parlée',
    second: 'Deuxième langue (facultatif)',
    none: 'Aucune',
    alone: 'Le créole haïtien est transcrit seul : pas de deuxième langue.',
  },
  note: {
    title: 'Note',
    copyWhole: 'Copier toute la note',
    continue: 'Continuer vers les codes',
    write: 'Rédiger la note',
    writeAgain: 'Rédiger de nouveau',
    templatesFailed:
      'La liste des modèles n’a pas pu être chargée : la note est rédigée avec le modèle par défaut.',
    template: 'Modèle',
    settingsDefault: 'Le modèle par défaut de vos paramètres de note',
    fromSettings: 'Selon vos paramètres de note.',
    changeInSettings: 'Le modifier dans Paramètres',
    language: 'Langue de la note',
    background: 'Consultation longue : rédiger en arrière-plan et afficher la progression',
    sending: 'Envoi de la transcription…',
    writing: (seconds: number) => `Rédaction de la note… ${f.count(Math.round(seconds))} s`,
    noTranscript: 'Pas encore de transcription : enregistrez d’abord une consultation.',
    lines: (n: number, recording: boolean) =>
      `${f.plural(n, { one: 'ligne de transcription', other: 'lignes de transcription' })}${recording ? ' — terminez d’abord la consultation' : ''}`,
    copied: (whole: boolean, chars: number, hidden: boolean) =>
      `${whole ? 'Note copiée' : 'Section copiée'} (${f.plural(chars, characters)})${hidden ? ', exclue de l’historique du presse-papiers' : ''}.`,
    unchanged: 'Rien n’a changé dans la note. Essayez de formuler la modification autrement.',
    changed: (titles: readonly string[]) =>
      `${f.plural(titles.length, { one: 'section modifiée', other: 'sections modifiées' })}, surlignée${titles.length > 1 ? 's' : ''} dans la note : ${titles.join(', ')}.`,
  },
  problems: {
    none: 'Aucun problème pour l’instant. Ajoutez-en un pour chaque problème abordé.',
    problem: (n: number) => `Problème ${f.count(n)}`,
    unnamed: (n: number) => `problème ${f.count(n)}`,
    text: (name: string) => `Évaluation et plan pour ${name}`,
    up: (name: string) => `Monter ${name}`,
    down: (name: string) => `Descendre ${name}`,
    remove: (name: string) => `Supprimer ${name}`,
    untitled: (n: number) =>
      `Le problème ${f.count(n)} a un texte mais pas de titre : donnez-lui un titre, ou effacez son texte.`,
    add: 'Ajouter un problème',
  },
  transcript: {
    empty: 'La transcription s’affiche ici au fil de la conversation.',
    jump: 'Aller au plus récent',
    count: (n: number) => f.plural(n, { one: 'ligne transcrite', other: 'lignes transcrites' }),
  },
  saved: {
    instructions: 'Consignes de section enregistrées.',
    phrases: 'Phrases abrégées enregistrées.',
    phrasesDeleted: 'Phrases abrégées supprimées.',
    replacement: 'Remplacement enregistré.',
    replacementDeleted: 'Remplacement supprimé.',
  },
  section: {
    changed: 'Modifiée',
    copy: 'Copier',
    copyLabel: (title: string) => `Copier ${title}`,
    edit: 'Modifier',
    editLabel: (title: string) => `Modifier ${title}`,
    save: 'Enregistrer',
    cancel: 'Annuler',
    empty: 'Rien de documenté lors de cette consultation.',
    unsupported: 'Cette section utilise un format que cette version de l’application ne sait pas afficher.',
  },
  changes: {
    byInstruction: 'Modifier par consigne',
    instruction: 'Consigne',
    instructionHint: 'Par exemple : « Présente le plan sous forme de liste numérotée. »',
    apply: 'Appliquer',
    undo: 'Annuler la modification',
    withContext: 'Rédiger de nouveau avec plus de contexte',
    extraContext: 'Contexte supplémentaire',
    extraContextHint: 'Des faits non dits à voix haute, par exemple des antécédents tirés du dossier.',
    writeWithContext: 'Rédiger de nouveau avec ce contexte',
    confirm:
      'Vous avez modifié cette note. La rédiger de nouveau à partir de la transcription remplace vos modifications.',
    replace: 'Remplacer mes modifications',
    keep: 'Garder ma note',
  },
  limits: {
    count: (count: number, limit: number) =>
      `${f.count(count)} / ${f.plural(limit, characters)}${count > limit ? ` — ${f.count(count - limit)} au-delà de la limite` : ''}`,
    over: (limit: number) =>
      `Au-delà de la limite de ${f.plural(limit, characters)}. Raccourcissez avant d’envoyer.`,
    near: (limit: number) => `Proche de la limite de ${f.plural(limit, characters)}.`,
  },
  codes: {
    title: 'Codes et plus',
    noteFirst: 'Rédigez d’abord la note : les codes, les prescriptions et les consignes en découlent.',
    diagnoses: 'Diagnostics et observations',
    refresh: 'Actualiser',
    find: 'Trouver les codes',
    finding: 'Recherche des codes…',
    pressRefresh: 'Appuyez sur Actualiser',
    em: 'Niveau E/M',
    emNeedsServer: 'Les codes E/M nécessitent les identifiants serveur de votre établissement.',
    specialty: 'Spécialité',
    getEm: 'Obtenir les codes E/M',
    getEmAgain: 'Obtenir de nouveau les codes E/M',
    orders: 'Prescriptions suggérées',
    suggest: 'Suggérer des prescriptions',
    stale: (action: string) =>
      `Établi à partir d’une version antérieure de la note. ${action} pour le mettre à jour.`,
    conditions: 'Pathologies (CIM-10)',
    noConditions: 'Aucune pathologie trouvée dans la note.',
    code: 'Code',
    condition: 'Pathologie',
    flags: 'Indicateurs',
    alternatives: 'Alternatives',
    hcc: 'Catégorie de pathologie hiérarchique (HCC)',
    mcc: 'Complication ou comorbidité majeure (MCC)',
    none: 'Aucune',
    observations: 'Observations (LOINC)',
    noObservations: 'Aucune mesure trouvée dans la note.',
    observation: 'Observation',
    value: 'Valeur',
    specialties: {
      EMERGENCY_MEDICINE: 'Médecine d’urgence',
      FAMILY_MEDICINE: 'Médecine de famille',
      GENERAL_MEDICINE: 'Médecine générale',
      GENERAL_PRACTICE: 'Pratique générale',
      INTERNAL_MEDICINE: 'Médecine interne',
      PEDIATRICS: 'Pédiatrie',
      CARDIOLOGY: 'Cardiologie',
      NEUROLOGY: 'Neurologie',
      PSYCHIATRY: 'Psychiatrie',
    },
  },
  orders: {
    none: 'Aucune prescription suggérée à partir de cette note.',
    action: 'Action',
    dose: 'Dose',
    frequency: 'Fréquence',
    route: 'Voie',
    prn: 'Si besoin',
    yes: 'Oui (si besoin)',
    no: 'Non',
  },
  instructions: {
    title: 'Consignes au patient',
    language: 'Langue',
    for: 'Pour',
    patient: 'Le patient',
    parent: 'Un parent',
    write: 'Rédiger les consignes',
    writeAgain: 'Rédiger de nouveau les consignes',
    review: (translated: boolean) =>
      `Relisez ces consignes avant de les remettre au patient${translated ? ', surtout cette traduction automatique' : ''}.`,
    shownIn: (language: string, translated: boolean) =>
      `Affichées en : ${language}${translated ? ' — traduction automatique de l’original' : ''}.`,
    translateTo: 'Traduire en',
    translate: 'Traduire',
    copy: 'Copier les consignes',
    copied: (chars: number, hidden: boolean) =>
      `Consignes copiées (${f.plural(chars, characters)})${hidden ? ', exclues de l’historique du presse-papiers' : ''}.`,
  },
  settings: {
    title: 'Paramètres',
    languages: 'Langues',
    spokenHint:
      'Ce qui est parlé pendant vos consultations : une langue, ou deux quand l’échange les mélange.',
    spokenDefault:
      'Les nouvelles consultations démarrent avec celles-ci ; vous pouvez les changer avant de commencer.',
    displayLanguage: 'Langue de l’application',
    displayLanguageHint: 'Les mots de cette fenêtre et de la commande scribe.',
    systemLanguage: (name: string) => `Langue du système (${name})`,
    clinicianOnly:
      'Les modèles par défaut, les phrases abrégées et les remplacements de texte appartiennent à la connexion de chaque praticien. Cette application est connectée avec les identifiants de votre établissement : ils ne peuvent donc pas être modifiés ici ; choisissez le modèle de note à chaque consultation dans l’écran Note. Les consignes de section enregistrées ci-dessus sont conservées sur cet ordinateur et envoyées avec chaque note rédigée à partir de ce modèle.',
    sampleOnly:
      'La consultation d’exemple tourne sur le service local intégré, pas sur le compte de votre établissement : les modèles par défaut, les phrases abrégées et les remplacements de texte viennent avec la connexion propre à chaque praticien. Pour l’exemple, les consignes de section enregistrées ci-dessus restent sur cet ordinateur.',
    notConnected:
      'Connectez-vous à votre établissement pour gérer les modèles de note, les consignes de section, les phrases abrégées et les remplacements de texte.',
    templateHeading: 'Modèle de note et consignes de section',
    showSections: 'Afficher ses sections',
    hideSections: 'Masquer ses sections',
    useAsDefault: 'Utiliser par défaut',
    style: 'Style',
    styles: { AUTO: 'Automatique', PARAGRAPH: 'Paragraphe', BULLET_POINTS: 'Liste à puces' },
    saved: 'Paramètres enregistrés.',
    wholeNote: 'Consignes pour toute la note',
    instruction: 'Consigne',
    saveInstructions: 'Enregistrer les consignes',
    overLimit: (over: number, limit: number) =>
      over === 1
        ? `Une consigne dépasse la limite de ${f.plural(limit, characters)}. Raccourcissez-la pour enregistrer ; rien n’a été envoyé.`
        : `${f.count(over)} consignes dépassent la limite de ${f.plural(limit, characters)}. Raccourcissez-les pour enregistrer ; rien n’a été envoyé.`,
  },
  displayLanguages: { en: 'English', fr: 'Français', es: 'Español' },
};
