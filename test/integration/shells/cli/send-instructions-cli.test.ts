/**
 * `scribe send-instructions` as IT runs it in development: the organization's server credentials, `--user`
 * naming the clinician, against the local service's Server API. The instructions in the file reach the
 * patient's conversation (as a message, then as an attachment); an appointment the clinician does not have
 * fails non-zero with one line that never holds the instruction text.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness } from '../../core/api/harness.ts';
import { seedDay } from '../../../../main/programs/local-service/server-api/sample-day.ts';
import { scribe, serviceForCli } from './scribe-run.ts';

const TEXT = 'CANARY-CLI-INSTRUCTION-3b9d drink fluids, rest two days';

let h: Harness;
let env: Record<string, string>;
let ids: ReturnType<typeof seedDay>;
let file: string;

beforeAll(async () => {
  const cli = await serviceForCli('scribe-send-instructions-');
  h = cli.h;
  const dir = cli.dir;
  ids = seedDay(h.service.internals.serverApi, { day: new Date() });
  file = join(dir, 'instructions.txt');
  await writeFile(file, `${TEXT}\n`);
  env = cli.env;
});
afterAll(() => h?.close());

const send = (appointment: string, ...more: string[]) =>
  scribe(
    ['send-instructions', '--appointment', appointment, '--file', file, '--user', 'oid-dr-lee', ...more],
    env,
  );

describe('scribe send-instructions', () => {
  it("sends the file to the appointment's patient, as a message and as an attachment", async () => {
    const store = h.service.internals.serverApi;
    const patientId = store.appointments.get(ids.lee[0]!)!.patient_id;
    const run = await send(ids.lee[0]!);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('sent message (new conversation) to conversation');
    expect(run.stdout).not.toContain(TEXT);
    const conversation = [...store.conversations.values()].find((c) => c.patient_ids.includes(patientId))!;
    const texts = store.messages.filter((m) => m.conversation_id === conversation.id).map((m) => m.text);
    expect(texts).toEqual([TEXT]);

    const attached = await send(ids.lee[0]!, '--as', 'attachment');
    expect(attached.code).toBe(0);
    expect(attached.stdout).toContain('sent attachment to conversation');
    const last = store.messages.filter((m) => m.conversation_id === conversation.id).at(-1)!;
    expect(last.attachment_id).not.toBeNull();
    expect(store.attachments.has(last.attachment_id!)).toBe(true);
  }, 180_000); // each run starts the CLI through npm

  it('fails non-zero with one clear line for an unknown or foreign appointment, without the text', async () => {
    const before = h.service.internals.serverApi.messages.length;
    for (const appointment of ['00000000-0000-4000-8000-000000000000', ids.kim[0]!]) {
      const run = await send(appointment);
      expect(run.code).not.toBe(0);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/appointment/i);
      expect(run.stderr).not.toContain('CANARY-CLI');
      expect(run.stdout).not.toContain('CANARY-CLI');
    }
    expect(h.service.internals.serverApi.messages).toHaveLength(before);
  }, 180_000);
});
