/**
 * Inputs opened before Start for the pre-roll (see VisitRecorder.arm), with what they were opened for, and
 * closed by themselves when left without Start for too long.
 */
import type { VisitInputs } from './visit-inputs.ts';

/**
 * Armed inputs left without Start are closed after this long: a microphone open for the pre-roll should
 * not stay open (and the OS indicator lit) because someone ticked consent and walked away.
 */
export const ARM_TIMEOUT_MS = 2 * 60_000;

export class ArmedInputs {
  #armed: { inputs: VisitInputs; key: string; timer: ReturnType<typeof setTimeout> } | null = null;

  /**
   * Holds `inputs` armed for `key` in place of any held before (swapped at once, so two arms never leave
   * an input open behind them); resolves once those are closed. `onTimeout` runs after ARM_TIMEOUT_MS.
   */
  hold(inputs: VisitInputs, key: string, onTimeout: () => void): Promise<void> {
    const previous = this.take();
    const timer = setTimeout(onTimeout, ARM_TIMEOUT_MS);
    timer.unref?.();
    this.#armed = { inputs, key, timer };
    return previous ? previous.close() : Promise.resolve();
  }

  /**
   * Armed for `key`, with every chosen device still delivering. A lost input keeps its stream alive with
   * silence (or another device), so it still "runs": Start must open the chosen devices afresh instead.
   */
  usableFor(key: string): boolean {
    const armed = this.#armed;
    if (armed?.key !== key || !armed.inputs.running) return false;
    return !armed.inputs.warnings.some((w) => w.code === 'input_lost' || w.code === 'device_fallback');
  }

  /** Hands the armed inputs over (to Start, or to be closed); null when none are. */
  take(): VisitInputs | null {
    const armed = this.#armed;
    this.#armed = null;
    if (armed) clearTimeout(armed.timer);
    return armed?.inputs ?? null;
  }
}
