/** Dictation: the box, history, Settings → Dictation, and the overlay's state, from main's pushes. */
import type {
  KeyCheckResult,
  DictationSettingsDto,
  DictationStateDto,
  IpcError,
  IpcResult,
  OverlayStateDto,
} from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';

/** State of the Dictation screen. */
export class DictationStore {
  #state = $state.raw<DictationStateDto | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #off: (() => void) | null = null;

  get state(): DictationStateDto | null {
    return this.#state;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** Whether IT's policy sets this dictation setting (shown, not editable). */
  isLocked(name: string): boolean {
    return this.#state?.locked.includes(name) ?? false;
  }

  /** Loads and follows main's pushes. */
  async connect(): Promise<void> {
    this.#off = scribe()?.onDictationState((state) => (this.#state = state)) ?? null;
    await this.#take(() => scribe().dictationState());
  }

  disconnect(): void {
    this.#off?.();
    this.#off = null;
  }

  start = () => this.#take(() => scribe().dictationStart());
  stop = () => this.#take(() => scribe().dictationStop());
  cancel = () => this.#take(() => scribe().dictationCancel());
  insertBox = (text: string) => this.#take(() => scribe().dictationInsertBox({ text }));
  copyBox = (text: string) => this.#take(() => scribe().dictationCopyBox({ text }));
  historyInsert = (id: string) => this.#take(() => scribe().dictationHistoryInsert({ id }));
  historyCopy = (id: string) => this.#take(() => scribe().dictationHistoryCopy({ id }));
  historyDelete = (id: string) => this.#take(() => scribe().dictationHistoryDelete({ id }));
  recover = (id: string) => this.#take(() => scribe().dictationRecover({ id }));
  forgetRecoverable = (id: string) => this.#take(() => scribe().dictationForgetRecoverable({ id }));
  update = (patch: Partial<DictationSettingsDto>) =>
    this.#take(() => scribe().dictationUpdateSettings(patch));

  /** Checks a captured key before saving it. */
  async checkKey(which: 'toggleKey' | 'holdKey' | 'cancelKey', key: string): Promise<KeyCheckResult | null> {
    const result = await settle(() => scribe().dictationCheckKey({ which, key }));
    if (!result.ok) {
      this.#error = result.error;
      return null;
    }
    return result.data;
  }

  async #take(call: () => Promise<IpcResult<DictationStateDto>>): Promise<boolean> {
    const result = await settle(call);
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    this.#error = null;
    this.#state = result.data;
    return true;
  }
}

/** The overlay window's state. */
export class OverlayStore {
  #state = $state.raw<OverlayStateDto | null>(null);
  #off: (() => void) | null = null;

  get state(): OverlayStateDto | null {
    return this.#state;
  }

  connect(): void {
    this.#off = scribe()?.onDictationOverlay((payload) => (this.#state = payload.state)) ?? null;
  }

  disconnect(): void {
    this.#off?.();
  }
}
