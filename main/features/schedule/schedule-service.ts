/**
 * The clinician's day: today's appointments (through whichever ScheduleApi the connection offers), the
 * appointment the current visit was started from (its patient's demographics go into the note request),
 * and — only on the clinician's action — the reviewed instructions sent, tasks made, the appointment
 * finalized. Patient names and texts are answered to the window only: never reported, logged or thrown.
 */
import { Emitter } from '../../base/async/emitter.ts';
import { Failure } from '../../base/failure.ts';
import type { Appointment } from '../../core/api/server-api/schemas.ts';
import type { PatientDemographics } from '../../core/api/schemas/visit-context.ts';
import {
  PATIENT_SEXES,
  type AppointmentView,
  type ScheduleHiddenReason,
  type ScheduleToday,
  type SendInstructions,
  type SentInstructions,
} from '../../../preload/contract/index.ts';
import { BrokerSchedule } from './broker-schedule.ts';
import type { ScheduleApi, ScheduleConnection, ScheduleEvent } from './ports.ts';
import { ServerSchedule } from './server-schedule.ts';

export interface ScheduleServiceDeps {
  readonly connection: ScheduleConnection;
  /** Today's list may have changed (the broker's change stream): the window reads it again. */
  readonly onChanged: () => void;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

/** The local day of `now` as [from, to). */
function localDay(now: Date): { from: Date; to: Date } {
  const from = new Date(now);
  from.setHours(0, 0, 0, 0);
  const to = new Date(from);
  to.setDate(to.getDate() + 1);
  return { from, to };
}

export class ScheduleService {
  readonly #deps: ScheduleServiceDeps;
  readonly #reported = new Emitter<ScheduleEvent>();
  /** The api of the connection it was built for (a new connection builds a new one). */
  #api: { connection: object; api: ScheduleApi; watching: AbortController } | null = null;
  #known = new Map<string, Appointment>();
  /** Linked, waiting for the visit to start (or be replaced otherwise). */
  #pending: Appointment | null = null;
  /** The current visit's appointment. */
  #linked: Appointment | null = null;

  constructor(deps: ScheduleServiceDeps) {
    this.#deps = deps;
  }

  onDidReport(listener: (event: ScheduleEvent) => void): () => void {
    return this.#reported.on(listener);
  }

  /** Today's appointments, or why they are not offered. */
  async today(): Promise<ScheduleToday> {
    const found = this.#resolve();
    if ('reason' in found) return { available: false, reason: found.reason };
    const list = await found.api.appointments(localDay(this.#deps.now?.() ?? new Date()));
    list.sort((a, b) => a.start_at.localeCompare(b.start_at));
    this.#known = new Map(list.map((a) => [a.id, a]));
    return {
      available: true,
      via: found.api.via,
      appointments: list.map(viewOf),
      linked: this.#linkedView(),
    };
  }

  /** The appointment the visit on screen (or the next one) is linked to, if any. */
  linkedId(): string | null {
    return (this.#pending ?? this.#linked)?.id ?? null;
  }

  /** The linked appointment as the day's list has it now, else as it was linked (yesterday's, after midnight). */
  #linkedView(): AppointmentView | null {
    const linked = this.#pending ?? this.#linked;
    return linked ? viewOf(this.#known.get(linked.id) ?? linked) : null;
  }

  /** The next visit is this appointment's. */
  link(appointmentId: string): { accepted: true } {
    const appointment = this.#known.get(appointmentId);
    if (!appointment) throw new Failure('appointment_not_found');
    this.#pending = appointment;
    this.#reported.emit({ kind: 'visit_linked' });
    return { accepted: true };
  }

  /**
   * The visit on screen is being replaced (started, discarded, recovered): the new one is the appointment
   * linked just before it, if any, else none.
   */
  visitReplaced(): void {
    this.#linked = this.#pending;
    this.#pending = null;
  }

  /** The linked patient's demographics, in the note request's `structured_context.patient_demographics`. */
  linkedDemographics(): PatientDemographics | null {
    const patient = this.#linked?.patient;
    if (!patient) return null;
    const dob =
      patient.date_of_birth && /^\d{4}-\d{2}-\d{2}$/.test(patient.date_of_birth)
        ? patient.date_of_birth
        : null;
    const sex = (PATIENT_SEXES as readonly string[]).includes(patient.sex ?? '')
      ? (patient.sex as PatientDemographics['sex'])
      : null;
    const demographics: PatientDemographics = {
      ...(dob ? { date_of_birth: dob } : {}),
      ...(sex ? { sex } : {}),
    };
    return Object.keys(demographics).length > 0 ? demographics : null;
  }

  async send(request: SendInstructions): Promise<SentInstructions> {
    const sent = await this.#require().sendInstructions(request.appointmentId, {
      text: request.text,
      as: request.as,
    });
    this.#reported.emit({ kind: 'instructions_sent', as: request.as, created: sent.created });
    return {
      created: sent.created,
      messages: sent.messages.map((m) => ({
        from: (['system', 'provider', 'patient'] as const).find((f) => f === m.from) ?? 'other',
        text: m.text,
        attachment: m.attachment !== null,
      })),
    };
  }

  async tasks(appointmentId: string, titles: readonly string[]): Promise<{ created: number }> {
    const created = await this.#require().createTasks(appointmentId, titles);
    this.#reported.emit({ kind: 'tasks_created', count: created });
    return { created };
  }

  async finalize(appointmentId: string): Promise<{ status: string }> {
    const status = await this.#require().finalize(appointmentId);
    this.#reported.emit({ kind: 'appointment_finalized' });
    return { status };
  }

  /** Stops listening to the change stream. */
  dispose(): void {
    this.#api?.watching.abort();
    this.#api = null;
  }

  #require(): ScheduleApi {
    const found = this.#resolve();
    if ('reason' in found)
      throw new Failure(found.reason === 'not_connected' ? 'not_connected' : 'schedule_unavailable');
    return found.api;
  }

  /** The api of the connection now, built once per connection (and its change stream started). */
  #resolve(): { api: ScheduleApi } | { reason: ScheduleHiddenReason } {
    const connection = this.#deps.connection.current();
    const access = connection?.serverApi?.();
    if (!connection || !access) {
      this.dispose();
      this.#linked = this.#pending = null;
      return { reason: 'not_connected' };
    }
    if (access.kind === 'none') return { reason: access.reason };
    if (this.#api?.connection === connection) return { api: this.#api.api };
    this.dispose();
    const api: ScheduleApi =
      access.kind === 'broker'
        ? new BrokerSchedule(access.brokerUrl, access, this.#deps.fetch)
        : new ServerSchedule(access.context, access.clinician);
    const watching = new AbortController();
    api.watch?.(() => this.#deps.onChanged(), watching.signal);
    this.#api = { connection, api, watching };
    return { api };
  }
}

function viewOf(a: Appointment): AppointmentView {
  const name = [a.patient?.first_name, a.patient?.last_name].filter(Boolean).join(' ');
  return { id: a.id, status: a.status, mode: a.mode ?? null, startAt: a.start_at, patientName: name };
}
