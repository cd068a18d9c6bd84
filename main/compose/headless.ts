/**
 * The headless composition: the app's features as the CLI (`scribe`, main/shells/cli) uses them, from the
 * same front doors as the app's composition root (composition-root.ts), without a window: the audit and
 * Texts features by their factories, the rest by their headless factories (`create<Name>Headless`, the feature's
 * `<name>-headless.ts`, its front door for a shell without a window). The CLI never opens a feature's internals: what it
 * needs of a feature comes from here.
 */
import { Emitter } from '../base/async/emitter.ts';
import type { SecretStore } from '../base/secrets/secret-store.ts';
import type { Config } from '../core/config/config-schema.ts';
import {
  createAuditFeature,
  type AuditFailure,
  type AuditLog,
  type AuditReading,
  type CliCommandEvent,
} from '../features/audit/audit-feature.ts';
import { createConnectionHeadless } from '../features/connection/connection-headless.ts';
import { createDictationHeadless } from '../features/dictation/dictation-headless.ts';
import { createNoteHeadless } from '../features/note/note-headless.ts';
import { createScheduleHeadless } from '../features/schedule/schedule-headless.ts';
import { createSettingsHeadless } from '../features/settings/settings-headless.ts';
import { createVisitHeadless } from '../features/visit/visit-headless.ts';

export type { AuditFailure, AuditRecord } from '../features/audit/audit-feature.ts';
/** The Texts feature (`scribe texts`): the same factory as the app's. */
export { createTextsFeature, type TextsService } from '../features/texts/texts-feature.ts';
export type {
  AppRule,
  InsertionResult,
  InsertMode,
  LineBreakRefusal,
  StreamingInsertion,
} from '../features/dictation/dictation-headless.ts';
export type { CustomizationLookup } from '../features/note/note-headless.ts';
export type { HeadlessVisit } from '../features/visit/visit-headless.ts';

/** What the CLI's commands use of the features, each part from its feature's headless factory. */
export const headless = {
  connection: createConnectionHeadless(),
  visit: createVisitHeadless(),
  dictation: createDictationHeadless(),
  note: createNoteHeadless(),
  settings: createSettingsHeadless(),
  schedule: createScheduleHeadless(),
} as const;

/** The CLI's audit trail: it hears the CLI's sessions as events, and `scribe audit` reads and verifies it. */
export interface CliAudit {
  readonly log: AuditLog;
  readonly reading: AuditReading;
  /** A session ended (transcribe, dictate, note, recover) with its exit code. */
  report(event: CliCommandEvent): void;
  /** The records reported are written and forwarded. */
  close(): Promise<void>;
}

/** Opens the installation's trail as the CLI does (nothing written at open). */
export async function openCliAudit(deps: {
  readonly dataDir: string;
  readonly config: Config;
  readonly secrets: SecretStore;
  readonly onDidFail: (failure: AuditFailure) => void;
}): Promise<CliAudit> {
  const sessions = new Emitter<CliCommandEvent>();
  const audit = await createAuditFeature({
    ...deps,
    via: 'cli',
    reports: { cli: { onDidReport: (listener) => sessions.on(listener) } },
  });
  return {
    log: audit.service,
    reading: audit.reading,
    report: (event) => sessions.emit(event),
    close: async () => audit.dispose?.(),
  };
}
