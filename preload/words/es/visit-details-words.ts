/** Note → Visit details (Spanish) and the visits kept on this computer (the Visit screen's recovery card). */
import { formatsFor } from '../intl.ts';
import type { Widen } from '../words.ts';
import type { VISIT_DETAILS_WORDS as EN } from '../en/visit-details-words.ts';

const f = formatsFor('es');

export const VISIT_DETAILS_WORDS: Widen<typeof EN> = {
  visitDetails: {
    toggle: 'Detalles de la consulta',
    summaryEmpty: 'opcional: fecha, paciente, diagnósticos, su borrador del plan',
    summaryGiven: (n) => `${f.count(n)} ${f.form(n, { one: 'indicado', other: 'indicados' })}`,
    date: 'Fecha de la consulta',
    dateHint: 'Vacía: el día en que se grabó la consulta.',
    specialty: 'Especialidad',
    age: 'Edad del paciente',
    dateOfBirth: 'Fecha de nacimiento',
    sex: 'Sexo',
    sexNotGiven: 'No indicado',
    sexes: { FEMALE: 'Femenino', MALE: 'Masculino', OTHER: 'Otro', UNKNOWN: 'Desconocido' },
    diagnoses: 'Diagnósticos de esta consulta',
    diagnosesHint: 'Uno por línea: el código CIE-10 y luego su nombre (I10 Hipertensión esencial).',
    draft: 'Su borrador de evaluación y plan',
    draftHint: 'La evaluación y el plan de la nota parten de él.',
    ageProblem: 'La edad del paciente es un número entero de años, de 0 a 130.',
    diagnosesProblem: 'Cada línea de diagnóstico empieza con un código CIE-10, como I10 o R07.9.',
  },
  recovery: {
    heading: (count, ended) =>
      ended === 0
        ? count === 1
          ? 'Consulta interrumpida'
          : 'Consultas interrumpidas'
        : ended === count && count === 1
          ? 'Una consulta guardada de antes'
          : 'Consultas guardadas de antes',
    intro: (count, ended) =>
      ended === 0
        ? `La aplicación se detuvo antes de que ${count === 1 ? 'esta consulta terminara' : 'estas consultas terminaran'}. La grabación se guarda, cifrada, en este equipo: recupérela para obtener de nuevo toda la transcripción y redactar la nota.`
        : ended === count
          ? `La aplicación se cerró después de que ${count === 1 ? 'esta consulta terminara' : 'estas consultas terminaran'}. Toda la transcripción se guarda, cifrada, en este equipo: recupérela para redactar la nota (no se vuelve a enviar nada) o descártela. Iniciar una consulta nueva la descarta.`
          : 'La aplicación se cerró antes de atender estas consultas. Cada una se guarda, cifrada, en este equipo: recupérela para obtener de nuevo toda la transcripción y redactar la nota. Iniciar una consulta nueva descarta las terminadas.',
    line: (at, ended, stale) =>
      `Grabada el ${f.dateTime(at)}${ended ? ' — terminada, transcripción completa' : ' — interrumpida'}${stale ? ' — más antigua que el período de conservación' : ''}`,
    recover: 'Recuperar la transcripción',
    discard: 'Descartar…',
    discardForGood: 'Descartarla definitivamente',
    keep: 'Conservarla',
  },
};
