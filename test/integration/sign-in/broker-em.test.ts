/**
 * E/M codes for a clinician signed in with the organization, end to end on loopback: a real OpenID
 * provider, the broker (which holds the organization's server credentials) and the local service. The
 * broker answers `/v1/em-codes` and `/v1/em-codes/compute` for a clinician whose identity-provider token
 * passes the same checks as a sign-in (with a session's age limit), refuses a bad token before anything
 * reaches the service, and logs who/when/outcome without the note. The desktop's client (BrokerEm) presents
 * the clinician's token and renews it once when the broker finds it expired.
 */
import { generateKeyPair } from 'jose';
import { loopbackBrokerConfig } from './schedule-broker.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBroker, type RunningBroker } from '../../../main/programs/broker/broker-server.ts';
import type { BrokerConfig } from '../../../main/programs/broker/broker-config.ts';
import { IdpTokenVerifier } from '../../../main/programs/broker/idp-token-verifier.ts';
import { BrokerEm } from '../../../main/features/connection/broker-em.ts';
import type { Note } from '../../../main/core/api/schemas/note.ts';
import { Failure } from '../../../main/base/failure.ts';
import { startHarness, TRANSCRIPT, type Harness } from '../core/api/harness.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';

const CANARY = 'CANARY-EM-4b1d Marguerite Okonkwo';

let h: Harness;
let idp: TestIdp;
let broker: RunningBroker;
let lines: string[];
let note: Note;

beforeAll(async () => {
  h = await startHarness();
  idp = await startTestIdp({});
  broker = await startEmBroker();
  // The clinician signs in once through the broker: their service user exists from then on.
  lines = [];
  const signIn = await post('/v1/token', await idp.sign({ oid: 'oid-dr-em' }));
  expect(signIn.status).toBe(200);
  const items = TRANSCRIPT.map((item, i) => (i === 1 ? { ...item, text: `${item.text} ${CANARY}` } : item));
  note = await h.serverCore.generateNote({ locale: 'ENGLISH_US', transcript_items: items });
});
beforeEach(() => {
  lines = [];
});
afterAll(async () => {
  await broker?.close();
  await idp?.close();
  await h?.close();
});

/** A broker on loopback for the local service and the test provider; `env` adds to its settings. */
async function startEmBroker(
  env: Record<string, string> = {},
): Promise<RunningBroker & { config: BrokerConfig }> {
  const config = await loopbackBrokerConfig(h, idp, env);
  const running = await startBroker({
    config,
    verifier: new IdpTokenVerifier(config),
    server: { http: h.http, auth: h.server },
    log: (record) => lines.push(JSON.stringify(record)),
  });
  return Object.assign(running, { config: config });
}

