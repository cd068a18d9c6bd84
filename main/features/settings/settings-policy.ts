/**
 * Locked keys enforced where they are used. A key set by the organization's policy (or, in development,
 * by the environment or a flag) cannot be changed from the window: handlers refuse the change with
 * `policy_locked` and a message naming the setting, a saved setting or connection never overrides it, and
 * the window is told what is locked and why (PolicyView).
 */
import type {
  Credentials,
  LockedSetting,
  PolicyView,
  Settings,
  SpeakerSetup,
} from '../../../preload/contract/index.ts';
import { envName, flagName, type Config, type ConfigKey } from '../../core/config/config-schema.ts';
import type { LiveConfigPort } from '../../core/config/live-config.ts';
import { KEYS, type KeySpec } from '../../core/config/policy-keys.ts';
import type { ConfigSource } from '../../core/config/resolve-config.ts';
import { Failure } from '../../base/failure.ts';
import type { LockableSetting } from '../../../preload/contract/index.ts';
import type { PolicyEvent } from './ports.ts';

/** The window's settings patch, by the configuration key each field is stored under. */
const PATCH_KEYS = {
  clinicianDeviceId: 'microphone',
  patientDeviceId: 'secondMicrophone',
  speechLocales: 'speechLocales',
  noteLocale: 'noteLocale',
  noteTemplateKey: 'noteTemplateKey',
  displayLanguage: 'displayLanguage',
} as const satisfies Record<string, ConfigKey>;

type Patch = { [K in keyof typeof PATCH_KEYS]?: unknown };

/** The policy as the app's handlers apply it. */
export class SettingsPolicy {
  readonly #live: LiveConfigPort;

  constructor(live: LiveConfigPort) {
    this.#live = live;
  }

