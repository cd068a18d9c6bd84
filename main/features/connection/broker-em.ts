/**
 * E/M codes for a clinician signed in with the organization, through the organization's token broker
 * (`POST /v1/em-codes`, `POST /v1/em-codes/compute`, main/programs/broker/em-routes.ts): the contract keeps
 * E/M for server callers, and the broker holds the server credentials. The app presents the same
 * identity-provider token it presented at sign-in (renewed by a silent sign-in when it is too old or the
 * broker refuses it, once); the broker checks it as it checks a sign-in.
 */
import { EmCodesSchema, type EmCodes } from '../../core/api/schemas/coding.ts';
import { Failure } from '../../base/failure.ts';
import type { CoreApi, EmInputs } from './ports.ts';

/** The clinician's identity-provider token for the broker (OrganizationTokenSource.brokerToken). */
export interface BrokerCredential {
  brokerToken(renew?: boolean): Promise<string>;
}

/** How long the app waits for the broker's E/M answer (it polls the service's job meanwhile). */
const BROKER_EM_TIMEOUT_MS = 150_000;

/** The broker's answer, read by status and its stable `name` only (its message is never shown). */
async function answerOf(response: Response): Promise<{ status: number; name?: string; body: unknown }> {
  const body: unknown = await response.json().catch(() => undefined);
  const name =
    body && typeof body === 'object' && typeof (body as { name?: unknown }).name === 'string'
      ? (body as { name: string }).name
      : undefined;
  return { status: response.status, body, ...(name ? { name } : {}) };
}

/** The broker's E/M routes, as the clinician. */
export class BrokerEm {
  constructor(
    private readonly brokerUrl: string,
    private readonly credential: BrokerCredential,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  emCodes(request: Parameters<CoreApi['emCodes']>[0]): Promise<EmCodes> {
    return this.#post('/v1/em-codes', {
      em_specialty_kind: request.specialty,
      note: request.note,
      transcript_items: request.transcriptItems,
    });
  }

  compute(inputs: EmInputs): Promise<EmCodes> {
    return this.#post('/v1/em-codes/compute', inputs);
  }

  async #post(path: string, body: object): Promise<EmCodes> {
    let answer = await this.#send(path, body, await this.#token(false));
    // A token the broker finds too old or expired: one silent sign-in for a fresh one, then once more.
    if (answer.status === 401) answer = await this.#send(path, body, await this.#token(true));
    if (answer.status === 200) {
      const parsed = EmCodesSchema.safeParse(answer.body);
      if (parsed.success) return parsed.data;
      throw new Failure('service_error', { reason: 'answer_not_understood' });
    }
    throw failureOf(answer);
  }

  async #token(renew: boolean): Promise<string> {
    try {
      return await this.credential.brokerToken(renew);
    } catch {
      throw new Failure('sign_in_failed', { reason: 'interaction_required' });
    }
  }

  async #send(path: string, body: object, token: string) {
    try {
      const response = await this.fetchFn(new URL(path, this.brokerUrl), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(BROKER_EM_TIMEOUT_MS),
      });
      return await answerOf(response);
    } catch {
      throw new Failure('sign_in_failed', { reason: 'broker_unreachable' }, true);
    }
  }
}

/** What the clinician is told for each broker refusal (by status and name, never the broker's words). */
function failureOf(answer: { status: number; name?: string }): Failure {
  if (answer.status === 401) return new Failure('sign_in_failed', { reason: 'interaction_required' });
  if (answer.name === 'USER_DEACTIVATED')
    return new Failure('sign_in_failed', { reason: 'account_deactivated' });
  if (answer.status === 403) return new Failure('sign_in_failed', { reason: 'broker_refused' });
  // A broker from before its E/M routes: E/M stays for server credentials.
  if (answer.status === 404) return new Failure('server_credentials_required');
  if (answer.status === 400 || answer.status === 422) return new Failure('invalid_request');
  if (answer.status === 429) return new Failure('service_busy', undefined, true);
  return new Failure('service_unreachable', undefined, true);
}

/** The Core API with E/M answered by the broker. */
export function withBrokerEm(core: CoreApi, broker: BrokerEm): CoreApi {
  return {
    ...core,
    emBy: 'broker',
    emCodes: (request) => broker.emCodes(request),
    computeEm: (inputs) => broker.compute(inputs),
  };
}
