/**
 * The Windows Event Log through advapi32 (RegisterEventSourceW / ReportEventW / DeregisterEventSource), the
 * place IT's agents collect from. Called directly rather than through `eventcreate.exe`: no process per
 * record, and no administrator needed (an event source that no installer registered still writes to the
 * Application log; the Event Viewer then prefixes "The description for Event ID … cannot be found" and shows
 * our text as the event's one insertion string).
 *
 * Ran under Wine in the Windows lane (test/windows/event-log.test.ts): Wine's ReportEventW accepts the
 * record and prints it to its debug channel, but keeps no log to read back (ReadEventLogW is a stub there).
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';
import { stdcall } from './win32-api.ts';

/** EVENTLOG_*_TYPE: the record's level. */
export const EVENT_TYPE = { error: 0x1, warning: 0x2, information: 0x4 } as const;

/** One source in the Windows Event Log. */
export interface EventLogSource {
  /** Writes one record with `text` as its only insertion string; false when Windows refused it. */
  report(text: string, type: number, eventId: number): boolean;
  close(): void;
}

/** Longest insertion string ReportEventW takes (31,839 characters); longer text is cut, saying so. */
const MAX_STRING = 31_839;

/** Opens `source` on the local machine (Windows only); undefined when Windows refuses the handle. */
export function openEventLog(source: string): EventLogSource | undefined {
  const b = (bound ??= bind());
  const handle = b.RegisterEventSourceW(null, source);
  if (!handle) return undefined;
  let open = true;
  return {
    report: (text, type, eventId) => {
      if (!open) return false;
      const fitted = text.length > MAX_STRING ? `${text.slice(0, MAX_STRING - 1)}…` : text;
      return b.ReportEventW(handle, type, 0, eventId, null, 1, 0, [fitted], null) !== 0;
    },
    close: () => {
      if (open) b.DeregisterEventSource(handle);
      open = false;
    },
  };
}

let bound: ReturnType<typeof bind> | undefined;

function bind() {
  const koffi = loadNative<typeof Koffi>('koffi');
  const advapi32 = koffi.load('advapi32.dll');
  const a = (p: string) => advapi32.func(stdcall(p));
  return {
    RegisterEventSourceW: a('void *RegisterEventSourceW(const char16_t *server, const char16_t *source)'),
    ReportEventW: a(
      'int ReportEventW(void *log, uint16_t type, uint16_t category, uint32_t id, void *sid, uint16_t count, uint32_t size, const char16_t **strings, void *data)',
    ),
    DeregisterEventSource: a('int DeregisterEventSource(void *log)'),
  };
}
