/**
 * The dictation microphone, kept warm between dictations so the next hotkey captures at once and its first
 * word is never clipped.
 *
 * A device can take up to ~2 s to deliver its first sound once opened (PulseAudio here), so a microphone
 * opened at hotkey-down would lose the first word. After a dictation the microphone is re-armed for
 * `warmMs` (2 minutes): an AudioCapture in pre-roll mode keeping only the last `preRollMs` in memory —
 * never on disk, never sent. The next hotkey takes that capture: its pre-roll (what was said in the
 * moment before the key) becomes the first audio, then the live audio follows with no gap. The OS
 * microphone indicator shows while it is warm, truthfully. A visit never shares it: while `allowed()` is
 * false (a visit records or is armed) the warm capture closes.
 */
import type { AudioSource } from '../../core/audio/audio-source.ts';
import { AudioCapture } from '../../core/audio/capture.ts';

/** How long the microphone stays warm after a dictation. */
const WARM_MS = 120_000;
/** Audio kept from before the hotkey: covers a word begun with the key press, without sending much else. */
const DICTATION_PRE_ROLL_MS = 300;

/** Options of {@link WarmMicrophone}. */
export interface WarmMicrophoneOptions {
  readonly open: () => AudioSource;
  /** False while the microphone belongs to someone else (a visit). */
  readonly allowed: () => boolean;
  readonly warmMs?: number;
  readonly preRollMs?: number;
}

/** A capture handed to a dictation: its chunks start with the pre-roll when it was warm. */
export interface TakenCapture {
  readonly capture: AudioCapture;
  readonly chunks: AsyncIterable<Int16Array>;
  readonly warm: boolean;
}

/** The warm microphone. */
export class WarmMicrophone {
  readonly #o: WarmMicrophoneOptions;
  #armed: { capture: AudioCapture; chunks: AsyncIterable<Int16Array> } | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #watch: ReturnType<typeof setInterval> | null = null;

  constructor(options: WarmMicrophoneOptions) {
    this.#o = options;
  }

  /** True while a warm capture is armed. */
  get warm(): boolean {
    return this.#armed !== null && this.#armed.capture.running;
  }

  /** The capture for a dictation starting now: the warm one, else one opened now. */
  take(): TakenCapture {
    const armed = this.#armed;
    this.#armed = null;
    this.#clearTimers();
    // Not while warming is not allowed: the microphone may have changed since (the sample's recording).
    if (armed && armed.capture.running && this.#o.allowed()) {
      armed.capture.keepAll();
      return { ...armed, warm: true };
    }
    if (armed) void armed.capture.close();
    const capture = new AudioCapture(this.#o.open());
    return { capture, chunks: capture.start(), warm: false };
  }

  /** A dictation ended: keep the microphone warm for the next one (unless a visit needs it). */
  rest(): void {
    if (this.#armed || !this.#o.allowed()) return;
    const capture = new AudioCapture(this.#o.open());
    const chunks = capture.start({ preRoll: true, preRollMs: this.#o.preRollMs ?? DICTATION_PRE_ROLL_MS });
    this.#armed = { capture, chunks };
    this.#timer = setTimeout(() => void this.close(), this.#o.warmMs ?? WARM_MS);
    this.#watch = setInterval(() => {
      if (!this.#o.allowed()) void this.close();
    }, 500);
    // A warm microphone alone never keeps the process (the CLI, a test) alive.
    this.#timer.unref?.();
    this.#watch.unref?.();
  }

  /** Closes the warm capture and drops its pre-roll. */
  async close(): Promise<void> {
    this.#clearTimers();
    const armed = this.#armed;
    this.#armed = null;
    await armed?.capture.close();
  }

  #clearTimers(): void {
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#watch) clearInterval(this.#watch);
    this.#timer = this.#watch = null;
  }
}
