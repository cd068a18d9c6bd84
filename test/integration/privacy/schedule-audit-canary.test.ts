/**
 * The clinician's day in the audit trail: a visit linked to an appointment, instructions sent (message and
 * attachment), tasks made from two orders and the appointment finalized, with server credentials against
 * the local service's Server API, the trail listening to the schedule as the composition root wires it
 * (recordReports). The trail holds each step as codes and counts, verifies, and no file in its folder holds
 * the patient's name, the instruction text or an order's title.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../../main/core/api/transport/http.ts';
import { PROTOCOL } from '../../../main/core/api/protocol.ts';
import { AuditLog } from '../../../main/features/audit/audit-log.ts';
import { recordReports } from '../../../main/features/audit/audit-reports.ts';
import { ScheduleService } from '../../../main/features/schedule/schedule-service.ts';
import { seedDay } from '../../../main/programs/local-service/server-api/sample-day.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { bytesHaveCanary, CANARY, readTree } from './canary-kit.ts';

const API_KEY = 'test-server-api-key-456';
const NAME = `Zelda${CANARY}`;
const TEXT = `Rest, fluids ${CANARY}-instruction`;
const TITLES = [`CBC ${CANARY}-order`, `Chest X-ray ${CANARY}-order`];

let h: Harness;
let root: string;
const silent = { onDidReport: () => () => undefined };

beforeAll(async () => {
  h = await startHarness({ serverApiKeys: [API_KEY] });
  root = await mkdtemp(join(tmpdir(), 'privacy-schedule-audit-'));
});
afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

it('records link, sends, tasks and finalize as codes and counts, with no patient data', async () => {
  const ids = seedDay(h.service.internals.serverApi, { lastName: NAME, day: new Date() });
  const audit = new AuditLog({
    dir: root,
    source: { via: 'app', version: '1.0.0' },
    who: () => ({ account: 'clinician' }),
  });
  const context = {
    http: new HttpClient({ baseUrl: new URL(h.service.url), apiVersion: PROTOCOL.serverApiVersion }),
    auth: { caller: 'server' as const, token: async () => API_KEY, renew: async () => API_KEY },
  };
  const connection = { serverApi: () => ({ kind: 'server' as const, context, clinician: 'oid-dr-lee' }) };
  const schedule = new ScheduleService({ connection: { current: () => connection }, onChanged: () => {} });
  recordReports(audit, {
    policy: { ...silent, applied: () => null },
    connections: silent,
    visit: silent,
    notes: silent,
    schedule,
    dictation: null,
  });
  const today = await schedule.today();
  expect(today.available && today.appointments[0]!.patientName).toContain(NAME); // the canary is there
  const id = ids.lee[0]!;
  schedule.link(id);
  await schedule.send({ appointmentId: id, text: TEXT, as: 'message' });
  await schedule.send({ appointmentId: id, text: TEXT, as: 'attachment' });
  expect(await schedule.tasks(id, TITLES)).toEqual({ created: 2 });
  await schedule.finalize(id);
  schedule.dispose();

  expect((await audit.read()).map((r) => r.what)).toEqual([
    { kind: 'visit_linked' },
    { kind: 'instructions_sent', as: 'message', created: true },
    { kind: 'instructions_sent', as: 'attachment', created: false },
    { kind: 'tasks_created', count: 2 },
    { kind: 'appointment_finalized' },
  ]);
  expect(await audit.verify()).toMatchObject({ ok: true, records: 5 });
  await audit.close();
  const files = await readTree(root);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files.filter((f) => f.kind === 'file'))
    expect(bytesHaveCanary(file.bytes), file.path).toBe(false);
});
