/**
 * What the dictation service does with each action of the hotkey machine (hotkey-machine.ts): start, stop,
 * cancel, hold and typed go to the controller; the single-press hotkeys undo, keep or fix the flag the
 * overlay shows, or move through a field — the focused application's, our dictation box's, or none
 * (field-key-route.ts).
 */
import type { DictationController } from './dictation-controller.ts';
import type { DictationServiceOptions } from './dictation-service-options.ts';
import { routeFieldKey } from './field-key-route.ts';
import type { HotkeyDriver } from './hotkey-driver.ts';
import type { HotkeyAction } from './hotkey-types.ts';
import type { OverlayFlag } from './overlay-flag.ts';

/** What the hotkeys act on (the dictation service). */
export interface HotkeyHost {
  readonly controller: DictationController;
  readonly driver: Pick<HotkeyDriver, 'setActive'>;
  readonly overlayFlag: Pick<OverlayFlag, 'flag' | 'fixable'>;
  resolveFlag(id: string, how: 'keep' | 'fix'): void;
  undo(): Promise<void>;
  moveField(direction: 'next' | 'previous'): Promise<void>;
}

/** The service's options the field keys read. */
type FieldKeyOptions = Pick<DictationServiceOptions, 'onError' | 'ownWindowFocused' | 'onBoxField'>;

/** The handler of the hotkey driver's actions; `boxShown`: the window shows the dictation box. */
export function hotkeyActions(
  host: HotkeyHost,
  options: FieldKeyOptions,
  boxShown: () => boolean,
): (action: HotkeyAction) => void {
  const fail = (error: unknown): void =>
    options.onError?.(error instanceof Error ? error : new Error('dictation failed'));
  const fieldKey = (direction: 'next' | 'previous', via: 'shortcut' | 'hook'): void => {
    const ownWindowFocused = options.ownWindowFocused?.() ?? false;
    const shown = boxShown() && options.onBoxField !== undefined;
    const dictating = host.controller.active;
    const route = routeFieldKey({ via, ownWindowFocused, boxShown: shown, dictating });
    if (route === 'field') void host.moveField(direction).catch(fail);
    else if (route === 'box') options.onBoxField?.(direction);
  };
  return (action) => act(host, action, fail, fieldKey);
}

/** Keeps or fixes the flag the overlay shows; none shown (it just went), or fix once it is over: nothing. */
function flagKey(host: HotkeyHost, command: 'keep-flag' | 'fix-flag'): void {
  const flag = host.overlayFlag.flag;
  if (!flag || (command === 'fix-flag' && !host.overlayFlag.fixable)) return;
  host.resolveFlag(flag.id, command === 'keep-flag' ? 'keep' : 'fix');
}

function act(
  host: HotkeyHost,
  action: HotkeyAction,
  fail: (error: unknown) => void,
  fieldKey: (direction: 'next' | 'previous', via: 'shortcut' | 'hook') => void,
): void {
  const { controller } = host;
  switch (action.type) {
    case 'start':
      void controller
        .start()
        .then((started) => started || host.driver.setActive(false))
        .catch(fail);
      return;
    case 'stop':
      void controller.stop().catch(fail);
      return;
    case 'cancel':
      void controller.cancel().catch(fail);
      return;
    case 'hold':
      controller.setHeld(action.held);
      return;
    case 'typed':
      controller.userTyped();
      return;
    case 'press':
      if (action.command === 'undo') return void host.undo().catch(fail);
      if (action.command === 'keep-flag' || action.command === 'fix-flag')
        return flagKey(host, action.command);
      return fieldKey(action.command === 'next-field' ? 'next' : 'previous', action.via);
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}
