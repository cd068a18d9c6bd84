/**
 * A field hotkey or microphone button between dictations (next / previous field, accept defaults): it acts
 * in the focused field at once, through the same readers as the voice commands, and says what it did.
 */
import type { DictationMessage } from '../../../../preload/contract/index.ts';
import type { FieldButton, FieldNavigator } from '../ports.ts';
import { MOVE_MESSAGE } from './command-runner.ts';
import { fillMessage } from './field-fill-commands.ts';

/** Acts in the focused field; `caretMoved` is called when the caret moved there. The overlay's message. */
export async function inFocusedField(
  navigator: FieldNavigator | undefined,
  kind: FieldButton,
  caretMoved: () => void,
): Promise<DictationMessage['code']> {
  if (kind === 'accept_defaults') {
    const outcome = (await navigator?.fill?.('accept_defaults', '')) ?? 'unreadable';
    if (outcome === 'done') caretMoved();
    return fillMessage('accept_defaults', outcome);
  }
  const move = (await navigator?.move(kind === 'next_field' ? 'next' : 'previous')) ?? { kind: 'unreadable' };
  if (move.kind === 'selected') caretMoved();
  return MOVE_MESSAGE[move.kind];
}
