/**
 * The words of a refused limit (`limit_exceeded`, English): which rule, about which subject, with which
 * numbers (Spanish). The closed rules and subjects are preload/contract/limit-codes.ts.
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
  extra_context: 'El contexto adicional',
  context_file: 'El archivo de contexto',
  note_wide_instruction: 'La indicación para toda la nota',
  template_instruction: 'La indicación de la plantilla',
  section_instruction: 'La indicación de una sección',
  edit_instruction: 'La indicación',
  dot_phrases: 'frases abreviadas',
  patient_message: 'El mensaje al paciente',
};

/** The words of each rule that takes no numbers. */
export const FIXED_LIMIT_TEXT: Readonly<Record<FixedLimitRule, string>> = {
  no_speech_locale: 'Elija el idioma que se habla en la consulta.',
  duplicate_speech_locale: 'Se eligió el mismo idioma dos veces. Elija un idioma, o dos idiomas distintos.',
  solo_speech_locale: 'El criollo haitiano no se puede combinar con un segundo idioma. Elíjalo solo.',
  subsections_not_ap:
    'Una sección tiene subsecciones por problema; solo la sección Evaluación y plan puede tenerlas.',
  template_separate_ap:
    'Esta plantilla tiene secciones de Evaluación y de Plan separadas, así que no se pueden usar subsecciones.',
  draft_unknown_kind: 'El borrador de la nota tiene un tipo de sección que este servicio no acepta.',
  draft_mixed_ap:
    'El borrador de la nota mezcla una sección «Evaluación y plan» combinada con secciones de Evaluación o de Plan separadas. Use una forma u otra.',
  draft_subsections_not_ap:
    'Solo una sección Evaluación y plan combinada del borrador puede tener subsecciones.',
  note_locale_missing: 'Elija el idioma de la nota.',
  transcript_empty: 'Todavía no hay transcripción: grabe la consulta antes de redactar una nota.',
  user_caller_template:
    'Con una sesión de profesional, la plantilla y las indicaciones de sección vienen de sus ajustes de nota. Cámbielos en Configuración.',
  encounter_date_format: 'La fecha de la consulta debe ser una fecha como 2026-11-22.',
  edit_instruction_empty: 'Indique qué cambiar en la nota.',
  em_specialty_unknown:
    'Los códigos E/M solo se pueden calcular para estas especialidades: medicina de urgencias, medicina de familia, medicina general, práctica general, medicina interna, pediatría, cardiología, neurología, psiquiatría.',
  users_page_size: 'Una página de usuarios contiene de 1 a 100 usuarios.',
  phrase_trigger_format:
    'El atajo de una frase abreviada es una sola palabra sin espacios, como .examennormal',
  phrase_content_empty: 'Una frase abreviada necesita un texto que insertar.',
  replacement_original_empty: 'Indique qué palabras dictadas reemplazar.',
  instructions_locale_missing: 'Elija el idioma de las indicaciones.',
  instructions_empty: 'No hay indicaciones que traducir.',
  file_url_https: 'La dirección del archivo de audio debe ser una dirección web (https://…).',
  draft_not_accepted:
    'Esta plantilla no admite una evaluación ni un plan en borrador. Borre el borrador en Detalles de la consulta o elija otra plantilla.',
  specialty_server_only:
    'Con el inicio de sesión del clínico, la especialidad viene de su cuenta en el servicio; solo se elige con la conexión de servidor de la organización.',
  patient_message_empty: 'No hay nada que enviar al paciente.',
};

const { count: format, plural } = formatsFor('es');
const count = (n: number | undefined): string => format(n ?? 0);
const characters = (n: number | undefined) => plural(n ?? 0, { one: 'carácter', other: 'caracteres' });

/** The words of a limit failure. */
export function limitText(params: LimitParams): string {
  const { rule, limit, actual } = params;
  if (Object.hasOwn(FIXED_LIMIT_TEXT, rule)) return FIXED_LIMIT_TEXT[rule as FixedLimitRule];
  const subject = LIMIT_SUBJECT_TEXT[params.subject ?? 'extra_context'];
  switch (rule as CountedLimitRule) {
    case 'too_long':
      return `${subject} tiene ${characters(actual)}; el límite es ${count(limit)}. Acórtelo en ${characters((actual ?? 0) - (limit ?? 0))}.`;
    case 'too_many_items':
      return `Se dieron ${count(actual)} elementos (${subject}); como máximo se pueden enviar ${count(limit)} a la vez. Divídalos en lotes de ${count(limit)}.`;
    case 'no_items':
      return `No se dio ningún elemento (${subject}).`;
    case 'too_many_speech_locales':
      return `Como máximo se pueden elegir ${count(limit)} idiomas hablados para una consulta.`;
    case 'request_id_length':
      return `Un identificador de solicitud tiene de 1 a ${characters(limit)}.`;
    case 'external_id_length':
      return `El identificador externo de un usuario tiene de 1 a ${characters(limit)}.`;
  }
}
