/**
 * The sample visit's note written in French (note locale FRENCH_FR), as a French-speaking clinician would
 * write it: the same sections, the same three problems and the same plan as the English note
 * (sample-script.ts), rewritten, never translated word for word; and the orders the service would suggest
 * for it, the English note's five described in French (same categories, same dose). Codes are the English
 * note's: a diagnosis code does not change with the language of the note.
 */
import type { ScriptNote } from './sample-script.ts';

const PLAN = [
  'ECG ce jour.',
  'Bilan lipidique.',
  'Radiographie thoracique.',
  'Débuter l’aspirine 81 mg une fois par jour.',
  'Adresser en cardiologie pour une épreuve d’effort.',
  'Consulter sans délai aux urgences si la douleur survient au repos ou dure plus de 15 minutes.',
  'Revoir dans deux semaines pour contrôle de la pression artérielle.',
];

const ASSESSMENT = {
  chest:
    'Douleur thoracique d’effort depuis trois jours avec dyspnée, évocatrice d’un angor stable ; un syndrome coronarien aigu n’est pas exclu.',
  breath: 'Dyspnée d’effort accompagnant la douleur thoracique ; pas de dyspnée de repos rapportée.',
  pressure: 'Pression artérielle à 140/90 mmHg ce jour, sans diagnostic antérieur d’hypertension.',
};

/** The sample visit's note in French. */
export const FRENCH_NOTE: ScriptNote = {
  title: 'Consultation pour douleur thoracique',
  sections: {
    CHIEF_COMPLAINT: 'Douleur thoracique depuis trois jours, majorée à l’effort.',
    HPI: 'Douleur thoracique évoluant depuis trois jours, majorée à l’effort (montée des escaliers), associée à une dyspnée.',
    SUBJECTIVE:
      'Douleur thoracique depuis trois jours, majorée à l’effort (montée des escaliers), avec essoufflement.',
    VITALS: 'Pression artérielle 140/90 mmHg.',
    OBJECTIVE: 'Pression artérielle 140/90 mmHg.',
    ASSESSMENT: [
      `1. Douleur thoracique : ${ASSESSMENT.chest}`,
      `2. Dyspnée : ${ASSESSMENT.breath}`,
      `3. Pression artérielle élevée : ${ASSESSMENT.pressure}`,
    ].join('\n'),
    PLAN: PLAN.map((line) => `- ${line}`).join('\n'),
  },
  problems: [
    { title: 'Douleur thoracique', text: [ASSESSMENT.chest, ...PLAN.slice(0, 6)].join(' ') },
    { title: 'Dyspnée', text: `${ASSESSMENT.breath} Évaluée avec la douleur thoracique.` },
    { title: 'Pression artérielle élevée', text: `${ASSESSMENT.pressure} ${PLAN[6]}` },
  ],
  plan: PLAN,
};

/**
 * The suggested orders for the French note, in the order the English note's come. The medication's action
 * and route are this double's GUESSED codes (as in coding.ts), its frequency the note's own words.
 */
export const FRENCH_ORDERS: readonly Record<string, unknown>[] = [
  { category: 'PROCEDURE', description: 'Électrocardiogramme (ECG)', details: PLAN[0] },
  { category: 'LABORATORY_TEST', description: 'Bilan lipidique', details: PLAN[1] },
  { category: 'IMAGING_STUDY', description: 'Radiographie thoracique', details: PLAN[2] },
  {
    category: 'MEDICATION',
    description: 'Aspirine 81 mg',
    details: null,
    action: 'START',
    dose_value: 81,
    dose_unit: 'mg',
    prn: false,
    frequency: 'une fois par jour',
    route: 'ORAL',
  },
  { category: 'REFERRAL', description: 'Avis cardiologique pour épreuve d’effort', details: PLAN[4] },
];
