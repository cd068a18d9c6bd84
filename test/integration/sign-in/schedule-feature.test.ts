/**
 * The app's schedule feature end to end on loopback: a real OpenID provider, the broker, the local
 * service's Server API. Signed in with the organization (the provider's token, as the sign-in presents it
 * to the broker), the clinician sees today's appointments, links a visit to one (its patient's
 * demographics are what the note request will carry), sends reviewed instructions to that patient's
 * conversation, and hears the broker's change stream. With server credentials the same service reaches
 * the Server API directly. Patient names and texts never reach the broker's log or an error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../main/core/api/transport/http.ts';
import { PROTOCOL } from '../../../main/core/api/protocol.ts';
import { webhookSignature } from '../../../main/programs/broker/webhook-signature.ts';
import { ScheduleService } from '../../../main/features/schedule/schedule-service.ts';
import type { ServerApiAccess } from '../../../main/features/connection/ports.ts';
import { Failure } from '../../../main/base/failure.ts';
import { until } from '../../harness/until.ts';
import {
  CANARY,
  CANARY_TEXT,
  API_KEY,
  SECRET,
  startScheduleBroker,
  type ScheduleBrokerRig,
} from './schedule-broker.ts';

let rig: ScheduleBrokerRig;
let h: ScheduleBrokerRig['h'];
let idp: ScheduleBrokerRig['idp'];
let broker: ScheduleBrokerRig['broker'];
let store: ScheduleBrokerRig['store'];
let ids: ScheduleBrokerRig['ids'];
let lines: string[];

beforeAll(async () => {
  rig = await startScheduleBroker();
  ({ h, idp, broker, store, ids, lines } = rig);
});
beforeEach(() => {
  lines.length = 0;
});
afterAll(() => rig?.close());

/** A ScheduleService over one connection that reaches the Server API as `access` says; `clock.now` moves. */
function scheduleOver(access: ServerApiAccess) {
  const changes: number[] = [];
  const connection = { serverApi: () => access };
  const clock = { now: new Date() };
  const service = new ScheduleService({
    connection: { current: () => connection },
    onChanged: () => changes.push(1),
    now: () => clock.now,
  });
  return { service, changes, clock };
}

const asLee = async () => {
  const token = await idp.sign({ oid: 'oid-dr-lee' });
  return scheduleOver({
    kind: 'broker',
    brokerUrl: broker.url,
    token: async () => token,
    current: () => token,
  });
};

async function failureOf(run: () => Promise<unknown>): Promise<Failure> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Failure)) throw new Error(`expected a Failure, got ${String(error)}`);
  return error;
}

