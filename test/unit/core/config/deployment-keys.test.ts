/** The update and audit keys resolve like every other key, from the policy (or environment), never settings. */
import { describe, expect, it } from 'vitest';
import { formatConfigErrors, resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import { userSettingsSchema } from '../../../../main/core/config/settings-store.ts';

const policy = (values: Record<string, unknown>) => ({ values, origin: '/etc/scribe-desktop/policy.json' });

describe('deployment keys', () => {
  it('come from the policy, normalized', () => {
    const result = resolveConfig({
      policy: policy({
        updateMode: 'automatic',
        updateChannel: 'beta',
        updateFeedUrl: 'https://updates.example.org/scribe',
        updateMaintenanceWindow: '22:00-06:00',
        auditRetentionDays: 2190,
        auditFileMegabytes: 5,
      }),
    });
    if (!result.ok) throw new Error(formatConfigErrors(result.errors));
    expect(result.config).toMatchObject({
      updateMode: 'automatic',
      updateChannel: 'beta',
      updateFeedUrl: 'https://updates.example.org/scribe/',
      updateMaintenanceWindow: '22:00-06:00',
      auditRetentionDays: 2190,
      auditFileMegabytes: 5,
    });
  });

  it('read text from the environment or the registry', () => {
    const result = resolveConfig({ env: { SCRIBE_AUDIT_RETENTION_DAYS: '30', SCRIBE_UPDATE_MODE: 'off' } });
    expect(result.ok && result.config).toMatchObject({ auditRetentionDays: 30, updateMode: 'off' });
  });

  it('name the key and the source of a bad value', () => {
    const result = resolveConfig({
      policy: policy({ updateFeedUrl: 'http://updates.example.org/', updateMaintenanceWindow: '2-5' }),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = formatConfigErrors(result.errors);
    expect(text).toMatch(/updateFeedUrl from managed policy .*: must use https:\/\//);
    expect(text).toMatch(/updateMaintenanceWindow from managed policy .*: must be a local time range/);
  });

  it('cannot be set in the person’s own settings', () => {
    expect(userSettingsSchema.safeParse({ updateMode: 'off' }).success).toBe(false);
    expect(userSettingsSchema.safeParse({ auditRetentionDays: 1 }).success).toBe(false);
    const result = resolveConfig({ settings: { values: { updateMode: 'off' } } });
    expect(result.ok && result.config.updateMode).not.toBe('off');
  });
});
