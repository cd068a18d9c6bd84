/**
 * `scribe audit` as IT runs it: the CLI's own sessions land in the same trail as the app's (same data
 * folder), `--json` prints one record a line, `--since` filters, `verify` exits 0 on an intact trail and
 * non-zero naming the first broken record once a line is edited. The transcript the CLI wrote a note from
 * carries a canary that must not reach the trail.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness } from '../../core/api/harness.ts';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';
import { CANARY, CANARY_PHRASE } from '../../privacy/canary-kit.ts';
import { appTrail, scribe, serviceForCliWithData } from './scribe-run.ts';

let h: Harness;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  ({ h, dir, env } = await serviceForCliWithData('scribe-audit-'));
  await writeFile(
    join(dir, 'visit.txt'),
    `DOCTOR: ${CANARY_PHRASE} has a cough for three days.\nPATIENT: It started on Monday.\nDOCTOR: Start an inhaler and return in two weeks.\n`,
  );
  // The app's records of the same morning, in the same folder.
  const app = appTrail(env.SCRIBE_DATA_DIR!);
  await app.record({
    kind: 'signed_in',
    mode: 'organization',
    caller: 'server',
    region: 'local',
    how: 'entered',
  });
  await app.record({ kind: 'visit_started', sample: false, streams: 1 });
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

// Each case runs the CLI (tsx) two or three times; on a loaded machine that is most of 30 s.
describe('scribe audit', { timeout: 90_000 }, () => {
  it("records a CLI session in the app's trail, and prints it", async () => {
    const note = await scribe(['note', '--transcript', join(dir, 'visit.txt')], env);
    expect(note.code, note.stderr).toBe(0);
    // No keychain here (no session bus): said once, as the trail's, never as the `note` command's.
    expect(note.stderr).toBe(
      "scribe: The system keychain cannot be used here, so this run is recorded in the audit trail without the installation's key.\n",
    );
    const printed = await scribe(['audit', '--json'], env);
    expect(printed.code, printed.stderr).toBe(0);
    type Line = { by: { via: string }; what: { kind: string } };
    const records = printed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    expect(records.map((r) => [r.by.via, r.what.kind])).toEqual([
      ['app', 'signed_in'],
      ['app', 'visit_started'],
      ['cli', 'cli_command'],
    ]);
    expect(records[2]!.what).toEqual({ kind: 'cli_command', command: 'note', exitCode: 0 });
    const human = await scribe(['audit'], env);
    expect(human.stdout).toMatch(/#3 {2}\S+ {2}cli_command {2}command=note {2}exitCode=0/);
    for (const file of await readdir(env.SCRIBE_DATA_DIR!))
      expect(await readFile(join(env.SCRIBE_DATA_DIR!, file), 'utf8')).not.toContain(CANARY);
  });

  it('--since filters by time', async () => {
    expect((await scribe(['audit', '--since', '2999-01-01'], env)).stdout).toBe('');
    expect((await scribe(['audit', '--since', 'yesterday-ish'], env)).code).toBe(2);
  });

  it('still reads the trail when the policy cannot be read', async () => {
    await writeFile(join(dir, 'broken-policy.json'), '{ not json');
    const printed = await scribe(['audit', '--json'], {
      ...env,
      SCRIBE_POLICY_FILE: join(dir, 'broken-policy.json'),
    });
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('verify: 0 when intact, 1 naming the first broken record after an edit', async () => {
    const intact = await scribe(['audit', 'verify'], env);
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toMatch(/intact \(3 records/);
    // What local verify cannot see is said every time (issue 32).
    expect(intact.stderr).toContain('checked on this computer only');
    expect(intact.stderr).toContain('scribe audit verify --collected FILE');
    const [file] = (await readdir(env.SCRIBE_DATA_DIR!)).filter((f) => f.startsWith('audit-'));
    const path = join(env.SCRIBE_DATA_DIR!, file!);
    await writeFile(path, (await readFile(path, 'utf8')).replace('"streams":1', '"streams":2'));
    const broken = await scribe(['audit', 'verify'], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken at record #2 \(audit-0000000001\.jsonl line 2\)/);
  });

  it('verify where the key cannot be read: exit 5, "not verified here", never "broken"', async () => {
    // A trail the app wrote keyed; this CLI runs without the session bus, so the keychain cannot give the key.
    const data = join(dir, 'keyed-data');
    const key = async () => Buffer.alloc(32, 7);
    const app = appTrail(data, { forWriting: key, forReading: key });
    await app.record({ kind: 'visit_started', sample: false, streams: 1 });
    const run = await scribe(['audit', 'verify'], { ...env, SCRIBE_DATA_DIR: data });
    expect(run.code, run.stderr).toBe(5);
    expect(run.stderr).toMatch(/not verified here.*record #1 \(audit-0000000001\.jsonl line 1\)/);
    expect(run.stderr).not.toMatch(/broken/);
  });

  it('a session without the keychain: one sentence for its journal and its record, no code', async () => {
    const run = await scribe(['transcribe', join(FIXTURE_DIR, 'visit.wav'), '--fast'], {
      ...env,
      SCRIBE_DATA_DIR: join(dir, 'stream'),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      "scribe: The system keychain cannot be used here, so this session's audio is not kept on disk to recover after a crash, and this run is recorded in the audit trail without the installation's key.\n",
    );
  });
});
