/**
 * A DictationService over scripted sessions and fakes, for the undo and hotkey tests: F9 toggles, the undo,
 * field and flag keys are set (Alt+Shift+F9, Control+F9, Control+Shift+F9, F8, Shift+F8), every shortcut
 * registers, voice commands are on. What a test passes replaces the default.
 */
import { parseChord } from '../../../../main/base/chords/chord.ts';
import { AuditLog } from '../../../../main/features/audit/audit-log.ts';
import { recordReports } from '../../../../main/features/audit/audit-reports.ts';
import { DictationService } from '../../../../main/features/dictation/dictation-service.ts';
import type { DictationServiceOptions } from '../../../../main/features/dictation/dictation-service-options.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import { FakeKeyHook } from '../../../../native/key-hook.fake.ts';
import { FakeSecureInput } from '../../../../native/secure-input.ts';
import { endlessMicrophone } from './scripted-session.ts';

export function scriptedDictationService(
  options: Partial<DictationServiceOptions> & Pick<DictationServiceOptions, 'open'>,
): DictationService {
  return new DictationService({
    hook: new FakeKeyHook(),
    shortcuts: { register: () => true, unregister: () => undefined },
    platform: 'win32',
    accessibility: () => 'not-needed',
    secureInput: new FakeSecureInput(),
    settings: {
      choice: () => ({
        mode: 'toggle',
        toggle: parseChord('F9'),
        hold: parseChord('Control+Super'),
        cancel: parseChord('Shift+F9'),
        undo: parseChord('Alt+Shift+F9'),
        nextField: parseChord('Control+F9'),
        previousField: parseChord('Control+Shift+F9'),
        keepFlag: parseChord('F8'),
        fixFlag: parseChord('Shift+F8'),
      }),
      get: () => ({ commands: true, locale: 'ENGLISH_US' }),
      locked: () => [],
    } as never,
    history: { add: async () => null, list: () => [] } as never,
    clipboard: { writeText: async () => ({ transient: true }) },
    microphone: endlessMicrophone(),
    lock: { holder: () => null, acquire: () => true, release: () => undefined },
    inserter: new FakeInserter(),
    overlay: { show: () => undefined },
    ...options,
  });
}

/** The audit trail records what the dictation service reports (and nothing else reports). */
export function auditDictation(audit: AuditLog, dictation: DictationService): void {
  const silent = { onDidReport: () => () => undefined };
  recordReports(audit, {
    policy: { ...silent, applied: () => null },
    connections: silent,
    visit: silent,
    notes: silent,
    schedule: silent,
    dictation,
  });
}

/** The audit trail in `dir` as the app writes it (version 1.0.0, account "a"), for a test to read back. */
export const trailIn = (dir: string): AuditLog =>
  new AuditLog({ dir, source: { via: 'app', version: '1.0.0' }, who: () => ({ account: 'a' }) });

/** A FakeInserter whose target is Word. */
export function wordInserter(): FakeInserter {
  const inserter = new FakeInserter();
  inserter.target = { appName: 'winword.exe' };
  return inserter;
}
