/** Codes et plus (français) : copier codes et prescriptions pour le dossier, recalculer l'E/M. */
import type { CodesMoreWords } from '../words.ts';
import { formatsFor, type PluralForms } from '../intl.ts';

const f = formatsFor('fr');
const characters: PluralForms = { one: 'caractère', other: 'caractères' };

export const CODES_MORE_WORDS: CodesMoreWords = {
  copyAllCodes: 'Copier tous les codes',
  copyAllOrders: 'Copier toutes les prescriptions',
  copy: 'Copier',
  copyCodeLabel: (code) => `Copier le code ${code}`,
  copyOrderLabel: (description) => `Copier la prescription ${description}`,
  copied: (what, whole, chars, hidden) =>
    `${whole ? (what === 'codes' ? 'Codes copiés' : 'Prescriptions copiées') : what === 'codes' ? 'Code copié' : 'Prescription copiée'} (${f.plural(chars, characters)})${hidden ? ', sans passer par l’historique du presse-papiers' : ''}.`,
  emInputs: 'Éléments retenus pour les codes',
  emInputsHint: 'Corrigez ce qui ne correspond pas à la consultation, puis recalculez.',
  patientType: 'Patient',
  patientTypes: { NEW: 'Nouveau patient', ESTABLISHED: 'Patient déjà suivi' },
  mdmLevel: 'Complexité de la décision médicale',
  mdmLevels: { STRAIGHTFORWARD: 'Simple', LOW: 'Faible', MODERATE: 'Modérée', HIGH: 'Élevée' },
  mdmNone: 'Non utilisée',
  totalMinutes: 'Durée totale (minutes)',
  recompute: 'Recalculer',
  recomputing: 'Recalcul en cours…',
  recomputed: 'Recalculé à partir de vos éléments.',
  needLevelOrTime: 'Choisissez un niveau de décision médicale ou indiquez la durée totale.',
  emergencyNeedsLevel:
    'Aux urgences, le niveau se choisit par la complexité de la décision médicale : choisissez un niveau.',
  minutesRange: (min, max) =>
    `Indiquez la durée totale en minutes entières, de ${f.count(min)} à ${f.count(max)}.`,
};
