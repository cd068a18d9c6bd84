/**
 * Gathers the configuration inputs from the system (policy file or registry, settings file, environment,
 * flags) and resolves them. The only impure part of main/core/config besides the readers it calls.
 */
import { loadPolicy, type PolicyReaders } from './policy.ts';
import {
  makeProblem,
  resolveConfig,
  type ConfigLayerInput,
  type ConfigProblem,
  type ResolveResult,
} from './resolve-config.ts';
import { SettingsError, type SettingsStore } from './settings-store.ts';

/** What loadConfig reads; everything defaults to this process and machine. */
export interface LoadConfigOptions {
  flags?: Readonly<Record<string, unknown>>;
  env?: Readonly<Record<string, string | undefined>>;
  /** The user settings; none when omitted (e.g. a CLI run that must ignore them). */
  settings?: SettingsStore;
  platform?: NodeJS.Platform;
  policyReaders?: PolicyReaders;
  /**
   * The installed app (Electron's app.isPackaged, through the BuildKind port): the environment is ignored
   * unless the policy allows it, and SCRIBE_POLICY_FILE never moves the policy. Development and the CLI: false.
   */
  packaged?: boolean;
  /** The account name for macOS per-user managed preferences (this process's by default). */
  user?: string;
}

/** Loads and resolves the configuration; problems with the policy or settings file are listed as errors. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<ResolveResult> {
  const env = options.env ?? process.env;
  const errors: ConfigProblem[] = [];
  const packaged = options.packaged ?? false;
  const policy = await loadPolicy({
    env,
    packaged,
    ...(options.platform ? { platform: options.platform } : {}),
    ...(options.user ? { user: options.user } : {}),
    ...(options.policyReaders ? { readers: options.policyReaders } : {}),
  });
  if (!policy.ok) errors.push(policy.error);

  let settings: ConfigLayerInput | undefined;
  if (options.settings) {
    const origin = options.settings.origin;
    try {
      settings = { values: options.settings.read(), ...(origin ? { origin } : {}) };
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      const label = origin ? `user settings ${origin}` : 'user settings';
      errors.push(
        makeProblem(
          '',
          { layer: 'settings', label, ...(origin ? { origin } : {}) },
          'is not valid JSON (fix or delete the file)',
          { kind: 'file_not_json' },
        ),
      );
    }
  }

  const resolved = resolveConfig({
    env,
    packaged,
    ...(options.flags ? { flags: options.flags } : {}),
    ...(policy.ok && policy.policy ? { policy: policy.policy } : {}),
    ...(settings ? { settings } : {}),
  });
  if (errors.length === 0) return resolved;
  return { ok: false, errors: [...errors, ...(resolved.ok ? [] : resolved.errors)] };
}
