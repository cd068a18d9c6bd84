import { afterAll, beforeAll } from 'vitest';
import {
  makeClientFixtures,
  signAssertion,
  type ClientFixtures,
} from '../../../../main/programs/local-service/fixtures.ts';
import type { LocalServiceOptions } from '../../../../main/programs/local-service/index.ts';
import { SAMPLE_VISIT_SCRIPT } from '../../../../main/programs/local-service/clinical/sample-script.ts';
import { startLocalService, type LocalService } from '../../../service/index.ts';

/** The version our client pins; the service's tests use it unless a test is about versions. */
const VERSION = '2026-10-05';

/** A started service with its client fixtures. */
export interface Harness {
  service: LocalService;
  fixtures: ClientFixtures;
}

let cachedFixtures: Promise<ClientFixtures> | undefined;

/** Starts a service with one static-key and one JWKS client (key pairs generated once per file). */
export async function startHarness(options: LocalServiceOptions = {}): Promise<Harness> {
  cachedFixtures ??= makeClientFixtures();
  const fixtures = await cachedFixtures;
  const service = await startLocalService({ clients: fixtures.clients, ...options });
  return { service, fixtures };
}

/** One HTTP answer. */
export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read fields freely
  headers: Headers;
}

/** Calls the service with plain fetch. `path` is the full path, e.g. /v1/core/server/users. */
export async function call(
  service: LocalService,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    form?: FormData;
    version?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.version !== null) headers['X-Nabla-Api-Version'] = options.version ?? VERSION;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${service.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** Exchanges a fresh assertion of the static client for a server token. */
export async function serverToken(harness: Harness): Promise<string> {
  // Signed at the service's time, which tests may have moved forward.
  const now = Math.floor(harness.service.control.now() / 1000);
  const assertion = await signAssertion(harness.fixtures.staticClient, harness.service.audience, { now });
  const answer = await call(harness.service, 'POST', '/v1/core/server/oauth/token', {
    body: {
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    },
  });
  if (answer.status !== 200) throw new Error(`token request failed: ${answer.status}`);
  return answer.body.access_token as string;
}

/**
 * The local service and a server token for this suite: started before its first test (`use` receives
 * them), closed after its last.
 */
export function serverForSuite(use: (started: { h: Harness; token: string }) => void): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness();
    use({ h, token: await serverToken(h) });
  });
  afterAll(() => h?.service.close());
}

/** Creates a user over HTTP and returns its id and user tokens. */
export async function userSession(
  harness: Harness,
  token: string,
): Promise<{ userId: string; access: string; refresh: string }> {
  const user = await call(harness.service, 'POST', '/v1/core/server/users', { token, body: {} });
  const tokens = await call(harness.service, 'POST', `/v1/core/server/jwt/authenticate/${user.body.id}`, {
    token,
  });
  return { userId: user.body.id, access: tokens.body.access_token, refresh: tokens.body.refresh_token };
}

/** A transcript long enough for a note, with a doctor and a patient. */
export const VISIT = [
  { text: 'I have had a bad headache for three days and some nausea.', speaker_type: 'PATIENT' },
  { text: 'I take lisinopril 10 mg every morning.', speaker_type: 'PATIENT' },
  { text: 'Your blood pressure is 150 over 95 today.', speaker_type: 'DOCTOR' },
  { text: 'Your hypertension is not controlled, and this looks like a migraine.', speaker_type: 'DOCTOR' },
  { text: 'We will start sumatriptan 50 mg as needed and order a lipid panel.', speaker_type: 'DOCTOR' },
  { text: 'Please follow up in two weeks.', speaker_type: 'DOCTOR' },
] as const;

/** The sample conversation as the streaming service transcribes sample/visit.wav. */
export const SAMPLE = SAMPLE_VISIT_SCRIPT.transcript.map((text, i) => ({
  text,
  speaker_type: i % 2 === 0 ? 'DOCTOR' : 'PATIENT',
  start_offset_ms: i * 4000,
  end_offset_ms: i * 4000 + 3000,
}));

/** A section of a note as the service answers it. */
type NoteSection = {
  key: string;
  content: { type: string; text?: string; subsections?: { id: string; title: string; text: string }[] };
};

/** The section `key` of a note the service answered. */
export const section = (note: { sections: NoteSection[] }, key: string) =>
  note.sections.find((s) => s.key === key)!;
