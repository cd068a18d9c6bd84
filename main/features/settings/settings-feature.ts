/**
 * The settings feature's one factory: the settings service (the Settings screen), its IPC slice, and IT's
 * policy, which reports what it applies (the audit trail listens). It also offers the others the
 * clinician's preferences and where a server caller's note customization is kept.
 */
import { SerialQueue } from '../../base/async/serial.ts';
import { configSchema } from '../../core/config/config-schema.ts';
import { fixedConfig, type LiveConfigPort } from '../../core/config/live-config.ts';
import type { SettingsRecovery } from '../../core/config/settings-recovery.ts';
import type { SettingsStore } from '../../core/config/settings-store.ts';
import type { AudioInputs } from '../../core/audio/ports.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import type { Feature, Reporter } from '../../core/ipc/feature.ts';
import type { CoreAccess } from '../connection/ports.ts';
import { MemoryCustomizationStore } from './customization-store.ts';
import { createSettingsHandlers, type VocabularyAccess } from './handlers.ts';
import { readVocabulary, syncVocabulary } from './organization-vocabulary.ts';
import type { CustomizationStore, PolicyEvent, PreferenceStore } from './ports.ts';
import { SettingsPreferenceStore } from './preferences.ts';
import { SettingsPolicy } from './settings-policy.ts';
import { SettingsService } from './settings-service.ts';
import { createSettingsHeadless } from './settings-headless.ts';

export type { SettingsPolicy } from './settings-policy.ts';
export type { SettingsService } from './settings-service.ts';

export interface SettingsFeatureDeps {
  /** The connection's Core API (note settings, dot phrases, replacements live on the service). */
  readonly core: CoreAccess;
  readonly audio: AudioInputs;
  readonly emit: EmitEvent;
  /** The configuration as IT changes it while the app runs; nothing locked when omitted. */
  readonly live?: LiveConfigPort;
  /** The clinician's preferences: given (tests), or kept in the user settings file under the live policy. */
  readonly preferences:
    PreferenceStore | { readonly file: SettingsStore; readonly recovery?: SettingsRecovery };
  /** A server caller's note customization: in this data folder, or in memory when omitted. */
  readonly dataDir?: string;
  /** Who is signed in (the service and the clinician), for what IT's vocabulary list sent them; null: none. */
  readonly account?: () => string | null;
}

export interface SettingsFeature extends Feature<
  SettingsService,
  ReturnType<typeof createSettingsHandlers>,
  Reporter<PolicyEvent> & { applied(): PolicyEvent | null }
> {
  /** IT's policy, as enforced around the handlers (main/compose/policy-handlers.ts). */
  readonly policy: SettingsPolicy;
  readonly preferences: PreferenceStore;
  readonly customizations: CustomizationStore;
  /** Brings IT's vocabulary list into the signed-in clinician's replacements (at sign-in); never throws. */
  syncVocabulary(): Promise<void>;
}

export function createSettingsFeature(deps: SettingsFeatureDeps): SettingsFeature {
  const live = deps.live ?? fixedConfig({ config: configSchema.parse({}), locked: [] });
  const policy = new SettingsPolicy(live);
  const preferences =
    'get' in deps.preferences
      ? deps.preferences
      : new SettingsPreferenceStore(deps.preferences.file, () => live.current(), deps.preferences.recovery);
  const customizations = deps.dataDir
    ? createSettingsHeadless().savedCustomizations(deps.dataDir)
    : new MemoryCustomizationStore();
  const service = new SettingsService(deps.core, deps.audio, preferences, deps.emit, customizations);
  // One sync at a time: a sign-in and the Settings screen's list asking at once run one after the other.
  const syncs = new SerialQueue();
  const vocabulary: VocabularyAccess = {
    words: () => readVocabulary(live.current().config.dictationVocabularyFile),
    sync: (store) =>
      syncs.run(async () => {
        const account = deps.account?.();
        if (deps.dataDir && account)
          await syncVocabulary(deps.dataDir, account, store, await vocabulary.words());
      }),
  };
  return {
    service,
    handlers: createSettingsHandlers(service, deps.core, vocabulary),
    events: policy,
    policy,
    preferences,
    customizations,
    syncVocabulary: async () => {
      const core = deps.core.current();
      if (core?.caller === 'user') await vocabulary.sync(core.textReplacements()).catch(() => undefined);
    },
  };
}
