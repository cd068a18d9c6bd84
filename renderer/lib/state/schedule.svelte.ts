/** Today's appointments on the Visit screen: the list, the visit's appointment, refreshed on main's push. */
import type {
  AppointmentView,
  IpcError,
  ScheduleToday,
  SendInstructions,
  SentInstructions,
} from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';

export class ScheduleStore {
  #today = $state.raw<ScheduleToday | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #busy = $state(false);

  get today(): ScheduleToday | null {
    return this.#today;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#busy;
  }

  /** Reads the list now and again whenever main says it changed; returns the unsubscribe. */
  follow(): () => void {
    void this.load();
    return window.scribe?.onScheduleChanged(() => void this.load()) ?? (() => undefined);
  }

  async load(): Promise<void> {
    this.#busy = true;
    const result = await settle(() => scribe().scheduleToday());
    this.#busy = false;
    if (result.ok) {
      this.#today = result.data;
      this.#error = null;
    } else this.#error = result.error;
  }

  /** Links the next visit to this appointment; true when main took it. */
  async link(appointmentId: string): Promise<boolean> {
    const result = await settle(() => scribe().scheduleLink({ appointmentId }));
    this.#error = result.ok ? null : result.error;
    if (result.ok) await this.load();
    return result.ok;
  }

  /** The appointment the current visit was started from (listed today or not: a visit may outlast midnight). */
  get linked(): AppointmentView | null {
    const today = this.#today;
    return today?.available ? today.linked : null;
  }

  /** Sends what the clinician confirmed; the conversation's newest messages, or null (the error is kept). */
  async send(request: SendInstructions): Promise<SentInstructions | null> {
    this.#busy = true;
    const result = await settle(() => scribe().scheduleSend(request));
    this.#busy = false;
    this.#error = result.ok ? null : result.error;
    return result.ok ? result.data : null;
  }

  /** One task per ticked order (the clinician pressed the button); how many were made, or null (the error is kept). */
  async tasks(appointmentId: string, titles: readonly string[]): Promise<number | null> {
    this.#busy = true;
    const result = await settle(() => scribe().scheduleTasks({ appointmentId, titles: [...titles] }));
    this.#busy = false;
    this.#error = result.ok ? null : result.error;
    return result.ok ? result.data.created : null;
  }

  /** Marks the linked appointment FINALIZED (the clinician pressed the button). */
  async finalize(appointmentId: string): Promise<boolean> {
    this.#busy = true;
    const result = await settle(() => scribe().scheduleFinalize({ appointmentId }));
    this.#busy = false;
    this.#error = result.ok ? null : result.error;
    if (result.ok) await this.load();
    return result.ok;
  }
}
