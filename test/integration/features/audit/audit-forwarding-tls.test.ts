/**
 * `tls://` syslog (RFC 5425) against a real collector: rsyslogd on loopback with its OpenSSL driver, serving
 * certificates made here with `openssl` from a throwaway CA. Records arrive with their seq and hash when the
 * collector's certificate is signed by the CA in `auditSyslogCaFile`; a collector signed by another CA, one
 * whose certificate names another host, the test CA without `auditSyslogCaFile` (the system's CAs) and a
 * listener that does not speak TLS are all refused: nothing reaches them in clear, and the failure is told by
 * code only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { openAuditLog } from '../../../../main/features/audit/open-audit-log.ts';
import type { AuditRecord } from '../../../../main/features/audit/audit-events.ts';
import { EVENTS, HAVE_RSYSLOG_TLS, startSyslogReceiver, type SyslogReceiver } from './syslog-receiver.ts';
import { issueCertificate, makeCa, type TestCa } from './test-certificates.ts';

describe.skipIf(!HAVE_RSYSLOG_TLS)('the audit trail, forwarded over TLS', () => {
  let dir: string;
  let collectorCa: TestCa;
  let receiver: SyslogReceiver;
  /** The ports of the collector (signed by collectorCa), an impostor (another CA) and a misnamed one. */
  let [collector, impostor, misnamed] = [0, 0, 0];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scribe-syslog-tls-'));
    collectorCa = makeCa(dir, 'collector-ca');
    const otherCa = makeCa(dir, 'other-ca');
    const loopback = 'IP:127.0.0.1,DNS:localhost';
    receiver = await startSyslogReceiver({
      tls: [
        issueCertificate(dir, collectorCa, 'collector', loopback),
        issueCertificate(dir, otherCa, 'impostor', loopback),
        issueCertificate(dir, collectorCa, 'misnamed', 'DNS:syslog.elsewhere.example'),
      ],
    });
    [collector, impostor, misnamed] = receiver.tlsPorts as [number, number, number];
  }, 30_000);
  afterAll(async () => {
    await receiver?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Writes the events as the app does with `policy`; returns the records and what was reported. */
  async function writeTrail(policy: Record<string, unknown>) {
    const failures: string[] = [];
    const dataDir = await mkdtemp(join(dir, 'data-'));
    const log = openAuditLog({
      dataDir,
      config: configSchema.parse(policy),
      via: 'app',
      onDidFail: (kind, code) => void failures.push(`${kind}:${code}`),
    });
    for (const event of EVENTS) await log.record(event);
    await log.close();
    return { records: await log.read(), failures };
  }

  const collectedOf = async (marker: string) =>
    (await receiver.collected()).split('\n').filter((line) => line.includes(marker));
  const head = (r: AuditRecord) => `[scribe-audit@32473 seq="${r.seq}" hash="${r.hash}" via="app"]`;

  /** A trail sent to the trusted collector, and waited for: the receiver has handled what came before. */
  async function sendTrusted(): Promise<{ marker: string; records: AuditRecord[]; failures: string[] }> {
    const marker = `tls-${randomUUID().slice(0, 8)}`;
    const { records, failures } = await writeTrail({
      auditSyslog: `tls://127.0.0.1:${collector}`,
      auditSyslogCaFile: collectorCa.certFile,
      userExternalId: marker,
    });
    await expect.poll(async () => (await collectedOf(marker)).length).toBe(EVENTS.length);
    return { marker, records, failures };
  }

  it('sends each record with its head to a collector signed by the CA in auditSyslogCaFile', async () => {
    const { marker, records, failures } = await sendTrusted();
    const lines = await collectedOf(marker);
    expect(lines.every((line) => line.startsWith('<109>1 '))).toBe(true);
    expect(records).toHaveLength(EVENTS.length);
    records.forEach((record, i) => expect(lines[i]).toContain(head(record)));
    expect(failures).toEqual([]);
  });

  it.each([
    ['the test CA without auditSyslogCaFile (only the system CAs)', () => collector, false],
    ['a collector whose certificate another CA signed', () => impostor, true],
    ['a collector whose certificate names another host', () => misnamed, true],
  ])('refuses %s: nothing is sent, the failure is told by code', async (_label, port, withCa) => {
    const marker = `refused-${randomUUID().slice(0, 8)}`;
    const { failures } = await writeTrail({
      auditSyslog: `tls://127.0.0.1:${port()}`,
      ...(withCa ? { auditSyslogCaFile: collectorCa.certFile } : {}),
      userExternalId: marker,
    });
    // The refusal is reported (by kind and code: no host, record or certificate detail).
    expect(failures.length).toBeGreaterThan(0);
    expect(new Set(failures)).toEqual(new Set(['syslog:syslog_certificate_refused']));
    // A trail sent afterwards to the trusted collector arrives; the refused one never did.
    await sendTrusted();
    expect(await collectedOf(marker)).toEqual([]);
  });

  it('never falls back to clear text when the listener does not speak TLS', async () => {
    const received: Buffer[] = [];
    const plain: Server = createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const marker = `plain-${randomUUID().slice(0, 8)}`;
    try {
      const { failures } = await writeTrail({
        auditSyslog: `tls://127.0.0.1:${(plain.address() as { port: number }).port}`,
        auditSyslogCaFile: collectorCa.certFile,
        userExternalId: marker,
      });
      await expect.poll(() => received.length).toBeGreaterThan(0);
      const bytes = Buffer.concat(received);
      // A TLS handshake record (content type 22), not a syslog frame.
      expect(bytes[0]).toBe(0x16);
      expect(bytes.toString('latin1')).not.toContain(marker);
      expect(bytes.toString('latin1')).not.toContain('scribe-audit');
      expect(new Set(failures)).toEqual(new Set(['syslog:syslog_unreachable']));
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});
