/**
 * The configuration keys: one zod schema per key (the single source of truth for validation, defaults, the
 * Config type and the user-settings type), plus where each key may come from.
 */
import { posix, win32 } from 'node:path';
import { z } from 'zod';
import { checkBaseUrl } from '../api/base-url.ts';
import { checkSpeechLocales, LIMITS, LimitError } from '../api/limits.ts';
import { PROTOCOL } from '../api/protocol.ts';
import { DICTATION_LOCALES, NOTE_LOCALES, SPEECH_LOCALES } from '../api/schemas/common.ts';
import { DICTATION_DEFAULTS, DICTATION_FIELD_SCHEMAS, DICTATION_KEY_INFO } from './dictation-keys.ts';

/** Where a value can come from, highest precedence first. */
export const CONFIG_LAYERS = ['flags', 'env', 'policy', 'settings', 'default'] as const;
/** One of CONFIG_LAYERS. */
export type ConfigLayer = (typeof CONFIG_LAYERS)[number];

const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
/** Log verbosity. */
export type LogLevel = (typeof LOG_LEVELS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

const serviceUrl = z.string().transform((raw, ctx) => {
  const check = checkBaseUrl(raw);
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.reason });
    return z.NEVER;
  }
  return check.url.origin;
});

const speechLocales = z.array(z.enum(SPEECH_LOCALES)).superRefine((locales, ctx) => {
  try {
    checkSpeechLocales(locales);
  } catch (error) {
    if (!(error instanceof LimitError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
  }
});

/** Each key's schema, without defaults (the user-settings schema reuses them). */
export const FIELD_SCHEMAS = {
  serviceUrl,
  apiVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  clientId: text(256),
  privateKeyFile: text(4096),
  keyId: text(256),
  userExternalId: text(LIMITS.externalIdChars),
  speechLocales,
  noteLocale: z.enum(NOTE_LOCALES),
  noteTemplateKey: text(256),
  dictationLocale: z.enum(DICTATION_LOCALES),
  microphone: text(512),
  secondMicrophone: text(512),
  // Bounded because the journal holds audio and transcript of a visit: a week at most, a day by default.
  journalRetentionHours: z.number().int().min(1).max(168),
  journalDir: text(4096).refine((dir) => posix.isAbsolute(dir) || win32.isAbsolute(dir), {
    message: 'must be an absolute folder path',
  }),
  logLevel: z.enum(LOG_LEVELS),
  allowUserServiceUrlChange: z.boolean(),
  // --- dictation anywhere: hotkeys, mode, insertion, per-app rules, history (main/config/dictation-keys.ts)
  ...DICTATION_FIELD_SCHEMAS,
} as const;

/** A configuration key. */
export type ConfigKey = keyof typeof FIELD_SCHEMAS;
/** Every configuration key, in a stable order. */
export const CONFIG_KEYS = Object.keys(FIELD_SCHEMAS) as ConfigKey[];

/** The resolved configuration: defaults are applied here, and only here. */
export const configSchema = z.object({
  serviceUrl: FIELD_SCHEMAS.serviceUrl.optional(),
  apiVersion: FIELD_SCHEMAS.apiVersion.default(PROTOCOL.apiVersion),
  clientId: FIELD_SCHEMAS.clientId.optional(),
  privateKeyFile: FIELD_SCHEMAS.privateKeyFile.optional(),
  keyId: FIELD_SCHEMAS.keyId.optional(),
  userExternalId: FIELD_SCHEMAS.userExternalId.optional(),
  speechLocales: FIELD_SCHEMAS.speechLocales.default(['ENGLISH_US']),
  noteLocale: FIELD_SCHEMAS.noteLocale.default('ENGLISH_US'),
  noteTemplateKey: FIELD_SCHEMAS.noteTemplateKey.optional(),
  dictationLocale: FIELD_SCHEMAS.dictationLocale.default('ENGLISH_US'),
  microphone: FIELD_SCHEMAS.microphone.optional(),
  secondMicrophone: FIELD_SCHEMAS.secondMicrophone.optional(),
  journalRetentionHours: FIELD_SCHEMAS.journalRetentionHours.default(24),
  journalDir: FIELD_SCHEMAS.journalDir.optional(),
  logLevel: FIELD_SCHEMAS.logLevel.default('info'),
  allowUserServiceUrlChange: FIELD_SCHEMAS.allowUserServiceUrlChange.default(true),
  // --- dictation anywhere
  dictationMode: FIELD_SCHEMAS.dictationMode.default(DICTATION_DEFAULTS.dictationMode),
  dictationToggleKey: FIELD_SCHEMAS.dictationToggleKey.default(DICTATION_DEFAULTS.dictationToggleKey),
  dictationHoldKey: FIELD_SCHEMAS.dictationHoldKey.default(DICTATION_DEFAULTS.dictationHoldKey),
  dictationCancelKey: FIELD_SCHEMAS.dictationCancelKey.default(DICTATION_DEFAULTS.dictationCancelKey),
  dictationInsertMode: FIELD_SCHEMAS.dictationInsertMode.default(DICTATION_DEFAULTS.dictationInsertMode),
  dictationAppRules: FIELD_SCHEMAS.dictationAppRules.default([]),
  dictationHistoryHours: FIELD_SCHEMAS.dictationHistoryHours.default(
    DICTATION_DEFAULTS.dictationHistoryHours,
  ),
});
/** The resolved configuration. */
export type Config = z.output<typeof configSchema>;

/** How a value written as text (environment, flags, registry) is read. */
type TextForm = 'text' | 'list' | 'int' | 'bool';

interface KeyInfo {
  form: TextForm;
  /** Environment variable, if the key may come from the environment. */
  env?: string;
  /** What the value must look like, said after "<key> from <source>: ". */
  expect: string;
  /** Layers the key may NOT come from. */
  deniedLayers?: readonly ConfigLayer[];
}

const SPEECH_EXAMPLE = 'speech locales such as ENGLISH_US or ENGLISH_US,SPANISH_MX';

/** Per-key facts: environment name, text form, and what a valid value looks like. */
export const KEY_INFO: Readonly<Record<ConfigKey, KeyInfo>> = {
  serviceUrl: {
    form: 'text',
    env: 'SCRIBE_SERVICE_URL',
    expect: 'must be a URL such as https://us.api.example.com',
  },
  apiVersion: {
    form: 'text',
    env: 'SCRIBE_API_VERSION',
    expect: `must be a date such as ${PROTOCOL.apiVersion}`,
    // Which protocol version the app speaks is not a personal preference.
    deniedLayers: ['settings'],
  },
  clientId: { form: 'text', env: 'SCRIBE_CLIENT_ID', expect: 'must be 1-256 characters' },
  privateKeyFile: { form: 'text', env: 'SCRIBE_PRIVATE_KEY_FILE', expect: 'must be a file path' },
  keyId: { form: 'text', env: 'SCRIBE_KEY_ID', expect: 'must be 1-256 characters' },
  userExternalId: {
    form: 'text',
    env: 'SCRIBE_USER_EXTERNAL_ID',
    expect: `must be 1-${LIMITS.externalIdChars} characters`,
  },
  speechLocales: {
    form: 'list',
    env: 'SCRIBE_SPEECH_LOCALES',
    expect: `must be one or two ${SPEECH_EXAMPLE}`,
  },
  noteLocale: {
    form: 'text',
    env: 'SCRIBE_NOTE_LOCALE',
    expect: `must be one of ${NOTE_LOCALES.join(', ')}`,
  },
  noteTemplateKey: {
    form: 'text',
    env: 'SCRIBE_NOTE_TEMPLATE_KEY',
    expect: 'must be a template key (1-256 characters)',
  },
  dictationLocale: {
    form: 'text',
    env: 'SCRIBE_DICTATION_LOCALE',
    expect: `must be one of ${DICTATION_LOCALES.join(', ')}`,
  },
  microphone: { form: 'text', env: 'SCRIBE_MICROPHONE', expect: 'must be a device name' },
  secondMicrophone: { form: 'text', env: 'SCRIBE_SECOND_MICROPHONE', expect: 'must be a device name' },
  journalRetentionHours: {
    form: 'int',
    env: 'SCRIBE_JOURNAL_RETENTION_HOURS',
    expect: 'must be a whole number of hours from 1 to 168',
  },
  journalDir: {
    form: 'text',
    env: 'SCRIBE_JOURNAL_DIR',
    expect: 'must be an absolute folder path',
    // Where unfinished visits' audio is kept is the organization's decision, not a personal preference.
    deniedLayers: ['settings'],
  },
  logLevel: { form: 'text', env: 'SCRIBE_LOG_LEVEL', expect: `must be one of ${LOG_LEVELS.join(', ')}` },
  allowUserServiceUrlChange: {
    form: 'bool',
    expect: 'must be true or false',
    // An organization's lock: only the managed policy sets it.
    deniedLayers: ['flags', 'env', 'settings'],
  },
  // --- dictation anywhere
  ...DICTATION_KEY_INFO,
};

/** Keys a person may set in the app's own settings. */
export const USER_SETTING_KEYS = CONFIG_KEYS.filter(
  (key) => !KEY_INFO[key].deniedLayers?.includes('settings'),
);

/** The command-line flag for a key: `serviceUrl` -> `--service-url`. */
export function flagName(key: ConfigKey): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Reads a value written as text (or a 0/1 boolean) in the key's form; anything else is returned as is for zod to judge. */
export function fromText(key: ConfigKey, value: unknown): unknown {
  // Registry DWORDs and JSON numbers 0/1 are how policy tools write booleans.
  if (KEY_INFO[key].form === 'bool' && (value === 0 || value === 1)) return value === 1;
  if (typeof value !== 'string') return value;
  const raw = value.trim();
  switch (KEY_INFO[key].form) {
    case 'text':
      return value;
    case 'list':
      return raw === '' ? [] : raw.split(',').map((item) => item.trim());
    case 'int':
      return /^\d+$/.test(raw) ? Number(raw) : value;
    case 'bool':
      return /^(true|1|yes)$/i.test(raw) ? true : /^(false|0|no)$/i.test(raw) ? false : value;
    default: {
      const exhaustive: never = KEY_INFO[key].form;
      return exhaustive;
    }
  }
}
