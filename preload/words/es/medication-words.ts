/**
 * Acción, vía y frecuencia de una orden de medicamento (español), para códigos SUPUESTOS (GUESS: ver
 * preload/contract/medication-codes.ts). Se escriben en palabras; quedan las siglas que se usan en una
 * receta (VO, IV, IM, SC, PRN: «por razón necesaria»).
 */
import type { MedicationWords } from '../medication-words-type.ts';

export const MEDICATION_WORDS: MedicationWords = {
  actions: {
    START: 'iniciar',
    CONTINUE: 'continuar',
    STOP: 'suspender',
    CHANGE: 'modificar',
    INCREASE: 'aumentar',
    DECREASE: 'disminuir',
    HOLD: 'suspender temporalmente',
    RESUME: 'reanudar',
    REFILL: 'renovar',
  },
  routes: {
    ORAL: 'oral (VO)',
    SUBLINGUAL: 'sublingual',
    BUCCAL: 'bucal',
    TOPICAL: 'tópica',
    TRANSDERMAL: 'transdérmica (parche)',
    INHALATION: 'inhalatoria',
    NASAL: 'nasal',
    OPHTHALMIC: 'oftálmica',
    OTIC: 'ótica',
    RECTAL: 'rectal',
    VAGINAL: 'vaginal',
    INTRAVENOUS: 'intravenosa (IV)',
    INTRAMUSCULAR: 'intramuscular (IM)',
    SUBCUTANEOUS: 'subcutánea (SC)',
    INTRADERMAL: 'intradérmica',
  },
  frequencies: {
    DAILY: 'una vez al día',
    BID: 'dos veces al día',
    TID: 'tres veces al día',
    QID: 'cuatro veces al día',
    QAM: 'por la mañana',
    QPM: 'por la noche',
    QHS: 'al acostarse',
    QOD: 'en días alternos',
    WEEKLY: 'una vez a la semana',
    PRN: 'PRN (si es necesario)',
    STAT: 'de inmediato',
    ONCE: 'una sola vez (dosis única)',
  },
  everyHours: (from, to) =>
    to !== null ? `cada ${from} a ${to} horas` : from === 1 ? 'cada hora' : `cada ${from} horas`,
  asNeededMark: 'PRN',
};
