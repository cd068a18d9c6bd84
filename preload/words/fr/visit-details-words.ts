/** Note → Visit details (French) and the visits kept on this computer (the Visit screen's recovery card). */
import { formatsFor } from '../intl.ts';
import type { Widen } from '../words.ts';
import type { VISIT_DETAILS_WORDS as EN } from '../en/visit-details-words.ts';

const f = formatsFor('fr');

export const VISIT_DETAILS_WORDS: Widen<typeof EN> = {
  visitDetails: {
    toggle: 'Détails de la consultation',
    summaryEmpty: 'facultatif : date, patient, diagnostics, votre projet de plan',
    summaryGiven: (n) => `${f.count(n)} ${f.form(n, { one: 'renseigné', other: 'renseignés' })}`,
    date: 'Date de la consultation',
    dateHint: 'Vide : le jour de l’enregistrement.',
    specialty: 'Spécialité',
    age: 'Âge du patient',
    dateOfBirth: 'Date de naissance',
    sex: 'Sexe',
    sexNotGiven: 'Non précisé',
    sexes: { FEMALE: 'Féminin', MALE: 'Masculin', OTHER: 'Autre', UNKNOWN: 'Inconnu' },
    diagnoses: 'Diagnostics de cette consultation',
    diagnosesHint: 'Un par ligne : le code CIM-10, puis son libellé (I10 Hypertension essentielle).',
    draft: 'Votre projet d’évaluation et de plan',
    draftHint: 'L’évaluation et le plan de la note partent de ce texte.',
    ageProblem: 'L’âge du patient est un nombre entier d’années, de 0 à 130.',
    diagnosesProblem: 'Chaque ligne de diagnostic commence par un code CIM-10, comme I10 ou R07.9.',
  },
  recovery: {
    heading: (count, ended) =>
      ended === 0
        ? count === 1
          ? 'Consultation interrompue'
          : 'Consultations interrompues'
        : ended === count && count === 1
          ? 'Une consultation conservée'
          : 'Consultations conservées',
    intro: (count, ended) =>
      ended === 0
        ? `L’application s’est arrêtée avant la fin de ${count === 1 ? 'cette consultation' : 'ces consultations'}. L’enregistrement est conservé, chiffré, sur cet ordinateur : récupérez-le pour retrouver toute la transcription et rédiger la note.`
        : ended === count
          ? `L’application s’est fermée après la fin de ${count === 1 ? 'cette consultation' : 'ces consultations'}. Toute la transcription est conservée, chiffrée, sur cet ordinateur : récupérez-la pour rédiger la note (rien n’est renvoyé), ou supprimez-la. Démarrer une nouvelle consultation la supprime.`
          : 'L’application s’est fermée avant que ces consultations soient traitées. Chacune est conservée, chiffrée, sur cet ordinateur : récupérez-la pour retrouver toute la transcription et rédiger la note. Démarrer une nouvelle consultation supprime celles qui sont terminées.',
    line: (at, ended, stale) =>
      `Enregistrée le ${f.dateTime(at)}${ended ? ' — terminée, transcription complète' : ' — interrompue'}${stale ? ' — plus ancienne que la durée de conservation' : ''}`,
    recover: 'Récupérer la transcription',
    discard: 'Supprimer…',
    discardForGood: 'La supprimer définitivement',
    keep: 'La garder',
  },
};
