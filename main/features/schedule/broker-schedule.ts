/**
 * The clinician's day through the organization's broker (main/programs/broker/schedule-routes.ts): each
 * call presents the identity-provider token of the sign-in, as the token exchange does; the Server API key
 * stays on the broker. Answers are parsed with zod (unknown fields pass); the broker's refusals become our
 * codes by their `name` only (its message is never shown or logged). The token is never logged.
 */
import { z } from 'zod';
import { AppointmentSchema, type Appointment } from '../../core/api/server-api/schemas.ts';
import type { SentToPatient } from '../../core/api/server-api/patient-conversation.ts';
import { Failure } from '../../base/failure.ts';
import { watchChanges } from './change-stream.ts';
import type { ScheduleApi } from './ports.ts';

/** The sign-in's token for the broker: renewed for a call, as it is for the change stream. */
export interface BrokerTokens {
  token(renew?: boolean): Promise<string>;
  current(): string | undefined;
}

const TIMEOUT_MS = 30_000;
const ListSchema = z.looseObject({ appointments: z.array(AppointmentSchema) });
const SentSchema = z.looseObject({
  conversation_id: z.string(),
  created: z.boolean(),
  messages: z.array(
    z.looseObject({
      id: z.string(),
      from: z.string(),
      text: z.string().nullable(),
      attachment: z.looseObject({ mime_type: z.string().nullable() }).nullable(),
      created_at: z.string().nullable(),
    }),
  ),
});
const TasksSchema = z.looseObject({ task_ids: z.array(z.string()) });
const RefusalSchema = z.looseObject({ name: z.string().optional() });

/** The broker's schedule routes, as the signed-in clinician. */
export class BrokerSchedule implements ScheduleApi {
  readonly via = 'broker';

  constructor(
    private readonly brokerUrl: string,
    private readonly tokens: BrokerTokens,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async appointments(window: { from: Date; to: Date }): Promise<Appointment[]> {
    const query = new URLSearchParams({ from: window.from.toISOString(), to: window.to.toISOString() });
    return (await this.#call('GET', `/v1/appointments?${query}`, ListSchema)).appointments;
  }

  sendInstructions(
    id: string,
    input: { text: string; as: 'message' | 'attachment' },
  ): Promise<SentToPatient> {
    return this.#call('POST', `/v1/appointments/${encodeURIComponent(id)}/instructions`, SentSchema, input);
  }

  async createTasks(id: string, titles: readonly string[]): Promise<number> {
    const path = `/v1/appointments/${encodeURIComponent(id)}/tasks`;
    return (await this.#call('POST', path, TasksSchema, { titles })).task_ids.length;
  }

  async finalize(id: string): Promise<string> {
    const path = `/v1/appointments/${encodeURIComponent(id)}/finalize`;
    return (await this.#call('POST', path, AppointmentSchema)).status;
  }

  watch(onChange: () => void, signal: AbortSignal): void {
    watchChanges({
      url: new URL('/v1/events', this.brokerUrl),
      token: () => this.tokens.current(),
      onChange,
      signal,
      fetcher: this.fetcher,
    });
  }

  async #call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let response = await this.#send(method, path, await this.#token(false), body);
    // A refused token (expired, or past the broker's age limit) is renewed once by a silent sign-in.
    if (response.status === 401) {
      await response.body?.cancel().catch(() => undefined);
      response = await this.#send(method, path, await this.#token(true), body);
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw refusal(answer);
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new Failure('schedule_unavailable');
    return parsed.data;
  }

  async #token(renew: boolean): Promise<string> {
    try {
      return await this.tokens.token(renew);
    } catch {
      throw new Failure('schedule_unavailable');
    }
  }

  async #send(method: string, path: string, token: string, body: unknown): Promise<Response> {
    try {
      return await this.fetcher(new URL(path, this.brokerUrl), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new Failure('schedule_unavailable', undefined, true);
    }
  }
}

/** Our code for a broker refusal, by its name only. */
function refusal(answer: unknown): Failure {
  const name = RefusalSchema.safeParse(answer).data?.name;
  if (name === 'APPOINTMENT_NOT_FOUND') return new Failure('appointment_not_found');
  if (name === 'CONVERSATION_LOCKED') return new Failure('conversation_locked');
  if (name === 'CONVERSATION_MISMATCH') return new Failure('conversation_mismatch');
  return new Failure('schedule_unavailable', undefined, name === 'SERVICE_UNAVAILABLE');
}
