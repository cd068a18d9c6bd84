/**
 * The local OS log, where IT's agents already collect from (policy `auditOsLog`): each record through the
 * system's own tool, one at a time and in order. Thin on purpose: the OS does the forwarding.
 * - Linux: `logger` (util-linux) to the system log socket, i.e. journald or rsyslog (`auth.notice`, tag
 *   `scribe-desktop`).
 * - macOS: `/usr/bin/logger` to the unified log (`log show --predicate 'process == "logger"'`; the tag is
 *   in the message).
 * - Windows: `eventcreate` to the Application log (source `ScribeDesktop`, event 100). Windows lets only an
 *   administrator register a new event source: the installer (or IT, once: `eventcreate /SO ScribeDesktop
 *   /ID 1 /L APPLICATION /T INFORMATION /D init` as administrator) creates it; until then records stay on
 *   disk and in syslog only, and the failure is reported once by code.
 */
import { execFile } from 'node:child_process';
import { SerialQueue } from '../../base/async/serial.ts';
import type { AuditForwarder } from './audit-forwarding.ts';

/** The command that writes one record line to the OS log. */
function osLogCommand(
  platform: NodeJS.Platform,
  line: string,
  socket?: string,
): { file: string; args: string[] } | null {
  switch (platform) {
    case 'linux':
      return {
        file: 'logger',
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
    case 'win32':
      return {
        file: 'eventcreate',
        args: ['/L', 'APPLICATION', '/T', 'INFORMATION', '/SO', 'ScribeDesktop', '/ID', '100', '/D', line],
      };
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
}): AuditForwarder | undefined {
  const platform = options.platform ?? process.platform;
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
