/**
 * The clinician's day with server credentials (development, the sample visit): the Server API reached
 * directly through main/core/api/server-api, as the practitioner registered with the clinician's external
 * id; only that practitioner's appointments, as the broker allows.
 */
import type { CoreContext } from '../../core/api/endpoints/context.ts';
import { NotFoundError } from '../../core/api/errors.ts';
import * as api from '../../core/api/server-api/endpoints.ts';
import {
  ConversationLockedError,
  ConversationMismatchError,
  sendToPatient,
} from '../../core/api/server-api/patient-conversation.ts';
import type { Appointment } from '../../core/api/server-api/schemas.ts';
import { Failure } from '../../base/failure.ts';
import type { ScheduleApi } from './ports.ts';

/** The Server API as one clinician's practitioner. */
export class ServerSchedule implements ScheduleApi {
  readonly via = 'server';
  #provider: Promise<string> | undefined;

  constructor(
    private readonly ctx: CoreContext,
    private readonly clinician: string,
  ) {}

  async appointments(window: { from: Date; to: Date }): Promise<Appointment[]> {
    const providerId = await this.#providerId();
    const found = await api.searchAppointments(this.ctx, { providerId, ...window });
    return found.filter((a) => a.provider?.id === providerId);
  }

  async sendInstructions(id: string, input: { text: string; as: 'message' | 'attachment' }) {
    const { appointment, providerId } = await this.#own(id);
    const patientId = appointment.patient?.id;
    if (!patientId) throw new Failure('appointment_not_found');
    try {
      return await sendToPatient(this.ctx, { patientId, providerId, ...input });
    } catch (error) {
      if (error instanceof ConversationLockedError) throw new Failure('conversation_locked');
      if (error instanceof ConversationMismatchError) throw new Failure('conversation_mismatch');
      throw error;
    }
  }

  async createTasks(id: string, titles: readonly string[]): Promise<number> {
    const { appointment, providerId } = await this.#own(id);
    const patientId = appointment.patient?.id;
    if (!patientId) throw new Failure('appointment_not_found');
    for (const title of titles) await api.createTask(this.ctx, { title, patientId, providerId });
    return titles.length;
  }

  async finalize(id: string): Promise<string> {
    await this.#own(id);
    return (await api.updateAppointment(this.ctx, id, { status: 'FINALIZED' })).status;
  }

  /** The appointment, only when it is this clinician's (another's is "not found", as the broker says). */
  async #own(id: string): Promise<{ appointment: Appointment; providerId: string }> {
    const providerId = await this.#providerId();
    try {
      const appointment = await api.getAppointment(this.ctx, id);
      if (appointment.provider?.id !== providerId) throw new Failure('appointment_not_found');
      return { appointment, providerId };
    } catch (error) {
      if (error instanceof NotFoundError) throw new Failure('appointment_not_found');
      throw error;
    }
  }

  #providerId(): Promise<string> {
    this.#provider ??= api.findProviderId(this.ctx, this.clinician).then((id) => {
      if (!id) throw new Failure('schedule_unavailable');
      return id;
    });
    this.#provider.catch(() => (this.#provider = undefined));
    return this.#provider;
  }
}
