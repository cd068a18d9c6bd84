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
};

/** The overlay's title while asleep ("go to sleep" … "wake up"). */
export const ASLEEP_TITLE = 'Micrófono en reposo — diga «despierta»';
