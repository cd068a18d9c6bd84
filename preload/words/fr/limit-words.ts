/**
 * The words of a refused limit (`limit_exceeded`, English): which rule, about which subject, with which
 * numbers (French). The closed rules and subjects are preload/contract/limit-codes.ts.
 */
import type {
  CountedLimitRule,
  FixedLimitRule,
  LimitParams,
  LimitSubject,
} from '../../contract/limit-codes.ts';
import { formatsFor } from '../intl.ts';

/** How the person calls what a length or count limit is about. */
export const LIMIT_SUBJECT_TEXT: Readonly<Record<LimitSubject, string>> = {
  extra_context: 'Le contexte supplémentaire',
  context_file: 'Le fichier de contexte',
  note_wide_instruction: 'La consigne pour toute la note',
  template_instruction: 'La consigne du modèle',
  section_instruction: 'La consigne d’une section',
  edit_instruction: 'La consigne',
  dot_phrases: 'phrases abrégées',
  patient_message: 'Le message au patient',
};

/** The words of each rule that takes no numbers. */
export const FIXED_LIMIT_TEXT: Readonly<Record<FixedLimitRule, string>> = {
  no_speech_locale: 'Choisissez la langue parlée pendant la consultation.',
  duplicate_speech_locale:
    'La même langue a été choisie deux fois. Choisissez une langue, ou deux langues différentes.',
  solo_speech_locale: 'Le créole haïtien ne peut pas être combiné à une deuxième langue. Choisissez-le seul.',
  subsections_not_ap:
    'Une section comporte des sous-sections par problème ; seule la section Évaluation et plan le peut.',
  template_separate_ap:
    'Ce modèle a des sections Évaluation et Plan séparées : les sous-sections ne peuvent pas être utilisées.',
  draft_unknown_kind: 'Le brouillon de note contient un type de section que ce service n’accepte pas.',
  draft_mixed_ap:
    'Le brouillon de note mélange une section « Évaluation et plan » combinée avec des sections Évaluation ou Plan séparées. Utilisez l’une ou l’autre forme.',
  draft_subsections_not_ap:
    'Seule une section Évaluation et plan combinée du brouillon peut avoir des sous-sections.',
  note_locale_missing: 'Choisissez la langue de la note.',
  transcript_empty:
    'Il n’y a pas encore de transcription : enregistrez la consultation avant de rédiger une note.',
  user_caller_template:
    'Avec une connexion de praticien, le modèle et les consignes de section viennent de vos paramètres de note. Modifiez-les dans Paramètres.',
  encounter_date_format: 'La date de la consultation doit être une date comme 2026-11-22.',
  edit_instruction_empty: 'Indiquez ce qu’il faut changer dans la note.',
  em_specialty_unknown:
    'Les codes E/M ne peuvent être calculés que pour ces spécialités : médecine d’urgence, médecine de famille, médecine générale, pratique générale, médecine interne, pédiatrie, cardiologie, neurologie, psychiatrie.',
  users_page_size: 'Une page d’utilisateurs en contient de 1 à 100.',
  phrase_trigger_format: 'Le raccourci d’une phrase abrégée est un seul mot sans espace, comme .examennormal',
  phrase_content_empty: 'Une phrase abrégée a besoin d’un texte à insérer.',
  replacement_original_empty: 'Indiquez quels mots dictés remplacer.',
  instructions_locale_missing: 'Choisissez la langue des consignes.',
  instructions_empty: 'Il n’y a pas de consignes à traduire.',
  file_url_https: 'L’adresse du fichier audio doit être une adresse web (https://…).',
  draft_not_accepted:
    'Ce modèle n’accepte pas d’évaluation ni de plan en brouillon. Effacez le brouillon dans Détails de la consultation, ou choisissez un autre modèle.',
  specialty_server_only:
    'Avec une connexion du clinicien, la spécialité vient de son compte sur le service ; elle ne se choisit qu’avec la connexion serveur de l’organisation.',
  patient_message_empty: 'Il n’y a rien à envoyer au patient.',
};

const { count: format, plural } = formatsFor('fr');
const count = (n: number | undefined): string => format(n ?? 0);
const characters = (n: number | undefined) => plural(n ?? 0, { one: 'caractère', other: 'caractères' });

/** The words of a limit failure. */
export function limitText(params: LimitParams): string {
  const { rule, limit, actual } = params;
  if (Object.hasOwn(FIXED_LIMIT_TEXT, rule)) return FIXED_LIMIT_TEXT[rule as FixedLimitRule];
  const subject = LIMIT_SUBJECT_TEXT[params.subject ?? 'extra_context'];
  switch (rule as CountedLimitRule) {
    case 'too_long':
      return `${subject} compte ${characters(actual)} ; la limite est de ${count(limit)}. Raccourcissez de ${characters((actual ?? 0) - (limit ?? 0))}.`;
    case 'too_many_items':
      return `${count(actual)} éléments (${subject}) ont été fournis ; au plus ${count(limit)} peuvent être envoyés à la fois. Répartissez-les en lots de ${count(limit)}.`;
    case 'no_items':
      return `Aucun élément (${subject}) n’a été fourni.`;
    case 'too_many_speech_locales':
      return `Au plus ${count(limit)} langues parlées peuvent être choisies pour une consultation.`;
    case 'request_id_length':
      return `Un identifiant de requête compte de 1 à ${characters(limit)}.`;
    case 'external_id_length':
      return `L’identifiant externe d’un utilisateur compte de 1 à ${characters(limit)}.`;
  }
}
