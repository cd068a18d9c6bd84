/**
 * A dictation microphone's buttons, mapped to what they do: debounced (picking the microphone up presses
 * and releases buttons for a few milliseconds), then the clinician's mapping (Settings → Dictation, or IT's
 * policy) for where the keyboard is — another application, or our dictation box — turns a press into an action.
 */
import type { FieldButton } from '../../../../preload/contract/index.ts';
import type { MicAction, MicButton, MicPlace } from '../../../../preload/contract/mic-codes.ts';

/** What each button does (buttons not named do nothing). */
export type MicButtonMap = Readonly<Partial<Record<MicButton, MicAction>>>;

/** The microphone's settings: how Record behaves and what each button does, in each place. */
export interface MicSettings {
  /** toggle: a press starts, the next stops; push-to-talk: dictates while held. */
  readonly recordMode: 'toggle' | 'push-to-talk';
  /** Another application's map, and the dictation box's. */
  readonly buttons: Readonly<Record<MicPlace, MicButtonMap>>;
}

/** What the buttons drive: the dictation service and the template fields. */
export interface MicActionsPort {
  readonly active: () => boolean;
  /** Where the keyboard is now: which map a press reads. */
  readonly place: () => MicPlace;
  start(): Promise<unknown>;
  stop(): Promise<void>;
  cancel(): Promise<void>;
  /** The dictation box's text into the application in front, or from the box the one last dictated into. */
  transfer(): Promise<void>;
  /** Next / previous field, or a Text's fields left get their defaults (Dragon's Play button). */
  fieldButton(kind: FieldButton): Promise<void>;
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
  /** Buttons whose press counted, with what it read (their release may act too: push-to-talk). */
  readonly #pressed = new Map<MicButton, { action: MicAction; mode: MicSettings['recordMode'] }>();

  constructor(options: MicButtonsOptions) {
    this.#o = options;
  }

  /** One button went down or up (from the device's reports). */
  button(button: MicButton, down: boolean): void {
    if (down) {
      if (this.#settling.has(button) || this.#pressed.has(button)) return;
      const timer = setTimeout(() => {
        this.#settling.delete(button);
        const settings = this.#o.settings();
        const read = {
          action: settings.buttons[this.#o.actions.place()][button] ?? 'none',
          mode: settings.recordMode,
        };
        this.#pressed.set(button, read);
        this.#act(read.action, 'down', read.mode);
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
    // The release acts on what the press read, though the focus (and so the map) or the settings changed since.
    const read = this.#pressed.get(button);
    if (read === undefined) return;
    this.#pressed.delete(button);
    this.#act(read.action, 'up', read.mode);
  }

  #act(action: MicAction, edge: 'down' | 'up', mode: MicSettings['recordMode']): void {
    const run = this.#plan(action, edge, mode);
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
        return () => a.fieldButton('next_field');
      case 'previous-field':
        return () => a.fieldButton('previous_field');
      case 'accept-defaults':
        return () => a.fieldButton('accept_defaults');
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
