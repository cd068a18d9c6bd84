/**
 * The local OS log, where IT's agents already collect from (policy `auditOsLog`): each record through the
 * system's own tool, one at a time and in order. Thin on purpose: the OS does the forwarding.
 * - Linux: `logger` (util-linux), by its absolute path in a system folder (never from PATH), to the system log socket, i.e. journald or rsyslog (`auth.notice`, tag
 *   `scribe-desktop`).
 * - macOS: `/usr/bin/logger` to the unified log (`log show --predicate 'process == "logger"'`; the tag is
 *   in the message).
 * - Windows: ReportEventW to the Application log (source `ScribeDesktop`, event 100, Information), through
 *   native/win32/win32-event-log.ts: no process per record and no administrator needed (`eventcreate`,
 *   used before, exists only on Windows itself and wanted the source created by an administrator first).
 */
import { execFile } from 'node:child_process';
import { SerialQueue } from '../../base/async/serial.ts';
import { systemProgram } from '../../base/system-program.ts';
import { EVENT_TYPE, openEventLog, type EventLogSource } from '../../../native/win32/win32-event-log.ts';
import type { AuditForwarder } from './audit-forwarding.ts';

/** The Windows Event Log source and event id of every record. */
export const WINDOWS_EVENT_SOURCE = 'ScribeDesktop';
export const WINDOWS_EVENT_ID = 100;

/** The command that writes one record line to the OS log. */
function osLogCommand(
  platform: NodeJS.Platform,
  line: string,
  socket?: string,
): { file: string; args: string[] } | null {
  switch (platform) {
    case 'linux':
      return {
        file: systemProgram('logger'),
        args: [
          ...(socket ? ['--socket', socket] : []),
          '--size',
          '8192',
          '-t',
          'scribe-desktop',
          '-p',
          'auth.notice',
          '--',
          line,
        ],
      };
    case 'darwin':
      return { file: '/usr/bin/logger', args: ['-t', 'scribe-desktop', '-p', 'auth.notice', line] };
    default:
      return null;
  }
}

/**
 * Forwards each record to the OS log of `platform`. `socket` (Linux) names the log socket (tests point it at
 * their own receiver; the system's is the default). `onDidFail` is told once per failing run, by code.
 */
export function osLogForwarder(options: {
  platform?: NodeJS.Platform;
  socket?: string;
  onDidFail?: (code: string) => void;
  /** Opens the Windows Event Log source (tests give a fake; the real one is advapi32's). */
  openEventLog?: (source: string) => EventLogSource | undefined;
}): AuditForwarder | undefined {
  const platform = options.platform ?? process.platform;
  if (platform === 'win32') return eventLogForwarder(options.openEventLog ?? openEventLog, options.onDidFail);
  if (!osLogCommand(platform, '')) return undefined;
  const queue = new SerialQueue();
  let failed = false;
  const write = (line: string) =>
    new Promise<void>((resolve) => {
      const command = osLogCommand(platform, line, options.socket)!;
      execFile(command.file, command.args, { timeout: 10_000, windowsHide: true }, (error) => {
        if (error && !failed) options.onDidFail?.('os_log_failed');
        failed = Boolean(error);
        resolve();
      });
    });
  return {
    forward: (_record, line) => void queue.run(() => write(line)),
    close: () => queue.run(() => undefined),
  };
}

/** Windows: each record as one Information event; a refused record is reported once per failing run. */
function eventLogForwarder(
  open: (source: string) => EventLogSource | undefined,
  onDidFail?: (code: string) => void,
): AuditForwarder {
  let log: EventLogSource | undefined | null = null;
  let failed = false;
  return {
    forward: (_record, line) => {
      try {
        log ??= open(WINDOWS_EVENT_SOURCE);
        const ok = log?.report(line, EVENT_TYPE.information, WINDOWS_EVENT_ID) ?? false;
        if (!ok && !failed) onDidFail?.('os_log_failed');
        failed = !ok;
      } catch {
        // koffi or advapi32 missing: a broken install, never a reason to stop the trail on disk.
        if (!failed) onDidFail?.('os_log_failed');
        failed = true;
      }
    },
    close: async () => {
      log?.close();
      log = null;
    },
  };
}
