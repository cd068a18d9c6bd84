/**
 * The unkeyed side file merged back, with the real keychain (gnome-keyring) and the real CLI: the app keys
 * the trail; `scribe` run without a session bus (no keychain) keeps its record apart; `scribe audit verify`
 * says it waits there; the app's next start merges it; verify then passes with it in the chain, matches what
 * the collector got (the record as forwarded while it was kept apart, and after), and still finds the trail
 * cut short or a merged record rewritten.
 */
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { ASIDE_FILE } from '../../../../main/features/audit/audit-aside.ts';
import { parseRecord } from '../../../../main/features/audit/audit-chain.ts';
import { syslogMessage } from '../../../../main/features/audit/audit-forwarding.ts';
import { openAuditLog } from '../../../../main/features/audit/open-audit-log.ts';
import { KeychainSecretStore } from '../../../../native/keychain-secret-store.ts';
import { scribe as run } from '../../shells/cli/scribe-run.ts';

/** The CLI with its data folder `dataDir` (no policy), with the keychain's session bus or without. */
const scribe = (args: string[], dataDir: string, keychain = true) =>
  run(
    args,
    { SCRIBE_DATA_DIR: dataDir, SCRIBE_POLICY_FILE: join(dataDir, 'no-policy.json') },
    { inherit: ['PATH', 'HOME', ...(keychain ? ['DBUS_SESSION_BUS_ADDRESS'] : [])] },
  );

/** What a collector stores of these record lines: one RFC 5424 message a line. */
function collectedOf(lines: readonly string[]): string {
  const origin = { hostname: 'workstation', pid: 1 };
  return lines
    .map((line) => {
      const parsed = parseRecord(line);
      if (!parsed.ok) throw new Error('not a record');
      return `${syslogMessage(parsed.record, line, origin)}\n`;
    })
    .join('');
}

describe.skipIf(!process.env.REAL_KEYCHAIN)('records kept apart without the keychain, merged back', () => {
  it('are merged at the app’s next start; verify passes and still finds a cut or a rewrite', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-audit-merge-'));
    const app = () =>
      openAuditLog({
        dataDir,
        config: configSchema.parse({}),
        via: 'app',
        secrets: new KeychainSecretStore(),
      });
    const first = app();
    await first.record({
      kind: 'signed_in',
      mode: 'organization',
      caller: 'user',
      region: 'local',
      how: 'entered',
    });
    await first.record({ kind: 'visit_started', sample: false, streams: 1 });
    await first.close();

    // The CLI without a keychain: its record is kept apart, and it says so.
    const keyless = await scribe(['recover'], dataDir, false);
    expect(keyless.stderr).toMatch(/cli_command is kept apart in audit-unkeyed\.jsonl/);
    const kept = (await readFile(join(dataDir, ASIDE_FILE), 'utf8')).trimEnd().split('\n');
    expect(kept).toHaveLength(1);
    const waiting = await scribe(['audit', 'verify'], dataDir);
    expect(waiting.stdout).toMatch(/intact \(2 records from #1\)/);
    expect(waiting.stderr).toMatch(/1 record written without the installation's key .* kept apart/);

    // The app's next start, with the keychain, merges it.
    const next = app();
    await next.open();
    await next.close();
    expect((await readdir(dataDir)).includes(ASIDE_FILE)).toBe(false);
    const file = join(
      dataDir,
      (await readdir(dataDir)).find((f) => /^audit-\d+\.jsonl$/.test(f))!,
    );
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('"what":{"kind":"cli_command","command":"recover"');
    expect(lines[2]).toContain(`"unkeyed":{"seq":3,"hash":"${JSON.parse(kept[0]!).hash}"}`);

    // The collector got the record as kept apart (CLI), then the keyed chain as merged (app).
    const collected = join(dataDir, 'collected.log');
    await writeFile(collected, collectedOf([...lines.slice(0, 2), kept[0]!, lines[2]!]));
    const merged = await scribe(['audit', 'verify', '--collected', collected], dataDir);
    expect(merged.stderr).not.toMatch(/kept apart/);
    // The merged record is in the chain, but the key vouches for it only from its merge on: said so.
    expect(merged.stderr).toMatch(
      /1 record in the chain was written without the installation's key and merged later .*from the merge on/,
    );
    expect(merged.stdout).toMatch(/intact \(3 records from #1; matches the collector's 4 records up to #3\)/);
    expect(merged.code).toBe(0);

    // The merged record cut off: the collector still holds it.
    await writeFile(file, `${lines.slice(0, 2).join('\n')}\n`);
    const cut = await scribe(['audit', 'verify', '--collected', collected], dataDir);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/cut short: the collector holds record #3/);

    // The merged record rewritten (another command): its keyed hash no longer matches.
    await writeFile(
      file,
      `${[...lines.slice(0, 2), lines[2]!.replace('"recover"', '"dictate"')].join('\n')}\n`,
    );
    const rewritten = await scribe(['audit', 'verify'], dataDir);
    expect(rewritten.code).toBe(1);
    expect(rewritten.stderr).toMatch(/record #3 .*was changed after it was written/);
  }, 240_000);
});
