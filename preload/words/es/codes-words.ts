/** Códigos y más (español): copiar códigos y órdenes para la historia clínica, recalcular el E/M. */
import type { CodesMoreWords } from '../words.ts';
import { formatsFor, type PluralForms } from '../intl.ts';

const f = formatsFor('es');
const characters: PluralForms = { one: 'carácter', other: 'caracteres' };

export const CODES_MORE_WORDS: CodesMoreWords = {
  copyAllCodes: 'Copiar todos los códigos',
  copyAllOrders: 'Copiar todas las órdenes',
  copy: 'Copiar',
  copyCodeLabel: (code) => `Copiar el código ${code}`,
  copyOrderLabel: (description) => `Copiar la orden ${description}`,
  copied: (what, whole, chars, hidden) =>
    `${whole ? (what === 'codes' ? 'Códigos copiados' : 'Órdenes copiadas') : what === 'codes' ? 'Código copiado' : 'Orden copiada'} (${f.plural(chars, characters)})${hidden ? ', sin pasar por el historial del portapapeles' : ''}.`,
  emInputs: 'Datos con los que se eligieron los códigos',
  emInputsHint: 'Corrija lo que no corresponda a la consulta y vuelva a calcular.',
  patientType: 'Paciente',
  patientTypes: { NEW: 'Paciente nuevo', ESTABLISHED: 'Paciente conocido' },
  mdmLevel: 'Complejidad de la toma de decisiones médicas',
  mdmLevels: { STRAIGHTFORWARD: 'Sencilla', LOW: 'Baja', MODERATE: 'Moderada', HIGH: 'Alta' },
  mdmNone: 'No se usa',
  totalMinutes: 'Tiempo total (minutos)',
  recompute: 'Volver a calcular',
  recomputing: 'Calculando…',
  recomputed: 'Calculado de nuevo con sus datos.',
  needLevelOrTime: 'Elija un nivel de toma de decisiones médicas o indique el tiempo total.',
  emergencyNeedsLevel: 'En urgencias, el nivel se elige por la toma de decisiones médicas: elija un nivel.',
  minutesRange: (min, max) =>
    `Indique el tiempo total en minutos enteros, de ${f.count(min)} a ${f.count(max)}.`,
};