describe('signed in with the organization (through the broker)', () => {
  it("lists today's appointments, links the visit and sends the instructions to that patient", async () => {
    const { service } = await asLee();
    const today = await service.today();
    if (!today.available) throw new Error('the schedule should be offered');
    expect(today.via).toBe('broker');
    expect(today.appointments.map((a) => a.id)).toEqual(ids.lee);
    expect(today.appointments[0]).toMatchObject({ status: 'SCHEDULED', mode: 'IN_PERSON' });
    expect(today.appointments[0]!.patientName).toBe(`Ada ${CANARY}`);

    service.link(ids.lee[0]!);
    expect(service.linkedDemographics()).toBeNull(); // not before the visit starts
    service.visitReplaced(); // the visit starts
    expect((await service.today()).available && (await service.today())).toMatchObject({
      linked: { id: ids.lee[0], patientName: `Ada ${CANARY}` },
    });
    expect(service.linkedDemographics()).toEqual({ date_of_birth: '1961-04-12', sex: 'FEMALE' });

    const sent = await service.send({ appointmentId: ids.lee[0]!, text: CANARY_TEXT, as: 'message' });
    expect(sent.created).toBe(true);
    expect(sent.messages[0]).toMatchObject({ from: 'provider', text: CANARY_TEXT, attachment: false });
    expect(store.messages.at(-1)!.text).toBe(CANARY_TEXT);
    const file = await service.send({ appointmentId: ids.lee[0]!, text: CANARY_TEXT, as: 'attachment' });
    expect(file).toMatchObject({ created: false });
    expect(file.messages[0]).toMatchObject({ from: 'provider', attachment: true });
    expect(lines.join('\n')).not.toContain(CANARY);
    expect(lines.join('\n')).not.toContain(CANARY_TEXT);
    service.dispose();
  });

  it('keeps the visit linked after midnight, when its appointment is no longer on the day listed', async () => {
    const { service, clock } = await asLee();
    await service.today();
    service.link(ids.lee[0]!);
    service.visitReplaced(); // the visit starts
    clock.now = new Date(clock.now.getTime() + 86_400_000); // the next day: its list has none of these
    const next = await service.today();
    if (!next.available) throw new Error('the schedule should be offered');
    expect(next.appointments.map((a) => a.id)).not.toContain(ids.lee[0]);
    expect(next.linked).toMatchObject({ id: ids.lee[0], patientName: `Ada ${CANARY}` });
    expect(await service.tasks(ids.lee[0]!, ['ECG'])).toEqual({ created: 1 }); // Codes & more still makes them
    service.dispose();
  });

  it("refuses another clinician's appointment and reports a locked conversation, without patient data", async () => {
    const { service } = await asLee();
    await service.today();
    expect(() => service.link(ids.kim[0]!)).toThrow(Failure);
    const foreign = await failureOf(() =>
      service.send({ appointmentId: ids.kim[0]!, text: CANARY_TEXT, as: 'message' }),
    );
    expect(foreign.code).toBe('appointment_not_found');
    const patientId = store.appointments.get(ids.lee[1]!)!.patient_id;
    const conversation = [...store.conversations.values()].find((c) => c.patient_ids.includes(patientId))!;
    conversation.locked = true;
    const before = store.messages.length;
    const locked = await failureOf(() =>
      service.send({ appointmentId: ids.lee[1]!, text: CANARY_TEXT, as: 'message' }),
    );
    expect(locked.code).toBe('conversation_locked');
    expect(store.messages).toHaveLength(before);
    for (const failure of [foreign, locked]) {
      expect(failure.message).not.toContain(CANARY_TEXT);
      expect(failure.message).not.toContain(CANARY);
    }
    conversation.locked = false;
    service.dispose();
  });

  it('makes one task per ticked order and finalizes the appointment, only when asked', async () => {
    const { service } = await asLee();
    await service.today();
    const id = ids.lee[2]!;
    expect(store.appointments.get(id)!.status).toBe('SCHEDULED');
    expect(await service.tasks(id, ['CBC', 'Chest X-ray'])).toEqual({ created: 2 });
    expect(await service.finalize(id)).toEqual({ status: 'FINALIZED' });
    expect(store.appointments.get(id)!.status).toBe('FINALIZED');
    service.dispose();
  });

  it("refreshes when the broker's change stream says an appointment changed", async () => {
    const { service, changes } = await asLee();
    await service.today(); // starts listening
    await until(() => changes.length >= 1); // the stream opened: the list may have changed meanwhile
    const body = JSON.stringify({ type: 'appointment.updated', data: { patient: CANARY } });
    const now = String(Math.floor(Date.now() / 1000));
    const delivered = await fetch(`${broker.url}/v1/webhooks/service`, {
      method: 'POST',
      headers: {
        'x-service-webhook-timestamp': now,
        'x-service-webhook-signature': webhookSignature(SECRET, now, Buffer.from(body)),
      },
      body,
    });
    expect(delivered.status).toBe(200);
    await until(() => changes.length >= 2);
    service.dispose();
  });
});

describe('with server credentials (development, the sample visit)', () => {
  it("reaches the clinician's day directly, as the practitioner of the named clinician", async () => {
    const context = {
      http: new HttpClient({ baseUrl: new URL(h.service.url), apiVersion: PROTOCOL.serverApiVersion }),
      auth: { caller: 'server' as const, token: async () => API_KEY, renew: async () => API_KEY },
    };
    const { service } = scheduleOver({ kind: 'server', context, clinician: 'oid-dr-lee' });
    const today = await service.today();
    expect(today).toMatchObject({ available: true, via: 'server' });
    expect(today.available && today.appointments.map((a) => a.id)).toEqual(ids.lee);
    const foreign = await failureOf(() => service.finalize(ids.kim[0]!));
    expect(foreign.code).toBe('appointment_not_found');
  });

  it('is hidden, with its reason, for a clinician token without a broker', async () => {
    const { service } = scheduleOver({ kind: 'none', reason: 'no_broker' });
    expect(await service.today()).toEqual({ available: false, reason: 'no_broker' });
  });
});
