/**
 * A dictation microphone (or foot pedal) driving dictation: the watcher finds it and reads its buttons,
 * the buttons are debounced and mapped (Settings → Dictation), and the LED follows the dictation.
 */
import type { HidBackend } from '../../../../native/hid.ts';
import type { DictationStateDto } from '../../../../preload/contract/dto-dictation.ts';
import { MicButtons, type MicActionsPort, type MicSettings } from './mic-buttons.ts';
import { MicWatcher } from './mic-watcher.ts';

/** Options of {@link DictationMic}. */
export interface DictationMicOptions {
  /** The HID library, or null where its binary did not load (Settings says so). */
  readonly hid: HidBackend | null;
  readonly settings: () => MicSettings;
  readonly actions: MicActionsPort;
  /** The status changed (a device plugged in, gone, or held by another program). */
  readonly onStatus: () => void;
  readonly onError?: (error: Error) => void;
  readonly pollMs?: number;
  readonly settleMs?: number;
}

/** The microphones, as the dictation service sees them. */
export class DictationMic {
  readonly #watcher: MicWatcher;
  #recording: boolean | null = null;

  constructor(options: DictationMicOptions) {
    const buttons = new MicButtons({
      settings: options.settings,
      actions: options.actions,
      ...(options.settleMs !== undefined ? { settleMs: options.settleMs } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    });
    this.#watcher = new MicWatcher({
      hid: options.hid,
      onButton: (button, down) => buttons.button(button, down),
      onStatus: () => options.onStatus(),
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    });
  }

  /** Starts looking for devices (now, then every poll). */
  start(): void {
    this.#watcher.start();
  }

  /** Looks for devices now (tests; a resume from sleep). */
  poll(): Promise<void> {
    return this.#watcher.poll();
  }

  /** What Settings shows. */
  status(): DictationStateDto['mic'] {
    const status = this.#watcher.status;
    return { kind: status.kind, models: 'models' in status ? [...status.models] : [] };
  }

  /** The LED shows recording while a dictation runs (written only when it changes). */
  setRecording(recording: boolean): void {
    if (this.#recording === recording) return;
    this.#recording = recording;
    void this.#watcher.setRecording(recording);
  }

  dispose(): Promise<void> {
    return this.#watcher.dispose();
  }
}
