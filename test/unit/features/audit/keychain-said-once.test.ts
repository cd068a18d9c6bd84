/**
 * Without a keychain the app's audit trail says so on stderr once, in plain words, not a raw-code line at
 * every record (issue 31 item 12, as the preview's terminal showed it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecretStoreError, type SecretStore } from '../../../../main/base/secrets/secret-store.ts';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { openAuditLog } from '../../../../main/features/audit/open-audit-log.ts';

const NO_KEYCHAIN: SecretStore = {
  get: () => Promise.reject(new SecretStoreError('keychain_unavailable', 'no Secret Service')),
  set: () => Promise.reject(new SecretStoreError('keychain_unavailable', 'no Secret Service')),
  delete: () => Promise.reject(new SecretStoreError('keychain_unavailable', 'no Secret Service')),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the app's audit trail without a keychain", () => {
  it('says once, in words, that records are kept without the key', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scribe-audit-once-'));
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      const audit = openAuditLog({
        dataDir,
        config: configSchema.parse({}),
        via: 'app',
        secrets: NO_KEYCHAIN,
      });
      await audit.record({ kind: 'visit_started', sample: false, streams: 1 });
      await audit.record({ kind: 'visit_started', sample: false, streams: 1 });
      await audit.record({ kind: 'visit_started', sample: false, streams: 1 });
      await audit.close();
    } finally {
      vi.restoreAllMocks();
      await rm(dataDir, { recursive: true, force: true });
    }
    const audit = lines.filter((l) => l.startsWith('audit:'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatch(/the system keychain cannot be used here/);
    expect(audit.join('')).not.toMatch(/could not record key/);
  });
});
