/**
 * What the everyday voice commands say on the overlay and in the dictation box (Spanish): one block, added to
 * DICTATION_TEXT, so it can move to a message catalogue as it is. The codes: COMMAND_MESSAGES in
 * preload/contract/dictation-codes.ts.
 */
import type { CommandMessageCode } from '../../contract/dictation-codes.ts';

/** The words of each command message (`app`: the application's name, or null). */
export const COMMAND_TEXT: Readonly<Record<CommandMessageCode, (app: string | null) => string>> = {
  selection_deleted: () => 'Palabras seleccionadas eliminadas.',
  asleep: () => 'En reposo: no se escribe nada hasta que diga «despierta».',
  awake: () => 'Activo: dictando de nuevo.',
  not_asleep: () => 'Ya está escuchando: no hay nada que despertar.',
  line_break_single_line: (a) =>
    `Sin salto de línea: este campo${w(a)} tiene una sola línea, donde Intro lo enviaría. Se puso un espacio.`,
  line_break_refused: (a) =>
    `Sin salto de línea: el campo de esta aplicación no se puede leer${w(a)} e Intro podría enviarlo. Se puso un espacio; el departamento de TI puede permitir saltos de línea aquí.`,
  recased: () => 'Mayúsculas cambiadas.',
  nothing_to_recase: () => 'Nada que cambiar: no queda ninguna frase de este dictado.',
  caret_moved: () => 'Cursor movido: las siguientes palabras van ahí.',
  caret_unreadable: (a) =>
    `No se puede mover: el texto de esta aplicación no se puede leer${w(a)}. No se cambió nada.`,
  nothing_to_select: () => 'Nada que seleccionar: no queda ninguna frase de este dictado.',
  unselected: () => 'Selección quitada: las siguientes palabras van detrás.',
  nothing_to_unselect: () => 'No hay nada seleccionado por voz: no se cambió nada.',
};

/** The overlay's title while asleep ("go to sleep" … "wake up"). */
export const ASLEEP_TITLE = 'Micrófono en reposo — diga «despierta»';

/** " (App)" after a field's mention, or nothing. */
function w(app: string | null): string {
  return app ? ` (${app})` : '';
}
