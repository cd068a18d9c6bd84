/** Settings' cards (Spanish): microphones, what the organization sets, dot phrases, text replacements. */
import type { PluralForms } from '../intl.ts';
import { formatsFor } from '../intl.ts';
import type { Widen } from '../words.ts';
import type { SETTINGS_CARD_WORDS as EN } from '../en/settings-card-words.ts';

const f = formatsFor('es');
const phrases: PluralForms = { one: 'frase', other: 'frases' };
const lines: PluralForms = { one: 'línea', other: 'líneas' };
const WHAT = {
  add: 'para añadir',
  change: 'para cambiar',
  selectedChange: 'seleccionadas para cambiar',
  selectedDelete: 'seleccionadas para eliminar',
} as const;

export const SETTINGS_CARD_WORDS: Widen<typeof EN> = {
  microphones: {
    heading: 'Micrófonos',
    clinician: 'Micrófono del profesional',
    patient: 'Entrada del paciente',
    none: 'Ninguna: un micrófono para todos',
    stopTest: 'Detener la prueba',
    testLevel: 'Nivel de la prueba',
    test: 'Probar el micrófono',
    testHint: 'Hable: la barra debe moverse. No se graba ni se envía nada.',
  },
  policyCard: {
    heading: 'Definido por su organización',
    hint: 'Su equipo de TI gestiona estos ajustes; no se pueden cambiar en la aplicación.',
    methods: {
      server: 'Credenciales de servidor',
      'user-refresh-token': 'Token de inicio de sesión del profesional',
    },
    on: 'Activado',
    off: 'Desactivado',
  },
  phrases: {
    heading: 'Frases abreviadas',
    hintBefore: 'Escriba un atajo como',
    hintAfter: 'para insertar su texto.',
    selectAll: (n) => `Seleccionar todas (${f.count(n)})`,
    none: 'Ninguna todavía.',
    changeSelected: (n) => `Cambiar las seleccionadas (${f.count(n)})`,
    deleteSelected: (n) => `Eliminar las seleccionadas (${f.count(n)})`,
    changeHeading: (n) => `Cambiar ${f.plural(n, phrases)}`,
    shortcut: (i) => `Atajo ${f.count(i)}`,
    text: (i) => `Texto ${f.count(i)}`,
    save: (n) => `Guardar los cambios (${f.count(n)})`,
    cancel: 'Cancelar',
    bulkLabel: 'Añadir frases, una por línea: .atajo = texto',
    add: 'Añadir las frases',
    count: (count, unread, max) =>
      `${f.count(count)} / ${f.plural(max, phrases)} por guardado` +
      (count > max ? ` — ${f.count(count - max)} de más` : '') +
      (unread > 0
        ? ` — ${f.plural(unread, lines)} sin «=» ${f.form(unread, { one: 'omitida', other: 'omitidas' })}`
        : ''),
    refused: (count, what, max) =>
      `${f.plural(count, phrases)} ${WHAT[what]}: como máximo ${f.count(max)} a la vez. Deje fuera ${f.count(count - max)} y hágalas en un segundo paso. No se envió nada.`,
  },
  replacements: {
    heading: 'Sustituciones de texto de dictado',
    none: 'Ninguna todavía.',
    change: 'Cambiar',
    delete: 'Eliminar',
    changeLabel: (spoken) => `Cambiar la sustitución ${spoken}`,
    deleteLabel: (spoken) => `Eliminar la sustitución ${spoken}`,
    changeForm: 'Cambiar la sustitución',
    addForm: 'Añadir una sustitución',
    whenISay: 'Cuando digo',
    write: 'Escribir',
    save: 'Guardar los cambios',
    add: 'Añadir la sustitución',
    cancel: 'Cancelar',
  },
};