  /** The policy in force as it is reported: the keys IT's policy sets, or null when it sets none. */
  applied(): PolicyEvent | null {
    const keys = Object.entries(this.#live.current().sources ?? {})
      .filter(([, source]) => source?.layer === 'policy')
      .map(([key]) => key);
    return keys.length > 0 ? { kind: 'policy_applied', keys } : null;
  }

  /** Told the policy in force after each change IT makes while the app runs; returns its remover. */
  onDidReport(listener: (event: PolicyEvent) => void): () => void {
    return this.#live.onDidChange(() => {
      const applied = this.applied();
      if (applied) listener(applied);
    });
  }

  /** The configuration in force. */
  config(): Config {
    return this.#live.current().config;
  }

  /** The value in force for a key when it is locked, else null. */
  locked<K extends ConfigKey>(key: K): { value: Config[K] } | null {
    const { config, locked } = this.#live.current();
    return locked.includes(key) ? { value: config[key] } : null;
  }

  /** What the window shows as locked. */
  view(): PolicyView {
    const { config, locked, sources } = this.#live.current();
    const managed = Object.values(sources).some((source) => source?.layer === 'policy');
    // The address is locked only when pinned: a policy address with allowUserServiceUrlChange is a default.
    const pinsUrl = config.serviceUrl !== undefined && !config.allowUserServiceUrlChange;
    return {
      managed,
      locked: locked
        // Policy-only switches (allowUserServiceUrlChange…) are not settings anyone could change anyway.
        .filter((key) => (key !== 'serviceUrl' || pinsUrl) && !isPolicySwitch(key))
        .map((key) => {
          const value = config[key];
          const shown = (KEYS[key] as KeySpec).hideValue || value === undefined ? null : display(value);
          return { key, value: shown, ...lockOrigin(key, sources[key]) };
        }),
    };
  }

  /** Refuses a settings change to a locked key (the same value as the locked one is no change). */
  checkSettingsPatch(patch: Patch): void {
    for (const [field, key] of Object.entries(PATCH_KEYS) as [keyof Patch, ConfigKey][]) {
      const wanted = patch[field];
      if (wanted === undefined) continue;
      const lock = this.locked(key);
      if (lock && display(wanted ?? '') !== display(lock.value ?? '')) this.#refuse(key);
    }
  }

  /** The Settings screen's values with the locked ones in force. */
  applyToSettings(settings: Settings): Settings {
    const note = (key: 'noteLocale' | 'noteTemplateKey', own: string | null) => {
      const lock = this.locked(key);
      return lock && lock.value !== undefined ? String(lock.value) : own;
    };
    return {
      ...settings,
      noteLocale: note('noteLocale', settings.noteLocale),
      noteTemplateKey: note('noteTemplateKey', settings.noteTemplateKey),
    };
  }

  /** Refuses a connection the policy does not allow: another address than the pinned one, another sign-in. */
  checkConnection(baseUrl: string, credentials: Credentials): void {
    const reason = this.connectionRefusal(baseUrl, credentials);
    if (reason) this.#refuse(reason);
  }

  /** Whether the policy allows connecting to this address (it pins none, or exactly this one). */
  allowsAddress(baseUrl: string): boolean {
    const { config } = this.#live.current();
    const pinned = this.locked('serviceUrl')?.value;
    return !pinned || config.allowUserServiceUrlChange || originOf(baseUrl) === pinned;
  }

  /** The key a connection would break, or null when the policy allows it. */
  connectionRefusal(baseUrl: string, credentials: Credentials): ConfigKey | null {
    if (!this.allowsAddress(baseUrl)) return 'serviceUrl';
    const method = this.locked('signInMethod')?.value;
    if (method && credentials.kind !== method) return 'signInMethod';
    const clientId = this.locked('clientId')?.value;
    if (clientId && credentials.kind === 'server' && credentials.clientId !== clientId) return 'clientId';
    return null;
  }

  /** Refuses a visit's languages or microphones when the policy fixes them. */
  checkVisit(request: { locales?: readonly string[]; speakers: SpeakerSetup }): void {
    const { speakers } = request;
    this.checkSettingsPatch({
      ...(request.locales ? { speechLocales: request.locales } : {}),
      ...(speakers.mode === 'single'
        ? { clinicianDeviceId: speakers.deviceId }
        : { clinicianDeviceId: speakers.clinicianDeviceId, patientDeviceId: speakers.patientDeviceId }),
    });
  }

  /** The note request with the policy's language and template in force, or a refusal of other ones. */
  applyToNote<R extends { templateKey: string | null; locale: string | null }>(request: R): R {
    const locale = this.locked('noteLocale')?.value;
    const template = this.locked('noteTemplateKey')?.value;
    if (locale && request.locale !== null && request.locale !== locale) this.#refuse('noteLocale');
    if (template && request.templateKey !== null && request.templateKey !== template)
      this.#refuse('noteTemplateKey');
    return { ...request, locale: locale ?? request.locale, templateKey: template ?? request.templateKey };
  }

  #refuse(key: ConfigKey): never {
    const { source } = lockOrigin(key, this.#live.current().sources[key]);
    throw new Failure('policy_locked', { setting: key as LockableSetting, source });
  }
}

/** Who locked a key: a launch variable or flag by name; otherwise the policy (or its allowUserServiceUrlChange switch). */
function lockOrigin(key: ConfigKey, source: ConfigSource | undefined): Pick<LockedSetting, 'source' | 'via'> {
  if (source?.layer === 'env') return { source: 'environment', via: envName(key) };
  if (source?.layer === 'flags') return { source: 'flags', via: flagName(key) };
  return { source: 'organization' };
}

function isPolicySwitch(key: ConfigKey): boolean {
  const denied = (KEYS[key] as KeySpec).deniedLayers ?? [];
  return denied.includes('settings') && denied.includes('env');
}

/**
 * A value as it crosses to the window: a list of plain values joined with ", "; a structured one (the
 * per-application rules, the microphone's buttons) as JSON, which the window words key by key, never
 * String()'s "[object Object]".
 */
function display(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.join(', ');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
