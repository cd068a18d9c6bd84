/**
 * Action, voie et fréquence d'une prescription de médicament (français), pour des codes SUPPOSÉS (GUESS : voir
 * preload/contract/medication-codes.ts). Un prescripteur français n'écrit pas BID ni q8h : tout est en toutes
 * lettres, seules IV, IM et SC gardent leur sigle.
 */
import type { MedicationWords } from '../medication-words-type.ts';

export const MEDICATION_WORDS: MedicationWords = {
  actions: {
    START: 'débuter',
    CONTINUE: 'poursuivre',
    STOP: 'arrêter',
    CHANGE: 'modifier',
    INCREASE: 'augmenter',
    DECREASE: 'diminuer',
    HOLD: 'suspendre',
    RESUME: 'reprendre',
    REFILL: 'renouveler',
  },
  routes: {
    ORAL: 'orale (per os)',
    SUBLINGUAL: 'sublinguale',
    BUCCAL: 'buccale',
    TOPICAL: 'cutanée',
    TRANSDERMAL: 'transdermique (patch)',
    INHALATION: 'inhalée',
    NASAL: 'nasale',
    OPHTHALMIC: 'ophtalmique',
    OTIC: 'auriculaire',
    RECTAL: 'rectale',
    VAGINAL: 'vaginale',
    INTRAVENOUS: 'intraveineuse (IV)',
    INTRAMUSCULAR: 'intramusculaire (IM)',
    SUBCUTANEOUS: 'sous-cutanée (SC)',
    INTRADERMAL: 'intradermique',
  },
  frequencies: {
    DAILY: 'une fois par jour',
    BID: 'deux fois par jour',
    TID: 'trois fois par jour',
    QID: 'quatre fois par jour',
    QAM: 'le matin',
    QPM: 'le soir',
    QHS: 'au coucher',
    QOD: 'un jour sur deux',
    WEEKLY: 'une fois par semaine',
    PRN: 'si besoin',
    STAT: 'immédiatement',
    ONCE: 'une seule fois (dose unique)',
  },
  everyHours: (from, to) =>
    to !== null
      ? `toutes les ${from} à ${to} heures`
      : from === 1
        ? 'toutes les heures'
        : `toutes les ${from} heures`,
  asNeededMark: 'si besoin',
};
