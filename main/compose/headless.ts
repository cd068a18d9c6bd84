/**
 * The headless composition: the app's features as the CLI (`scribe`, main/shells/cli) uses them, built by
 * the same factories as the app's composition root (composition-root.ts), without a window. The CLI never
 * opens a feature's internals: what it needs of a feature comes from here.
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

export type { AuditFailure, AuditRecord } from '../features/audit/audit-feature.ts';
/** The Texts feature (`scribe texts`): the same factory as the app's. */
export { createTextsFeature, type TextsService } from '../features/texts/texts-feature.ts';

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
