/**
 * The app starts whatever its own settings file holds: a file that is not JSON, or holds keys or values
 * this version does not accept (an older or newer version wrote it, a hand edit), is copied to a backup
 * beside it (mode 0600, written durably) and reset (a corrupt file entirely; otherwise only the refused
 * keys), and the person is told. IT's policy is never treated this way: a bad policy still stops the app
 * (fail-closed), as do bad flags or environment.
 */
import { readFile, rm } from 'node:fs/promises';
import { NOTICE_KEY, type SettingsProblem } from '../../../preload/contract/index.ts';
import { writeFileAtomic } from '../../base/files/atomic-file.ts';
import { CONFIG_KEYS, USER_SETTING_KEYS } from './config-schema.ts';
import { loadConfig, type LoadConfigOptions } from './load-config.ts';
import type { ConfigProblem, ResolveResult } from './resolve-config.ts';
import type { SettingsStore, UserSettingKey } from './settings-store.ts';

/** What was done to the settings file. Problems name keys and rules, never values. */
export interface SettingsRecovery {
  /** Where the old file was kept (undefined when there was no file to keep). */
  backup: string | undefined;
  problems: string[];
  /** The settings file, and each problem as its key and why it was reset (for the Settings screen). */
  file: string | undefined;
  rules: { key: string; rule: SettingsProblem }[];
}

export type RecoveringResult = ResolveResult & { settingsRecovery?: SettingsRecovery };

/** loadConfig with the user settings file repaired (backup + reset) when only it is at fault. */
export async function loadConfigRecoveringSettings(
  options: LoadConfigOptions & { settings: SettingsStore; now?: () => Date },
): Promise<RecoveringResult> {
  const first = await loadConfig(options);
  if (first.ok) return first;
  const problems = first.errors.filter((e) => e.source.layer === 'settings');
  if (problems.length === 0) return first;
  const backup = await backUp(options.settings.origin, (options.now ?? (() => new Date()))());
  await reset(options.settings, problems);
  const settingsRecovery = {
    backup,
    problems: problems.map((p) => p.message),
    file: options.settings.origin,
    rules: problems.map(({ key }) => ({ key: NOTICE_KEY.test(key) ? key : '', rule: problemOf(key) })),
  };
  return { ...(await loadConfig(options)), settingsRecovery };
}

/**
 * Why the settings layer refused a key, from the key alone: '' is the file itself (not JSON); a key the
 * configuration does not know; one a person may not set in the file; else its value.
 */
function problemOf(key: string): SettingsProblem {
  if (key === '') return 'not_json';
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) return 'unknown_setting';
  if (!(USER_SETTING_KEYS as readonly string[]).includes(key)) return 'not_user_setting';
  return 'value_refused';
}

/** The settings file as it was, beside it: `settings.backup-<time>.json`. */
async function backUp(origin: string | undefined, now: Date): Promise<string | undefined> {
  if (!origin) return undefined;
  const bytes = await readFile(origin).catch(() => undefined);
  if (!bytes) return undefined;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const backup = `${origin.replace(/\.json$/, '')}.backup-${stamp}.json`;
  await writeFileAtomic(backup, bytes, { mode: 0o600 });
  return backup;
}

async function reset(settings: SettingsStore, problems: readonly ConfigProblem[]): Promise<void> {
  // A problem without a key is the file itself (not JSON): it goes; conf starts an empty one.
  if (problems.some((p) => p.key === '')) {
    if (settings.origin) await rm(settings.origin, { force: true });
    settings.reset();
    return;
  }
  settings.reset(problems.map((p) => p.key as UserSettingKey));
}
