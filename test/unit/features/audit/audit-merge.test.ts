/**
 * Records kept apart without the key (audit-unkeyed.jsonl) are merged into the keyed chain once a writer
 * has the key again: in order, each keyed, marked with its seq and hash in the side file, with its own time;
 * the side file removed after. A merge cut short (both files left, or only some records written) never
 * duplicates or loses a record, and the merged trail still verifies, and shows an edit or a cut.
 */
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog, type AuditLogOptions } from '../../../../main/features/audit/audit-log.ts';
import { ASIDE_FILE } from '../../../../main/features/audit/audit-aside.ts';
import type { AuditRecord } from '../../../../main/features/audit/audit-events.ts';
import { checkAgainstCollected } from '../../../../main/features/audit/audit-forwarding.ts';

let dir: string;
let failures: string[];
let forwarded: AuditRecord[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-merge-'));
  failures = [];
  forwarded = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const KEY = Buffer.alloc(32, 7);
const keyed = { forWriting: async () => KEY, forReading: async () => KEY };
const keyless = { forWriting: async () => null, forReading: async () => null };

function log(options: Partial<AuditLogOptions> = {}): AuditLog {
  return new AuditLog({
    dir,
    source: { via: 'app', version: '1.0.0' },
    who: () => ({ account: 'dr.house' }),
    onDidFail: (kind, code) => void failures.push(`${kind}:${code}`),
    forward: { forward: (record) => void forwarded.push(record), close: async () => undefined },
    ...options,
  });
}

const KEPT_AT = ['2026-03-01T08:00:00.000Z', '2026-03-01T08:05:00.000Z'];

/** Two keyed records, then two kept apart by a CLI without the key (at KEPT_AT). Returns the side lines. */
async function keyedThenKeptApart(): Promise<string[]> {
  const app = log({ keys: keyed });
  await app.record({ kind: 'signed_in', mode: 'organization', caller: 'user', region: 'us', how: 'entered' });
  await app.record({ kind: 'consent_acknowledged' });
  let at = 0;
  const cli = log({
    keys: keyless,
    source: { via: 'cli', version: '1.0.0' },
    now: () => new Date(KEPT_AT[at++]!),
  });
  await cli.record({ kind: 'cli_command', command: 'transcribe', exitCode: 0 });
  await cli.record({ kind: 'cli_command', command: 'note', exitCode: 0 });
  return (await readFile(join(dir, ASIDE_FILE), 'utf8')).trimEnd().split('\n');
}

const trailFile = async () =>
  join(
    dir,
    (await readdir(dir)).find((f) => /^audit-\d+\.jsonl$/.test(f))!,
  );
const exists = async (name: string) => (await readdir(dir)).includes(name);
const kinds = (records: AuditRecord[]) =>
  records.map((r) => (r.what.kind === 'cli_command' ? r.what.command : r.what.kind));

/** The trail once the records kept apart are merged: the keyed ones, then the apart ones, then the new one. */
const MERGED = ['signed_in', 'consent_acknowledged', 'transcribe', 'note', 'visit_started'];

describe('records kept apart without the key', () => {
  it('are merged at the next keyed write: in order, keyed, marked, with their own time; the side file removed', async () => {
    const side = (await keyedThenKeptApart()).map((line) => JSON.parse(line) as AuditRecord);
    const app = log({ keys: keyed });
    await app.record({ kind: 'visit_started', sample: false, streams: 1 });

    const records = await app.read();
    expect(kinds(records)).toEqual(MERGED);
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(records.every((r) => r.mac === 'hmac-sha256')).toBe(true);
    expect(records.slice(2, 4).map((r) => [r.at, r.by.via, r.unkeyed])).toEqual([
      [KEPT_AT[0], 'cli', { seq: side[0]!.seq, hash: side[0]!.hash }],
      [KEPT_AT[1], 'cli', { seq: side[1]!.seq, hash: side[1]!.hash }],
    ]);
    expect(records[4]!.unkeyed).toBeUndefined();
    expect(await exists(ASIDE_FILE)).toBe(false);
    expect(await app.verify()).toEqual({ ok: true, records: 5, firstSeq: 1, aside: 0, merged: 2 });
    // The merged records were forwarded too: the collector holds the keyed chain's head.
    expect(forwarded.at(-1)!.hash).toBe(records[4]!.hash);
  });

  it('are merged when the app starts (open), before anything else is recorded', async () => {
    await keyedThenKeptApart();
    const app = log({ keys: keyed });
    await app.open();
    expect(kinds(await app.read())).toEqual(['signed_in', 'consent_acknowledged', 'transcribe', 'note']);
    expect(await exists(ASIDE_FILE)).toBe(false);
    expect(await app.verify()).toMatchObject({ ok: true, records: 4, aside: 0 });
  });

  // Issue 32: records planted by someone else who can write the folder are not merged with any `who`.
  it.runIf(process.platform !== 'win32')(
    "are not merged when the side file is not this account's alone: set aside, and said",
    async () => {
      await keyedThenKeptApart();
      await chmod(join(dir, ASIDE_FILE), 0o666);
      const app = log({ keys: keyed });
      await app.open();
      expect(kinds(await app.read())).toEqual(['signed_in', 'consent_acknowledged']);
      expect(failures).toContain('merge:aside_writer_unknown');
      expect(await exists(ASIDE_FILE)).toBe(false);
      expect((await readdir(dir)).filter((f) => f.startsWith('audit-unkeyed.rejected-'))).toHaveLength(1);
      // Another owner (root may give the file away, as another account would have written it).
      if (process.getuid?.() !== 0) return;
      await keyedThenKeptApart();
      await chown(join(dir, ASIDE_FILE), 65534, 65534);
      await log({ keys: keyed }).open();
      expect(failures.filter((f) => f === 'merge:aside_writer_unknown')).toHaveLength(2);
      expect(kinds(await app.read())).not.toContain('transcribe');
    },
  );

  it('stay apart while there is still no key', async () => {
    await keyedThenKeptApart();
    const cli = log({ keys: keyless, source: { via: 'cli', version: '1.0.0' } });
    await cli.open();
    await cli.record({ kind: 'cli_command', command: 'dictate', exitCode: 0 });
    expect(await log({ keys: keyed }).verify()).toMatchObject({ ok: true, records: 2, aside: 3, merged: 0 });
  });

  it.each([
    ['every record written, the side file not yet removed', 4],
    ['one of two records written', 3],
  ])('a merge cut short (%s) is finished without a duplicate or a loss', async (_label, keep) => {
    const side = await keyedThenKeptApart();
    await log({ keys: keyed }).open();
    // The process "died": the trail holds the first `keep` records, the side file is still there.
    const file = await trailFile();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    await writeFile(file, `${lines.slice(0, keep).join('\n')}\n`);
    await writeFile(join(dir, ASIDE_FILE), `${side.join('\n')}\n`);

    const app = log({ keys: keyed });
    await app.open();
    await app.record({ kind: 'visit_started', sample: false, streams: 1 });
    const records = await app.read();
    expect(kinds(records)).toEqual(MERGED);
    expect(records.filter((r) => r.unkeyed).map((r) => r.unkeyed!.hash)).toEqual(
      side.map((line) => (JSON.parse(line) as AuditRecord).hash),
    );
    expect(await exists(ASIDE_FILE)).toBe(false);
    expect(await app.verify()).toEqual({ ok: true, records: 5, firstSeq: 1, aside: 0, merged: 2 });
  });

  it('a line in the side file that is not an intact record keeps the file (said by code); the rest merge once', async () => {
    const side = await keyedThenKeptApart();
    const edited = side[1]!.replace('"note"', '"dictate"');
    await writeFile(join(dir, ASIDE_FILE), `${side[0]}\n${edited}\n`);
    const app = log({ keys: keyed });
    await app.open();
    await app.record({ kind: 'visit_started', sample: false, streams: 1 });
    expect(kinds(await app.read())).toEqual([
      'signed_in',
      'consent_acknowledged',
      'transcribe',
      'visit_started',
    ]);
    // Said once: the file is set aside under its rejected name, never merged again (nothing twice, even
    // once retention has removed the merged copies), and kept for IT.
    expect(failures.filter((f) => f.startsWith('merge:'))).toEqual(['merge:aside_unreadable_kept']);
    expect(await exists(ASIDE_FILE)).toBe(false);
    const rejected = (await readdir(dir)).filter((f) => /^audit-unkeyed\.rejected-.+\.jsonl$/.test(f));
    expect(rejected).toHaveLength(1);
    expect(await readFile(join(dir, rejected[0]!), 'utf8')).toContain(edited);
    await app.record({ kind: 'consent_acknowledged' });
    expect(kinds(await app.read()).filter((k) => k === 'transcribe')).toHaveLength(1);
    expect(await app.verify()).toMatchObject({ ok: true, records: 5 });
  });

  it('a record kept apart after a write a crash tore goes on a line of its own, and is merged', async () => {
    const side = await keyedThenKeptApart();
    // The second kept record's write was torn by a crash: half a line, no newline.
    await writeFile(join(dir, ASIDE_FILE), `${side[0]}\n${side[1]!.slice(0, 40)}`);
    const cli = log({ keys: keyless, source: { via: 'cli', version: '1.0.0' } });
    await cli.record({ kind: 'cli_command', command: 'dictate', exitCode: 0 });
    const app = log({ keys: keyed });
    await app.open();
    expect(kinds(await app.read())).toEqual(['signed_in', 'consent_acknowledged', 'transcribe', 'dictate']);
  });

  it('a side file that cannot be read is said by code, and never stops a record from being written', async () => {
    await keyedThenKeptApart();
    await rm(join(dir, ASIDE_FILE));
    await mkdir(join(dir, ASIDE_FILE));
    const app = log({ keys: keyed });
    await app.open();
    await app.record({ kind: 'visit_started', sample: false, streams: 1 });
    expect(kinds(await app.read())).toEqual(['signed_in', 'consent_acknowledged', 'visit_started']);
    expect(failures.filter((f) => f.startsWith('merge:'))).toEqual(['merge:EISDIR', 'merge:EISDIR']);
  });

  it('once merged, an edited, unmarked or removed merged record is found', async () => {
    await keyedThenKeptApart();
    await log({ keys: keyed }).open();
    const file = await trailFile();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const tampered = [
      ['edited', [...lines.slice(0, 2), lines[2]!.replace('"exitCode":0', '"exitCode":1'), lines[3]!]],
      ['unmarked', [...lines.slice(0, 2), lines[2]!.replace(/"unkeyed":\{[^}]*\},/, ''), lines[3]!]],
      ['removed', [...lines.slice(0, 2), lines[3]!]],
    ] as const;
    for (const [label, version] of tampered) {
      await writeFile(file, `${version.join('\n')}\n`);
      const result = await log({ keys: keyed }).verify();
      expect({ label, seq: 'broken' in result ? result.broken.seq : null }).toEqual({
        label,
        seq: label === 'removed' ? 4 : 3,
      });
    }
  });

  it('the heads a collector got while they were kept apart match the merged trail; a cut still shows', async () => {
    await keyedThenKeptApart();
    const heads = () => forwarded.map((r) => ({ seq: r.seq, hash: r.hash }));
    const app = log({ keys: keyed });
    // Before the merge: the side file vouches for the heads the collector got from the CLI.
    const before = checkAgainstCollected(await app.read(), heads(), 1, forwarded.slice(2));
    expect(before).toMatchObject({ ok: true, collected: 4 });
    expect(checkAgainstCollected(await app.read(), heads(), 1)).toMatchObject({ ok: false, seq: 4 });
    await app.record({ kind: 'visit_started', sample: false, streams: 1 });
    const trail = await app.read();
    expect(checkAgainstCollected(trail, heads(), 1)).toMatchObject({ ok: true, collected: 7, newest: 5 });
    expect(checkAgainstCollected(trail.slice(0, 3), heads(), 1)).toMatchObject({ ok: false, seq: 5 });
  });
});