async function post(path: string, token: string | undefined, body?: unknown) {
  const response = await fetch(`${broker.url}${path}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const emRequests = () => h.service.control.requests.filter((r) => r.path.includes('em-codes')).length;

describe("the broker's E/M routes", () => {
  it('answers E/M codes from the note for the signed-in clinician, and logs who without the note', async () => {
    const token = await idp.sign({ oid: 'oid-dr-em' });
    const answer = await post('/v1/em-codes', token, {
      em_specialty_kind: 'FAMILY_MEDICINE',
      note,
      transcript_items: TRANSCRIPT,
    });
    expect(answer.status).toBe(200);
    const codes = answer.body.codes as { code: string }[];
    expect(codes.map((c) => c.code)).toEqual(['99214']);
    expect(answer.body.inputs).toMatchObject({
      patient_type: 'ESTABLISHED',
      medical_decision_making_level: 'MODERATE',
    });
    const user = await h.serverCore.findUserByExternalId('oid-dr-em');
    expect(lines.map((l) => JSON.parse(l) as object)).toEqual([
      expect.objectContaining({
        event: 'em',
        route: 'em-codes',
        outcome: 'ok',
        status: 200,
        externalId: 'oid-dr-em',
        userId: user!.id,
      }),
    ]);
    const log = lines.join('\n');
    expect(log).not.toContain('CANARY');
    expect(log).not.toContain(token);
  });

  it('recomputes from the inputs the clinician changed', async () => {
    const token = await idp.sign({ oid: 'oid-dr-em' });
    const inputs = { em_specialty_kind: 'FAMILY_MEDICINE', patient_type: 'NEW', total_time_minutes: 62 };
    const answer = await post('/v1/em-codes/compute', token, inputs);
    expect(answer).toMatchObject({ status: 200, body: { codes: [{ code: '99205', basis: 'TIME' }] } });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ route: 'compute-em-codes', outcome: 'ok' });
    // Inputs the service refuses (neither a level nor a time) are the caller's: 422, not a broker failure.
    const refused = await post('/v1/em-codes/compute', token, {
      em_specialty_kind: 'FAMILY_MEDICINE',
      patient_type: 'NEW',
    });
    expect(refused).toMatchObject({ status: 422, body: { name: 'EM_REQUEST_REFUSED' } });
    // A field the contract does not name is not passed on (never a generic proxy).
    const extra = await post('/v1/em-codes/compute', token, { ...inputs, user_id: 'someone-else' });
    expect(extra).toMatchObject({ status: 400, body: { name: 'BAD_REQUEST' } });
  });

  it('refuses a bad token before anything reaches the service, and names the refusal in its log', async () => {
    const before = emRequests();
    const body = { em_specialty_kind: 'FAMILY_MEDICINE', note };
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const cases: [string | undefined, string][] = [
      [undefined, 'MISSING_TOKEN'],
      [await idp.sign({ oid: 'oid-dr-em' }, { key: strangerKey }), 'BAD_SIGNATURE'],
      [await idp.sign({ oid: 'oid-dr-em', aud: 'another-app' }), 'WRONG_AUDIENCE'],
      [
        await idp.sign({ oid: 'oid-dr-em', aud: [idp.clientId, 'other-api'], azp: 'other-api' }),
        'WRONG_AUDIENCE',
      ],
      [await idp.sign({ oid: 'oid-dr-em' }, { header: { typ: 'at+jwt' } }), 'WRONG_TOKEN_TYPE'],
      // Past the one hour a session's token is taken here (issue 32: it was twelve).
      [await idp.sign({ oid: 'oid-dr-em', iat: now - 2 * 3600, exp: now + 3600 }), 'TOKEN_TOO_OLD'],
      [await idp.sign({ oid: 'oid-dr-em', iat: now - 600, exp: now - 300 }), 'TOKEN_EXPIRED'],
    ];
    for (const [token, name] of cases) {
      const answer = await post('/v1/em-codes', token, body);
      expect({ name, status: answer.status, body: answer.body.name }).toEqual({
        name,
        status: 401,
        body: name,
      });
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ event: 'em', outcome: 'refused', reason: name });
    }
    expect(emRequests()).toBe(before);
    expect(lines.join('\n')).not.toContain('CANARY');
  });

  it('refuses a clinician with no service user, and a deactivated one', async () => {
    const unknown = await post('/v1/em-codes/compute', await idp.sign({ oid: 'oid-never-signed-in' }), {
      em_specialty_kind: 'FAMILY_MEDICINE',
      patient_type: 'NEW',
      total_time_minutes: 20,
    });
    expect(unknown).toMatchObject({ status: 403, body: { name: 'USER_NOT_FOUND' } });
    await post('/v1/token', await idp.sign({ oid: 'oid-dr-leaving' }));
    const leaving = await h.serverCore.findUserByExternalId('oid-dr-leaving');
    await h.serverCore.deactivateUser(leaving!.id);
    const deactivated = await post('/v1/em-codes', await idp.sign({ oid: 'oid-dr-leaving' }), {
      em_specialty_kind: 'FAMILY_MEDICINE',
      note,
    });
    expect(deactivated).toMatchObject({ status: 403, body: { name: 'USER_DEACTIVATED' } });
  });
});

describe("the desktop's E/M through the broker", () => {
  it('presents the clinician token, and renews it once when the broker finds it expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = await idp.sign({ oid: 'oid-dr-em', iat: now - 600, exp: now - 300 });
    const asked: boolean[] = [];
    const credential = {
      brokerToken: async (renew = false) => {
        asked.push(renew);
        return renew ? idp.sign({ oid: 'oid-dr-em' }) : stale;
      },
    };
    const em = new BrokerEm(broker.url, credential);
    const codes = await em.emCodes({ note, transcriptItems: TRANSCRIPT, specialty: 'FAMILY_MEDICINE' });
    expect(codes.codes.map((c) => c.code)).toEqual(['99214']);
    expect(asked).toEqual([false, true]);
    const recomputed = await em.compute({
      em_specialty_kind: 'FAMILY_MEDICINE',
      patient_type: 'ESTABLISHED',
      medical_decision_making_level: 'HIGH',
    });
    expect(recomputed.codes.map((c) => c.code)).toEqual(['99215']);
  });

  it('says "sign in again" when the renewed token is refused too, never the broker\'s words', async () => {
    const other = await idp.sign({ oid: 'oid-dr-em', aud: 'another-app' });
    const em = new BrokerEm(broker.url, { brokerToken: async () => other });
    const error = await em
      .compute({ em_specialty_kind: 'FAMILY_MEDICINE', patient_type: 'NEW', total_time_minutes: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Failure);
    expect((error as Failure).toIpcError()).toEqual({
      code: 'sign_in_failed',
      params: { reason: 'interaction_required' },
      retryable: false,
    });
  });
});

describe('with the E/M routes turned off (emCodes: false)', () => {
  it('answers 404 before the token is read, nothing reaches the service, and the desktop says server credentials are needed', async () => {
    const off = await startEmBroker({ SCRIBE_BROKER_EM_CODES: 'false' });
    expect(off.config.emCodes).toBe(false);
    try {
      const before = emRequests();
      const token = await idp.sign({ oid: 'oid-dr-em' });
      const client = new BrokerEm(off.url, { brokerToken: async () => token });
      const error = await client
        .emCodes({ note, transcriptItems: TRANSCRIPT, specialty: 'FAMILY_MEDICINE' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Failure);
      expect((error as Failure).code).toBe('server_credentials_required');
      const compute = await fetch(`${off.url}/v1/em-codes/compute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ em_specialty_kind: 'FAMILY_MEDICINE', patient_type: 'NEW' }),
      });
      expect(compute.status).toBe(404);
      expect(emRequests()).toBe(before);
    } finally {
      await off.close();
    }
  });
});
