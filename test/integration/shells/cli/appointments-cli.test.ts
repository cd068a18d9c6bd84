/**
 * `scribe appointments` as IT runs it in development: the organization's server credentials, `--user` naming
 * the clinician, against the local service's Server API. Only that clinician's appointments of the day are
 * listed, in time order; a clinician without a practitioner fails with one line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness } from '../../core/api/harness.ts';
import { seedDay } from '../../../../main/programs/local-service/server-api/sample-day.ts';
import { scribe, serviceForCli } from './scribe-run.ts';

let h: Harness;
let env: Record<string, string>;
let ids: ReturnType<typeof seedDay>;
const day = '2026-03-02';

beforeAll(async () => {
  const cli = await serviceForCli('scribe-appointments-');
  h = cli.h;
  ids = seedDay(h.service.internals.serverApi, { day: new Date(`${day}T12:00:00`) });
  env = cli.env;
});
afterAll(() => h?.close());

describe('scribe appointments', () => {
  it("lists the clinician's appointments of the day, one line each, in time order", async () => {
    const run = await scribe(['appointments', '--date', day, '--user', 'oid-dr-lee'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((l) => l.split('  ').at(-1))).toEqual(ids.lee);
    expect(lines[0]).toBe(`09:00  SCHEDULED  IN_PERSON  Ada Moreau  ${ids.lee[0]}`);
    expect(lines[1]).toContain('  VIDEOCALL  Ben Okafor');
    expect(run.stdout).not.toContain('Arora'); // another clinician's patient
    const other = await scribe(['appointments', '--date', '2026-03-03', '--user', 'oid-dr-lee'], env);
    expect(other.stdout).toBe('');
  });

  it('fails with one line for a clinician without a practitioner, and for a bad date', async () => {
    const nobody = await scribe(['appointments', '--date', day, '--user', 'oid-nobody'], env);
    expect(nobody.code).not.toBe(0);
    expect(nobody.stderr.trim().split('\n')).toHaveLength(1);
    expect(nobody.stderr).toContain('no practitioner');
    const bad = await scribe(['appointments', '--date', '03/02/2026', '--user', 'oid-dr-lee'], env);
    expect(bad.stderr).toContain('YYYY-MM-DD');
  });
});
