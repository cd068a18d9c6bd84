/**
 * Marks the keystrokes we synthesize ourselves (paste chords, typed text, Shift+Left selections), so the
 * key hook never takes them for the person's hotkeys or typing.
 *
 * uiohook-napi sees injected keys like real ones and does not say which is which (Windows' LLKHF_INJECTED
 * flag is not exposed), so the inserter wraps every injection in {@link SyntheticInputGate.run}; the hook
 * drops key events while an injection runs and for a short tail after it (XTest and SendInput events reach
 * the hook a few milliseconds after the call returns). Keys the person presses inside that window are
 * dropped too; the window is kept short for that reason.
 */

/** How long after an injection ends its events may still arrive at the hook. */
const SYNTHETIC_TAIL_MS = 40;

/** The suppression window shared by the inserter (which opens it) and the key hook (which honours it). */
export class SyntheticInputGate {
  #depth = 0;
  #endedAt = Number.NEGATIVE_INFINITY;
  readonly #now: () => number;
  readonly #tailMs: number;
  readonly #sources = new Set<() => boolean>();

  constructor(now: () => number = () => performance.now(), tailMs = SYNTHETIC_TAIL_MS) {
    this.#now = now;
    this.#tailMs = tailMs;
  }

  /** Runs an injection inside the window; nested and concurrent runs are fine. */
  async run<T>(inject: () => Promise<T> | T): Promise<T> {
    this.#depth += 1;
    try {
      return await inject();
    } finally {
      this.#depth -= 1;
      this.#endedAt = this.#now();
    }
  }

  /** Opens the window by hand (for synchronous injections); call the returned function when done. */
  begin(): () => void {
    this.#depth += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#depth -= 1;
      this.#endedAt = this.#now();
    };
  }

  /**
   * Adds another source of "our keys are on their way" (the insertion engine's `sendingKeys`, which
   * knows when its own keys may still reach the hook). Returns its remover.
   */
  addSource(sending: () => boolean): () => void {
    this.#sources.add(sending);
    return () => this.#sources.delete(sending);
  }

  /** True while an injection runs or its tail has not passed. */
  isSynthetic(): boolean {
    if (this.#depth > 0 || this.#now() - this.#endedAt < this.#tailMs) return true;
    for (const sending of this.#sources) if (sending()) return true;
    return false;
  }
}

/** The one gate of this process: the inserter and the key hook must share it. */
export const sharedSyntheticInput = new SyntheticInputGate();
