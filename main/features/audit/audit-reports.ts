/**
 * The audit trail listens to what the features report: each sign-in and sign-out, the policy applied, each
 * step of a visit, each note written or copied, each appointment linked, instructions sent, tasks made or
 * appointment finalized, each dictation inserted, an update refused, each CLI session — whatever started it
 * (the window, the tray, quitting, a policy change, a command), since the features and the CLI report it
 * themselves. Wired once, by the composition root (the app's and the CLI's, main/compose/). The events carry codes, counts, ids and key names only; the trail's schema
 * (audit-events.ts) refuses anything else before it is written.
 */
import type { SignInEvent } from '../connection/ports.ts';
import type { DictationEvent } from '../dictation/ports.ts';
import type { NoteEvent } from '../note/ports.ts';
import type { ScheduleEvent } from '../schedule/ports.ts';
import type { PolicyEvent } from '../settings/ports.ts';
import type { VisitEvent } from '../visit/ports.ts';
import type { UpdateRefusedEvent } from '../updates/ports.ts';
import type { AuditEvent } from './audit-events.ts';
import type { AuditLog } from './audit-log.ts';

/** A feature's service as the trail listens to it. */
interface Reporter<T> {
  onDidReport(listener: (event: T) => void): () => void;
}

/** A CLI session (transcribe, dictate, note, recover) and how it ended, as the CLI reports it. */
export type CliCommandEvent = Extract<AuditEvent, { kind: 'cli_command' }>;

/** The features whose reports the trail records (the CLI's trail: its sessions only). */
export interface ReportingFeatures {
  /** The policy, also asked for the one in force when the trail starts listening (at start-up). */
  readonly policy: Reporter<PolicyEvent> & { applied(): PolicyEvent | null };
  readonly connections: Reporter<SignInEvent>;
  readonly visit: Reporter<VisitEvent>;
  readonly notes: Reporter<NoteEvent>;
  /** The clinician's day: links, instructions sent, tasks, finalized (codes and counts only). */
  readonly schedule: Reporter<ScheduleEvent>;
  /** None where the shell offers no dictation. */
  readonly dictation: Reporter<DictationEvent> | null;
  /** Installers refused (the Electron app's updates). */
  readonly updates?: Reporter<UpdateRefusedEvent>;
}

/** What the CLI's trail records: its sessions. */
export interface ReportingCli {
  readonly cli: Reporter<CliCommandEvent>;
}

/**
 * Records what the features report from now on, starting with the policy in force. Records are queued in
 * the order reported (AuditLog.settled() waits for them); a trail that cannot be written never stops a
 * feature (AuditLog.record never rejects).
 */
export function recordReports(audit: AuditLog, features: ReportingFeatures): void {
  const record = (event: AuditEvent): void => void audit.record(event);
  const policy = (event: PolicyEvent): void => record({ kind: event.kind, keys: [...event.keys] });
  const applied = features.policy.applied();
  if (applied) policy(applied);
  features.policy.onDidReport(policy);
  features.connections.onDidReport(record);
  features.visit.onDidReport(record);
  features.notes.onDidReport(record);
  features.schedule.onDidReport(record);
  features.dictation?.onDidReport((event) => record({ ...event, into: processName(event.into) }));
  features.updates?.onDidReport(record);
}

/** Records the CLI's sessions as it reports them. */
export function recordCliReports(audit: AuditLog, reports: ReportingCli): void {
  reports.cli.onDidReport((event) => void audit.record(event));
}

/** An application name as the trail takes it (letters, digits and a few signs, at most 80). */
function processName(appName: string): string {
  const cleaned = appName.replace(/[^A-Za-z0-9 ._+()-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return cleaned.slice(0, 80) || 'unknown';
}
