/**
 * Configuration keys for IT deployment: updates (main/updates/) and the audit trail (main/audit/). They are
 * a separate block of config-schema.ts: their schemas, defaults and key facts live here and are spread into
 * FIELD_SCHEMAS, configSchema and KEY_INFO there. None of them may come from the person's own settings: how
 * the app updates and how long the audit trail is kept are the organization's decisions.
 */
import { z } from 'zod';
import { checkFeedUrl, parseMaintenanceWindow } from '../updates/update-policy.ts';

const feedUrl = z.string().transform((raw, ctx) => {
  const check = checkFeedUrl(raw);
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.reason });
    return z.NEVER;
  }
  return check.url;
});

const maintenanceWindow = z.string().refine((raw) => parseMaintenanceWindow(raw) !== null, {
  message: 'must be a local time range such as 02:00-05:00',
});

/** Each deployment key's schema. */
export const DEPLOYMENT_FIELDS = {
  /** off: never; notify: download and offer a restart; automatic: install in the maintenance window. */
  updateMode: z.enum(['off', 'notify', 'automatic']),
  updateChannel: z.enum(['stable', 'beta']),
  updateFeedUrl: feedUrl,
  updateMaintenanceWindow: maintenanceWindow,
  auditRetentionDays: z.number().int().min(1).max(3650),
  auditFileMegabytes: z.number().int().min(1).max(100),
} as const;

/** Defaults (in configSchema). `updateMode` has none: without it the kind of installation decides. */
export const DEPLOYMENT_DEFAULTS = {
  updateMode: DEPLOYMENT_FIELDS.updateMode.optional(),
  updateChannel: DEPLOYMENT_FIELDS.updateChannel.default('stable'),
  updateFeedUrl: DEPLOYMENT_FIELDS.updateFeedUrl.optional(),
  updateMaintenanceWindow: DEPLOYMENT_FIELDS.updateMaintenanceWindow.default('02:00-05:00'),
  auditRetentionDays: DEPLOYMENT_FIELDS.auditRetentionDays.default(365),
  auditFileMegabytes: DEPLOYMENT_FIELDS.auditFileMegabytes.default(10),
} as const;

const policyOnly = ['settings'] as const;

/** Key facts (in KEY_INFO). */
export const DEPLOYMENT_KEY_INFO = {
  updateMode: {
    form: 'text',
    env: 'SCRIBE_UPDATE_MODE',
    expect: 'must be off, notify or automatic',
    deniedLayers: policyOnly,
  },
  updateChannel: {
    form: 'text',
    env: 'SCRIBE_UPDATE_CHANNEL',
    expect: 'must be stable or beta',
    deniedLayers: policyOnly,
  },
  updateFeedUrl: {
    form: 'text',
    env: 'SCRIBE_UPDATE_FEED_URL',
    expect: 'must be an https:// URL of the folder holding latest.yml',
    deniedLayers: policyOnly,
  },
  updateMaintenanceWindow: {
    form: 'text',
    env: 'SCRIBE_UPDATE_MAINTENANCE_WINDOW',
    expect: 'must be a local time range such as 02:00-05:00',
    deniedLayers: policyOnly,
  },
  auditRetentionDays: {
    form: 'int',
    env: 'SCRIBE_AUDIT_RETENTION_DAYS',
    expect: 'must be a whole number of days from 1 to 3650',
    deniedLayers: policyOnly,
  },
  auditFileMegabytes: {
    form: 'int',
    env: 'SCRIBE_AUDIT_FILE_MEGABYTES',
    expect: 'must be a whole number of megabytes from 1 to 100',
    deniedLayers: policyOnly,
  },
} as const;

/** The deployment keys (none may be set in user settings). */
export type DeploymentKey = keyof typeof DEPLOYMENT_FIELDS;
