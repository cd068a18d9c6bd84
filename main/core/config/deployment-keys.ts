/**
 * Configuration keys for IT deployment: updates (main/features/updates/) and the audit trail (main/features/audit/), one block
 * kept apart from the rest of the schema. Each key is described once here (schema, default, what IT reads);
 * config-schema.ts spreads the derived parts into FIELD_SCHEMAS, configSchema and KEY_INFO. None may come from
 * the person's own settings: how the app updates and how long the audit trail is kept are the
 * organization's decisions.
 */
import { z } from 'zod';
import { checkFeedUrl, parseMaintenanceWindow } from './update-policy.ts';
import { key } from './policy-keys-core.ts';
import { parseSyslogTarget } from './syslog-target.ts';

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
  params: { format: 'time_range' },
});

const syslogTarget = z.string().refine((raw) => parseSyslogTarget(raw).ok, {
  message: 'must be udp://, tcp:// or tls:// followed by a host and an optional port',
  params: { format: 'syslog_target' },
});

const NOT_SETTINGS = ['settings'] as const;

/** The deployment block. */
export const DEPLOYMENT_KEYS = {
  updateMode: key({
    schema: z.enum(['off', 'notify', 'automatic']),
    title: 'Updates',
    description:
      'off: never update; notify: download in the background, tell the person, install when they quit; automatic: also install and restart in the maintenance window. Never while a visit or a dictation is in progress. Unset: notify for NSIS and DMG installs, off for MSI and PKG (MSI, deb and AppImage installs never update themselves: Linux updates come through your signed apt repository).',
    expect: 'must be off, notify or automatic',
    deniedLayers: NOT_SETTINGS,
    example: 'automatic',
  }),
  updateChannel: key({
    schema: z.enum(['stable', 'beta']),
    default: 'stable',
    title: 'Update channel',
    description:
      'stable reads latest.yml from the feed, beta reads beta.yml. Moving back to stable never downgrades: the installed beta stays until stable passes it.',
    expect: 'must be stable or beta',
    deniedLayers: NOT_SETTINGS,
    example: 'stable',
  }),
  updateFeedUrl: key({
    schema: feedUrl,
    title: 'Update feed',
    description:
      'The https:// folder the organization hosts with the installers and latest.yml/beta.yml from a release build. Without it the app never looks for updates.',
    expect: 'must be an https:// URL of the folder holding latest.yml',
    deniedLayers: NOT_SETTINGS,
    example: 'https://updates.example.org/scribe-desktop/',
  }),
  updateMaintenanceWindow: key({
    schema: maintenanceWindow,
    default: '02:00-05:00',
    title: 'Update maintenance window',
    description:
      'Local time range (HH:MM-HH:MM, may cross midnight) in which automatic updates install and restart the app, when no visit or dictation is in progress.',
    expect: 'must be a local time range such as 02:00-05:00',
    deniedLayers: NOT_SETTINGS,
    example: '02:00-05:00',
  }),
  auditRetentionDays: key({
    schema: z.number().int().min(1).max(3650),
    default: 365,
    title: 'Audit trail retention (days)',
    description:
      'Audit files whose newest record is older than this are deleted at start (whole files; the trail records where it then starts).',
    expect: 'must be a whole number of days from 1 to 3650',
    deniedLayers: NOT_SETTINGS,
    example: 365,
  }),
  auditFileMegabytes: key({
    schema: z.number().int().min(1).max(100),
    default: 10,
    title: 'Audit file size (MB)',
    description: 'The audit trail starts a new file once the current one reaches this size.',
    expect: 'must be a whole number of megabytes from 1 to 100',
    deniedLayers: NOT_SETTINGS,
    example: 10,
  }),
  auditSyslog: key({
    schema: syslogTarget,
    title: 'Audit trail syslog collector',
    description:
      "Each audit record is sent as it is written to this syslog collector (RFC 5424): udp://host[:514], tcp://host[:601] (octet counting) or tls://host[:6514] (RFC 5425, the certificate checked against the system CAs or auditSyslogCaFile). Each message carries the record's seq and hash, so the collector holds the chain's head and `scribe audit verify --collected FILE` finds a trail cut short or rebuilt.",
    expect: 'must be udp://, tcp:// or tls:// followed by a host and an optional port',
    deniedLayers: NOT_SETTINGS,
    example: 'tls://siem.example.org:6514',
  }),
  auditSyslogCaFile: key({
    schema: z.string().min(1),
    title: 'Audit syslog CA file',
    description:
      "A PEM file with the CA certificates that sign the tls:// collector's certificate, when it is not signed by one the system trusts.",
    expect: 'must be the path of a PEM file',
    deniedLayers: NOT_SETTINGS,
  }),
  auditOsLog: key({
    schema: z.boolean(),
    default: false,
    title: 'Audit trail to the OS log',
    description:
      'Each audit record is also written to the OS log as it is written: the system log through logger on Linux (journald or rsyslog, auth.notice, tag scribe-desktop), the unified log on macOS, the Application event log on Windows (source ScribeDesktop, event 100; the installer or an administrator registers the source).',
    expect: 'must be true or false',
    deniedLayers: NOT_SETTINGS,
    example: true,
  }),
};
