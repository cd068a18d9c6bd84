/**
 * The Dictation screen's sample dictation (the bundled recording through the built-in local service) and
 * the last correction the service made in place in the box, followed from main's `dictation:state` pushes.
 */
import type { DictationStateDto } from '../../../preload/contract/index.ts';
import { scribe } from '../api.ts';
import type { AppState } from './app.svelte.ts';
import type { DictationStore } from './dictation.svelte.ts';
import { correctionBetween, type BoxCorrection } from './box-correction.ts';

/** The sample dictation's state. */
export class SampleDictation {
  #correction = $state.raw<BoxCorrection | null>(null);
  #starting = $state(false);
  #previous: { text: string; active: boolean } | null = null;
  #off: (() => void) | null = null;

  /** The service's last correction of the current (or last) dictation's text. */
  get correction(): BoxCorrection | null {
    return this.#correction;
  }
  get starting(): boolean {
    return this.#starting;
  }

  /** Follows main's pushes of the dictation state. */
  connect(): void {
    this.#off = scribe()?.onDictationState((state) => this.see(state)) ?? null;
  }

  disconnect(): void {
    this.#off?.();
    this.#off = null;
  }

  /** A pushed state: a new dictation starts afresh; a text that is not the last one extended is a correction. */
  see(state: Pick<DictationStateDto, 'active' | 'box'>): void {
    const previous = this.#previous;
    this.#previous = { text: state.box.text, active: state.active };
    // The first push of a dictation still shows the last one's text: nothing to compare yet.
    if (state.active && !previous?.active) {
      this.#correction = null;
      this.#previous = { text: '', active: true };
      return;
    }
    if (!previous?.active) return;
    const correction = correctionBetween(previous.text, state.box.text);
    if (correction) this.#correction = correction;
  }

  /** Connects to the sample service when not connected to it yet (the window stays here), then dictates. */
  async run(app: AppState, dictation: DictationStore): Promise<void> {
    this.#starting = true;
    try {
      if (!app.sample && !(await app.useSample({ stay: true }))) return;
      await dictation.start();
    } finally {
      this.#starting = false;
    }
  }
}
