import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  osLogForwarder,
  WINDOWS_EVENT_ID,
  WINDOWS_EVENT_SOURCE,
} from '../../../../main/features/audit/os-log.ts';
import type { EventLogSource } from '../../../../native/win32/win32-event-log.ts';
import type { AuditRecord } from '../../../../main/features/audit/audit-events.ts';
import { systemProgram } from '../../../../main/base/system-program.ts';

/** A stand-in for advapi32's event source: records what ReportEventW would get; `accept` says what it returns. */
function fakeEventLog(accept: () => boolean) {
  const opened: string[] = [];
  const reports: { text: string; type: number; eventId: number }[] = [];
  let closed = 0;
  const open = (source: string): EventLogSource => {
    opened.push(source);
    return {
      report: (text, type, eventId) => (reports.push({ text, type, eventId }), accept()),
      close: () => void closed++,
    };
  };
  return { open, opened, reports, closed: () => closed };
}

const record = {} as AuditRecord;

describe('the Windows Event Log adapter', () => {
  it('writes each record as one Information event 100 of source ScribeDesktop, opened once', async () => {
    const log = fakeEventLog(() => true);
    const failures: string[] = [];
    const forwarder = osLogForwarder({
      platform: 'win32',
      openEventLog: log.open,
      onDidFail: (code) => failures.push(code),
    })!;
    forwarder.forward(record, '{"seq":1}');
    forwarder.forward(record, '{"seq":2}');
    await forwarder.close();
    expect(log.opened).toEqual([WINDOWS_EVENT_SOURCE]);
    expect(WINDOWS_EVENT_SOURCE).toBe('ScribeDesktop');
    expect(log.reports).toEqual([
      { text: '{"seq":1}', type: 0x4, eventId: WINDOWS_EVENT_ID },
      { text: '{"seq":2}', type: 0x4, eventId: WINDOWS_EVENT_ID },
    ]);
    expect(WINDOWS_EVENT_ID).toBe(100);
    expect(failures).toEqual([]);
    expect(log.closed()).toBe(1);
  });

  it('says once per failing run that Windows refused a record, and again after one went through', async () => {
    const answers = [false, false, true, false];
    const log = fakeEventLog(() => answers.shift() ?? true);
    const failures: string[] = [];
    const forwarder = osLogForwarder({
      platform: 'win32',
      openEventLog: log.open,
      onDidFail: (c) => failures.push(c),
    })!;
    for (let i = 0; i < 4; i++) forwarder.forward(record, `{"seq":${i}}`);
    expect(failures).toEqual(['os_log_failed', 'os_log_failed']);
    await forwarder.close();
  });

  it('never throws into the trail when the binding itself fails', () => {
    const failures: string[] = [];
    const forwarder = osLogForwarder({
      platform: 'win32',
      openEventLog: () => {
        throw new Error('advapi32 missing');
      },
      onDidFail: (c) => failures.push(c),
    })!;
    expect(() => forwarder.forward(record, '{}')).not.toThrow();
    expect(failures).toEqual(['os_log_failed']);
  });
});

describe('the Linux OS log', () => {
  it.runIf(process.platform === 'linux')(
    'runs the system logger by its absolute path, never a `logger` planted on PATH or in the current folder',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'planted-logger-'));
      const marker = join(dir, 'planted-ran');
      const planted = join(dir, 'logger');
      writeFileSync(planted, `#!/bin/sh\necho "$@" > '${marker}'\n`, { mode: 0o755 });
      const saved = { path: process.env.PATH, cwd: process.cwd() };
      process.env.PATH = `${dir}:.:${saved.path ?? ''}`;
      process.chdir(dir);
      try {
        const forwarder = osLogForwarder({ platform: 'linux', socket: join(dir, 'no-such-socket') })!;
        forwarder.forward(record, '{"seq":1}');
        await forwarder.close();
        expect(existsSync(marker)).toBe(false);
        expect(systemProgram('logger')).toMatch(/^\/(usr\/)?bin\/logger$/);
      } finally {
        process.env.PATH = saved.path;
        process.chdir(saved.cwd);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
