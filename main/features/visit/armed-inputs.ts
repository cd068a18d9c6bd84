/**
 * Inputs opened before Start for the pre-roll (see VisitRecorder.arm), with what they were opened for, and
 * closed by themselves when left without Start for too long. Main alone decides whether the visit is armed:
 * the state it pushes says so (`armed`), and why inputs closed without being asked (`armExpired`).
 */
import type { VisitInputs } from './visit-inputs.ts';
import type { VisitStatus } from './visit-status.ts';

/**
 * Armed inputs left without Start are closed after this long: a microphone open for the pre-roll should
 * not stay open (and the OS indicator lit) because someone ticked consent and walked away.
 */
export const ARM_TIMEOUT_MS = 2 * 60_000;

export class ArmedInputs {
  readonly #status: VisitStatus;
  readonly #active: () => boolean;
  #armed: { inputs: VisitInputs; key: string; timer: ReturnType<typeof setTimeout> } | null = null;

  /** `active`: a visit is under way (the state's `armed` is then left alone). */
  constructor(status: VisitStatus, active: () => boolean) {
    this.#status = status;
    this.#active = active;
  }

  /**
   * Holds `inputs` armed for `key` in place of any held before (swapped at once, so two arms never leave
   * an input open behind them); resolves once those are closed. After ARM_TIMEOUT_MS they close by themselves.
   */
  hold(inputs: VisitInputs, key: string): Promise<void> {
    const previous = this.take();
    const timer = setTimeout(() => void this.close(true), ARM_TIMEOUT_MS);
    timer.unref?.();
    this.#armed = { inputs, key, timer };
    this.#status.set({ armed: true, armExpired: false, inputWarnings: [] });
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

  /**
   * Closes the armed inputs and drops their pre-roll: asked (`expired` false, which also clears an earlier
   * expiry), or by the timeout (`expired` true).
   */
  async close(expired: boolean): Promise<void> {
    const armed = this.take();
    if (!armed && !this.#status.state.armExpired) return;
    await armed?.close();
    if (!this.#active()) this.#status.set({ armed: false, armExpired: expired, inputWarnings: [] });
  }
}
