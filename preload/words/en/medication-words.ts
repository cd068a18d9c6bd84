/**
 * A medication order's action, route and frequency (English), for GUESSED codes (see
 * preload/contract/medication-codes.ts). Abbreviations stay where clinicians write them in an EHR
 * ("BID (twice a day)", "IV"), spelled out beside them; the ones on The Joint Commission's "do not use" list
 * and ISMP's error-prone list (QD, QOD, qhs, SC) are written out in words only.
 */
import type { MedicationWords } from '../medication-words-type.ts';

export const MEDICATION_WORDS: MedicationWords = {
  actions: {
    START: 'start',
    CONTINUE: 'continue',
    STOP: 'stop',
    CHANGE: 'change',
    INCREASE: 'increase',
    DECREASE: 'decrease',
    HOLD: 'hold',
    RESUME: 'resume',
    REFILL: 'refill',
  },
  routes: {
    ORAL: 'by mouth (PO)',
    SUBLINGUAL: 'under the tongue (SL)',
    BUCCAL: 'buccal',
    TOPICAL: 'on the skin (topical)',
    TRANSDERMAL: 'transdermal patch',
    INHALATION: 'inhaled',
    NASAL: 'nasal',
    OPHTHALMIC: 'in the eye (ophthalmic)',
    OTIC: 'in the ear (otic)',
    RECTAL: 'rectal (PR)',
    VAGINAL: 'vaginal',
    INTRAVENOUS: 'intravenous (IV)',
    INTRAMUSCULAR: 'intramuscular (IM)',
    SUBCUTANEOUS: 'subcutaneous',
    INTRADERMAL: 'intradermal',
  },
  frequencies: {
    DAILY: 'once a day',
    BID: 'BID (twice a day)',
    TID: 'TID (three times a day)',
    QID: 'QID (four times a day)',
    QAM: 'every morning',
    QPM: 'every evening',
    QHS: 'at bedtime',
    QOD: 'every other day',
    WEEKLY: 'once a week',
    PRN: 'PRN (as needed)',
    STAT: 'STAT (at once)',
    ONCE: 'once (single dose)',
  },
  everyHours: (from, to) =>
    to !== null
      ? `q${from}–${to}h (every ${from} to ${to} hours)`
      : from === 1
        ? 'q1h (every hour)'
        : `q${from}h (every ${from} hours)`,
  asNeededMark: 'PRN',
};
