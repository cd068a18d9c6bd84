/**
 * What the dictation service does with each action of the hotkey machine (hotkey-machine.ts): start, stop,
 * cancel, hold and typed go to the controller; the single-press hotkeys undo, keep or fix the flag the
 * overlay shows, or move through a field — the focused application's, our dictation box's, or none
 * (field-key-route.ts).
 */
import type { DictationController } from './dictation-controller.ts';
import type { DictationServiceOptions } from './dictation-service-options.ts';
import type { FieldButton, MicPlace } from '../../../preload/contract/index.ts';
import { placeOf, routeFieldKey, type FieldKeyRoute, type FocusPlace } from './field-key-route.ts';
import type { HotkeyDriver } from './hotkey-driver.ts';
import type { HotkeyAction } from './hotkey-types.ts';
import type { OverlayFlag } from './overlay-flag.ts';

/** What the hotkeys act on (the dictation service). */
export interface HotkeyHost {
  readonly controller: DictationController;
  readonly driver: Pick<HotkeyDriver, 'setActive'>;
  readonly overlayFlag: Pick<OverlayFlag, 'flag' | 'fixable'>;
  readonly fieldKeys: Pick<FieldKeys, 'press'>;
  resolveFlag(id: string, how: 'keep' | 'fix'): void;
  undo(): Promise<void>;
}

/** The service's options the field keys read. */
type FieldKeyOptions = Pick<DictationServiceOptions, 'ownWindowFocused' | 'onBoxField'>;

/**
 * The field keys and buttons (hotkeys, a microphone's): where the keyboard is, and where a press goes
 * (field-key-route.ts). The window says when it shows the dictation box.
 */
export class FieldKeys {
  readonly #controller: Pick<DictationController, 'active' | 'fieldButton'>;
  readonly #o: FieldKeyOptions;
  #boxShown = false;

  constructor(controller: Pick<DictationController, 'active' | 'fieldButton'>, options: FieldKeyOptions) {
    this.#controller = controller;
    this.#o = options;
  }

  /** The window shows the dictation box, or no longer does (`dictation:boxShown`). */
  setBoxShown(shown: boolean): void {
    this.#boxShown = shown;
  }

  /** Which of the microphone's maps applies now: the dictation box's, or other applications'. */
  get place(): MicPlace {
    return placeOf(this.#focus());
  }

  /** A field key or button: in the focused field (between the words said so far and the next), or the box. */
  async press(kind: FieldButton, via: 'shortcut' | 'hook' | 'mic'): Promise<void> {
    const route = this.#route(via);
    if (route === 'field') await this.#controller.fieldButton(kind);
    else if (route === 'box') this.#o.onBoxField?.(kind);
  }

  /**
   * A microphone's Transcribe: while the box has the keyboard (no dictation running) the box sends the text
   * it shows — main's copy lacks the clinician's edits there; elsewhere `fromMain` (main's box text).
   */
  async transfer(fromMain: () => Promise<void>): Promise<void> {
    if (this.#route('mic') === 'box') this.#o.onBoxField?.('transfer');
    else await fromMain();
  }

  #route(via: 'shortcut' | 'hook' | 'mic'): FieldKeyRoute {
    return routeFieldKey({ ...this.#focus(), via, dictating: this.#controller.active });
  }

  #focus(): FocusPlace {
    const ownWindowFocused = this.#o.ownWindowFocused?.() ?? false;
    return { ownWindowFocused, boxShown: this.#boxShown && this.#o.onBoxField !== undefined };
  }
}

/** The handler of the hotkey driver's actions. */
export function hotkeyActions(
  host: HotkeyHost,
  onError?: (error: Error) => void,
): (action: HotkeyAction) => void {
  const fail = (error: unknown): void =>
    onError?.(error instanceof Error ? error : new Error('dictation failed'));
  return (action) => act(host, action, fail);
}

/** Keeps or fixes the flag the overlay shows; none shown (it just went), or fix once it is over: nothing. */
function flagKey(host: HotkeyHost, command: 'keep-flag' | 'fix-flag'): void {
  const flag = host.overlayFlag.flag;
  if (!flag || (command === 'fix-flag' && !host.overlayFlag.fixable)) return;
  host.resolveFlag(flag.id, command === 'keep-flag' ? 'keep' : 'fix');
}

function act(host: HotkeyHost, action: HotkeyAction, fail: (error: unknown) => void): void {
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
      return void host.fieldKeys
        .press(action.command === 'next-field' ? 'next_field' : 'previous_field', action.via)
        .catch(fail);
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}
