/**
 * The audit trail's Windows Event Log adapter for real: main/features/audit/os-log.ts over
 * native/win32/win32-event-log.ts (advapi32's RegisterEventSourceW / ReportEventW) under Wine. Wine keeps no
 * event log to read back (OpenEventLogW and ReadEventLogW are stubs), but its ReportEventW prints each
 * record's insertion string to its `eventlog` debug channel: run.sh turns that channel on for this file
 * (information events as `trace:`, warnings as `warn:`, errors as `err:`), and the test reads the records
 * back from its own stderr file, in order, text intact.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { osLogForwarder } from '../../main/features/audit/os-log.ts';
import type { AuditRecord } from '../../main/features/audit/audit-events.ts';

/** Wine's debugstr_w: `\` and `"` escaped, non-ASCII as `\xxxx` (four hex digits). */
function wineDebugString(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch === '\\' || ch === '"') return `\\${ch}`;
      return code > 126 || code < 32 ? `\\${code.toString(16).padStart(4, '0')}` : ch;
    })
    .join('');
}

/** The records Wine's ReportEventW received so far in this process (its debug output on our stderr). */
function reported(): { level: string; text: string }[] {
  const file = join(process.env.WINDOWS_LANE_OUT ?? '', 'event-log.stderr');
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .flatMap((line) => {
      const m = /:(trace|warn|err):eventlog:ReportEventW (L".*")$/.exec(line);
      return m ? [{ level: m[1]!, text: m[2]! }] : [];
    });
}

describe('the audit trail forwarded to the Windows Event Log', () => {
  it('writes each record, in order, as an Information event through ReportEventW', async (t) => {
    if (!process.env.WINDOWS_LANE_OUT)
      return t.skip("run by test/windows/run.sh, which captures Wine's eventlog channel");
    const failures: string[] = [];
    const forwarder = osLogForwarder({ onDidFail: (code) => failures.push(code) });
    assert.ok(forwarder, 'Windows has an OS log adapter');
    const id = randomUUID();
    const lines = [1, 2].map((seq) =>
      JSON.stringify({ seq, kind: 'dictation.inserted', id, user: 'Zoë Müller-Ørsted', hash: `h${seq}` }),
    );
    for (const line of lines) forwarder.forward({} as AuditRecord, line);
    await forwarder.close();
    assert.deepEqual(failures, [], 'ReportEventW accepted every record');
    const ours = reported().filter((r) => r.text.includes(id));
    assert.deepEqual(
      ours.map((r) => r.text),
      lines.map((l) => `L"${wineDebugString(l)}"`),
      'each record once, in order, its text intact',
    );
    assert.deepEqual(
      ours.map((r) => r.level),
      ['trace', 'trace'],
      'Information events (Wine prints warnings as warn:, errors as err:)',
    );
  });
});
