/**
 * Loads the configuration once and keeps it live: the composition root (and tests) call this, then hand
 * the LiveConfig to the services. Watches exactly the policy files and plists loadPolicy reads.
 */
import { LiveConfig, type Resolved } from './live-config.ts';
import { loadConfig, type LoadConfigOptions } from './load-config.ts';
import { loadConfigRecoveringSettings, type SettingsRecovery } from './settings-recovery.ts';
import { policyLocations } from './policy.ts';
import type { ConfigProblem } from './resolve-config.ts';

export interface StartLiveConfigOptions extends LoadConfigOptions {
  /** How often the policy is read again (the registry cannot be watched); a minute by default. */
  pollMs?: number;
  onDidFail?: (errors: readonly ConfigProblem[]) => void;
}

/** The live configuration (watching from now on; close() it at quit), or the problems of the first load. */
export async function startLiveConfig(
  options: StartLiveConfigOptions,
): Promise<
  | { ok: true; live: LiveConfig; resolved: Resolved; settingsRecovery?: SettingsRecovery }
  | { ok: false; errors: ConfigProblem[] }
> {
  const { pollMs, onDidFail, ...loadOptions } = options;
  // A corrupt or outdated settings file is kept as a backup and reset once, at start; policy stays fail-closed.
  const loaded = loadOptions.settings
    ? await loadConfigRecoveringSettings({ ...loadOptions, settings: loadOptions.settings })
    : await loadConfig(loadOptions);
  if (!loaded.ok) return loaded;
  const { settingsRecovery, ...first }: typeof loaded & { settingsRecovery?: SettingsRecovery } = loaded;
  const watchFiles = policyLocations({
    ...(options.platform ? { platform: options.platform } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.user ? { user: options.user } : {}),
    packaged: options.packaged ?? false,
  })
    .filter((location) => location.kind !== 'registry')
    .map((location) => (location as { path: string }).path);
  const live = new LiveConfig(first, {
    load: () => loadConfig(loadOptions),
    watchFiles,
    ...(pollMs !== undefined ? { pollMs } : {}),
    ...(onDidFail ? { onDidFail } : {}),
  });
  live.start();
  return { ok: true, live, resolved: first, ...(settingsRecovery ? { settingsRecovery } : {}) };
}
