/**
 * The audit trail leaves the machine as it is written, to a real syslog receiver (rsyslogd on loopback):
 * over TCP (octet counting) and UDP to the collector the policy names, and through `logger` to the OS log
 * socket. The chain is keyed with the installation's key from the keychain (gnome-keyring); the collector
 * holds each record's seq and hash, so `scribe audit verify --collected` finds a trail cut short, and
 * `scribe audit verify` finds a trail rebuilt without the key.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { chainRecord, EMPTY_TAIL, parseRecord } from '../../../../main/features/audit/audit-chain.ts';
import { openAuditLog } from '../../../../main/features/audit/open-audit-log.ts';
import { KeychainSecretStore } from '../../../../native/keychain-secret-store.ts';
import { EVENTS, HAVE_RSYSLOG, startSyslogReceiver, type SyslogReceiver } from './syslog-receiver.ts';
import { scribe as run, WITH_KEYCHAIN } from '../../shells/cli/scribe-run.ts';

/** The CLI with its data folder `dataDir` (no policy) and the keychain's session bus. */
const scribe = (args: string[], dataDir: string) =>
  run(
    args,
    { SCRIBE_DATA_DIR: dataDir, SCRIBE_POLICY_FILE: join(dataDir, 'no-policy.json') },
    { inherit: WITH_KEYCHAIN },
  );

describe.skipIf(!HAVE_RSYSLOG || !process.env.REAL_KEYCHAIN)('the audit trail, forwarded', () => {
  let receiver: SyslogReceiver;
  // The CLI reads the key from the default keychain service, as the app writes it.
  const secrets = new KeychainSecretStore();

  beforeAll(async () => {
    receiver = await startSyslogReceiver();
  }, 30_000);
  afterAll(async () => {
    await receiver?.close();
  });

  /** A trail written as the app writes it, with the given policy, in a fresh data folder. */
  async function writeTrail(policy: Record<string, unknown>) {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-audit-fwd-'));
    const log = openAuditLog({
      dataDir,
      config: configSchema.parse(policy),
      via: 'app',
      secrets,
      osLogSocket: receiver.socket,
      identity: () => ({ userId: 'user-1', sub: 'dr.okafor' }),
      onDidFail: (kind, code) => {
        throw new Error(`audit failed: ${kind} ${code}`);
      },
    });
    for (const event of EVENTS) await log.record(event);
    await log.close();
    return { dataDir, log };
  }

  /** What the receiver holds of one data folder's trail (its records carry the run's marker). */
  async function collectedOf(marker: string): Promise<string[]> {
    return (await receiver.collected()).split('\n').filter((line) => line.includes(marker));
  }

  it('sends each record as written, with its head, to the collector (TCP) and the OS log (logger)', async () => {
    const marker = `tcp-${randomUUID().slice(0, 8)}`;
    const { dataDir } = await writeTrail({
      auditSyslog: `tcp://127.0.0.1:${receiver.tcpPort}`,
      auditOsLog: true,
      userExternalId: marker,
    });
    const records = (
      await readFile(
        join(
          dataDir,
          (await readdir(dataDir)).find((f) => f.endsWith('.jsonl'))!,
        ),
        'utf8',
      )
    )
      .trim()
      .split('\n')
      .map((line) => parseRecord(line))
      .map((parsed) => (parsed.ok ? parsed.record : null));
    // Keyed with the installation's key, naming the clinician.
    expect(records.every((r) => r?.mac === 'hmac-sha256' && r.who.sub === 'dr.okafor')).toBe(true);
    await expect.poll(async () => (await collectedOf(marker)).length).toBe(EVENTS.length * 2);
    const lines = await collectedOf(marker);
    const syslog = lines.filter((l) => l.startsWith('<109>1 '));
    expect(syslog).toHaveLength(EVENTS.length);
    for (const [i, record] of records.entries())
      expect(syslog[i]).toContain(
        `[scribe-audit@32473 seq="${record!.seq}" hash="${record!.hash}" via="app"]`,
      );
    expect(lines.filter((l) => l.includes('scribe-desktop:') || l.includes(' scribe-desktop '))).toHaveLength(
      EVENTS.length * 2,
    );
  });

  it('over UDP too', async () => {
    const marker = `udp-${randomUUID().slice(0, 8)}`;
    await writeTrail({ auditSyslog: `udp://127.0.0.1:${receiver.udpPort}`, userExternalId: marker });
    await expect.poll(async () => (await collectedOf(marker)).length).toBe(EVENTS.length);
  });

  it('scribe audit verify --collected finds a trail cut short, and verify a trail rebuilt without the key', async () => {
    const marker = `cut-${randomUUID().slice(0, 8)}`;
    const { dataDir } = await writeTrail({
      auditSyslog: `tcp://127.0.0.1:${receiver.tcpPort}`,
      userExternalId: marker,
    });
    await expect.poll(async () => (await collectedOf(marker)).length).toBe(EVENTS.length);
    const collected = join(dataDir, 'collected.log');
    await writeFile(collected, `${(await collectedOf(marker)).join('\n')}\n`);
    const file = join(
      dataDir,
      (await readdir(dataDir)).find((f) => f.endsWith('.jsonl'))!,
    );
    const original = await readFile(file, 'utf8');

    const intact = await scribe(['audit', 'verify', '--collected', collected], dataDir);
    expect(intact.stdout).toMatch(/intact \(4 records from #1; matches the collector's 4 records up to #4\)/);
    expect(intact.code).toBe(0);

    // The last two records deleted: the chain that is left still verifies on its own, the collector does not.
    const lines = original.trim().split('\n');
    await writeFile(file, `${lines.slice(0, 2).join('\n')}\n`);
    expect((await scribe(['audit', 'verify'], dataDir)).code).toBe(0);
    const cut = await scribe(['audit', 'verify', '--collected', collected], dataDir);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/cut short: the collector holds record #4/);

    // Rebuilt from scratch with plain SHA-256 (the key is not in the files): verify refuses it at once.
    let tail = EMPTY_TAIL;
    const forged: string[] = [];
    for (const event of EVENTS.slice(0, 3)) {
      const line = chainRecord(tail, new Date(), { account: 'someone' }, event, {
        via: 'app',
        version: '0.1.0',
      });
      const parsed = parseRecord(line);
      if (!parsed.ok) throw new Error('forged line does not parse');
      tail = { seq: parsed.record.seq, hash: parsed.record.hash };
      forged.push(line);
    }
    await writeFile(file, `${forged.join('\n')}\n`);
    const rebuilt = await scribe(['audit', 'verify'], dataDir);
    expect(rebuilt.code).toBe(1);
    expect(rebuilt.stderr).toMatch(/record #3 .*not signed with the installation's audit key/);

    // Rebuilt with a key of the forger's own: the hashes do not match the installation's key.
    tail = EMPTY_TAIL;
    forged.length = 0;
    for (const event of EVENTS) {
      const line = chainRecord(
        tail,
        new Date(),
        { account: 'someone' },
        event,
        { via: 'app', version: '0.1.0' },
        Buffer.alloc(32, 7),
      );
      const parsed = parseRecord(line);
      if (!parsed.ok) throw new Error('forged line does not parse');
      tail = { seq: parsed.record.seq, hash: parsed.record.hash };
      forged.push(line);
    }
    await writeFile(file, `${forged.join('\n')}\n`);
    const reforged = await scribe(['audit', 'verify', '--collected', collected], dataDir);
    expect(reforged.code).toBe(1);
    expect(reforged.stderr).toMatch(/record #1 .*was changed after it was written/);
  }, 180_000);
});
