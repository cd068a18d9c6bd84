/** Dictation: the box, history, Settings → Dictation, and the overlay's state, from main's pushes. */
import type {
  KeyCheckResult,
  DictationAccepted,
  DictationSettingsDto,
  DictationStateDto,
  HotkeySetting,
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

  /** Follows main's pushes, and reads the state once (until the first push). */
  async connect(): Promise<void> {
    let pushed = false;
    this.#off =
      scribe()?.onDictationState((state) => {
        pushed = true;
        this.#state = state;
      }) ?? null;
    const first = await settle(() => scribe().dictationState());
    if (!first.ok) this.#error = first.error;
    else if (!pushed) this.#state = first.data;
  }

  disconnect(): void {
    this.#off?.();
    this.#off = null;
  }

  // Commands: main answers accepted or refused; the state they change arrives as the push.
  start = () => this.#send(() => scribe().dictationStart());
  stop = () => this.#send(() => scribe().dictationStop());
  cancel = () => this.#send(() => scribe().dictationCancel());
  undo = () => this.#send(() => scribe().dictationUndo());
  insertBox = (text: string) => this.#send(() => scribe().dictationInsertBox({ text }));
  copyBox = (text: string) => this.#send(() => scribe().dictationCopyBox({ text }));
  historyInsert = (id: string) => this.#send(() => scribe().dictationHistoryInsert({ id }));
  historyCopy = (id: string) => this.#send(() => scribe().dictationHistoryCopy({ id }));
  historyDelete = (id: string) => this.#send(() => scribe().dictationHistoryDelete({ id }));
  historyResend = (id: string) => this.#send(() => scribe().dictationHistoryResend({ id }));
  recover = (id: string) => this.#send(() => scribe().dictationRecover({ id }));
  /** Keeps a check's flag as said, fixes it, or (the finished box's Edit) has the clinician change its words. */
  resolveFlag = (id: string, how: 'keep' | 'fix' | 'edit') =>
    this.#send(() => scribe().dictationResolveFlag({ id, how }));
  forgetRecoverable = (id: string) => this.#send(() => scribe().dictationForgetRecoverable({ id }));
  update = (patch: Partial<DictationSettingsDto>) =>
    this.#send(() => scribe().dictationUpdateSettings(patch));

  /** Checks a captured key before saving it. */
  async checkKey(which: HotkeySetting, key: string): Promise<KeyCheckResult | null> {
    const result = await settle(() => scribe().dictationCheckKey({ which, key }));
    if (!result.ok) {
      this.#error = result.error;
      return null;
    }
    return result.data;
  }

  /** Sends a command: true when main accepted it, else the refusal is shown. */
  async #send(call: () => Promise<IpcResult<DictationAccepted>>): Promise<boolean> {
    const result = await settle(call);
    this.#error = result.ok ? null : result.error;
    return result.ok;
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

  /** The overlay's Keep and Fix of the flag it shows. */
  resolveFlag(id: string, how: 'keep' | 'fix'): void {
    void settle(() => scribe().dictationResolveFlag({ id, how }));
  }

  /** The overlay's "Undo": the last dictation out of the application (or into the box). */
  undo(): void {
    void settle(() => scribe().dictationUndo());
  }

  disconnect(): void {
    this.#off?.();
  }
}
