/**
 * A dictation microphone's buttons, mapped to what they do: debounced (picking the microphone up presses
 * and releases buttons for a few milliseconds), then the clinician's mapping (Settings → Dictation, or IT's
 * policy) turns a press into an action.
 */
import type { MicAction, MicButton } from '../../../../preload/contract/mic-codes.ts';

/** The microphone's settings: how Record behaves and what each button does. */
export interface MicSettings {
  /** toggle: a press starts, the next stops; push-to-talk: dictates while held. */
  readonly recordMode: 'toggle' | 'push-to-talk';
  /** Buttons not named do nothing. */
  readonly buttons: Readonly<Partial<Record<MicButton, MicAction>>>;
}

/** What the buttons drive: the dictation service and the template fields. */
export interface MicActionsPort {
  readonly active: () => boolean;
  start(): Promise<unknown>;
  stop(): Promise<void>;
  cancel(): Promise<void>;
  /** The dictation box's text into the application focused now (Dragon's "transfer"). */
  transfer(): Promise<void>;
  moveField(direction: 'next' | 'previous'): Promise<void>;
  /** A Text's fields left get their defaults (Dragon's Play button). */
  acceptDefaults(): Promise<void>;
}

/** Options of {@link MicButtons}. */
export interface MicButtonsOptions {
  readonly settings: () => MicSettings;
  readonly actions: MicActionsPort;
  /** A press counts once the button stayed down this long (a phantom press is shorter). */
  readonly settleMs?: number;
  readonly onError?: (error: Error) => void;
}

/** Shortest real press, in ms: the phantom presses of handling a microphone last a report or two (~8 ms). */
const SETTLE_MS = 30;

/** Turns button downs and ups into actions. */
export class MicButtons {
  readonly #o: MicButtonsOptions;
  /** Buttons down but not yet settled, with their timers. */
  readonly #settling = new Map<MicButton, ReturnType<typeof setTimeout>>();
  /** Buttons whose press counted (their release may act too: push-to-talk). */
  readonly #pressed = new Set<MicButton>();

  constructor(options: MicButtonsOptions) {
    this.#o = options;
  }

  /** One button went down or up (from the device's reports). */
  button(button: MicButton, down: boolean): void {
    if (down) {
      if (this.#settling.has(button) || this.#pressed.has(button)) return;
      const timer = setTimeout(() => {
        this.#settling.delete(button);
        this.#pressed.add(button);
        this.#act(button, 'down');
      }, this.#o.settleMs ?? SETTLE_MS);
      this.#settling.set(button, timer);
      return;
    }
    const settling = this.#settling.get(button);
    if (settling) {
      // Released before it settled: a phantom press, nothing happens.
      clearTimeout(settling);
      this.#settling.delete(button);
      return;
    }
    if (this.#pressed.delete(button)) this.#act(button, 'up');
  }

  #act(button: MicButton, edge: 'down' | 'up'): void {
    const settings = this.#o.settings();
    const action = settings.buttons[button] ?? 'none';
    const run = this.#plan(action, edge, settings.recordMode);
    if (!run) return;
    run().catch((error: unknown) =>
      this.#o.onError?.(error instanceof Error ? error : new Error('microphone action failed')),
    );
  }

  /** What to run for an action at a button's edge, or null. Only Record in push-to-talk acts on release. */
  #plan(
    action: MicAction,
    edge: 'down' | 'up',
    mode: MicSettings['recordMode'],
  ): (() => Promise<unknown>) | null {
    const a = this.#o.actions;
    if (action === 'record' && mode === 'push-to-talk')
      return edge === 'down' ? () => a.start() : () => a.stop();
    if (edge === 'up') return null;
    switch (action) {
      case 'record':
        return () => (a.active() ? a.stop() : a.start());
      case 'next-field':
        return () => a.moveField('next');
      case 'previous-field':
        return () => a.moveField('previous');
      case 'accept-defaults':
        return () => a.acceptDefaults();
      case 'transfer':
        return () => a.transfer();
      case 'stop':
        return () => (a.active() ? a.stop() : Promise.resolve());
      case 'cancel':
        return () => a.cancel();
      case 'none':
        return null;
      default: {
        const exhaustive: never = action;
        return exhaustive;
      }
    }
  }
}
