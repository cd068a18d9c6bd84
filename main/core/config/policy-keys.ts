/**
 * THE ONE SCHEMA of every configuration and policy key. Validation, defaults, the Config type, the user
 * settings, environment names, what the window shows as locked, the Windows ADMX/ADML templates, the macOS
 * `.mobileconfig` sample, the sample policy.json and the README's policy reference are all derived from it.
 *
 * How to add a key (a one-place change):
 *   1. Add one entry `myKey: key({...})` to the block that owns it below (or a new block, spread into KEYS).
 *      `schema` validates it (zod; enums and number ranges become the ADMX choices), `default` (if any)
 *      applies when no layer sets it, `title`/`description` are what IT reads, `expect` says what a valid
 *      value looks like in an error, `deniedLayers` lists where it may NOT come from (`['flags', 'env',
 *      'settings']` = policy only), `platforms` where it applies, `example` goes into the sample policies.
 *   2. Run `npm run policy:generate` and commit the regenerated templates and README table
 *      (test/unit/core/config/policy-artifacts.test.ts fails while they are stale).
 *   3. Read it where it is used from the resolved Config (`config.myKey`); the SettingsPolicy says whether it
 *      is locked. The environment variable is `SCRIBE_` + the key in capitals (`myKey` → `SCRIBE_MY_KEY`).
 * A capability with many keys keeps them in a block of its own (e.g. `SIGN_IN_KEYS` in sign-in-keys.ts,
 * `DICTATION_KEYS`, `UPDATE_KEYS`): a file exporting `{ name: key({...}) }` (`key` from policy-keys-core.ts),
 * spread into KEYS at the bottom of this file. A block already written as separate maps (schemas, KEY_INFO-
 * style facts, defaults) joins with `...keysFromBlock({schemas, info, defaults, docs})` (policy-keys-core.ts).
 */
import { posix, win32 } from 'node:path';
import { z } from 'zod';
import { checkBaseUrl } from '../api/base-url.ts';
import { checkSpeechLocales, LIMITS, LimitError } from '../api/limits.ts';
import { PROTOCOL } from '../api/protocol.ts';
import { DICTATION_LOCALES, NOTE_LOCALES, SPEECH_LOCALES } from '../api/schemas/common.ts';
import { CredentialsSchema, DISPLAY_LANGUAGES } from '../../../preload/contract/index.ts';
import { key } from './policy-keys-core.ts';
import { SIGN_IN_KEYS } from './sign-in-keys.ts';
import { DICTATION_KEYS } from './dictation-keys.ts';
import { DEPLOYMENT_KEYS } from './deployment-keys.ts';

export { PLATFORMS, type ConfigLayer, type KeySpec } from './policy-keys-core.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
/** Log verbosity. */
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The ways to sign in; the Connect screen's choices (CredentialsSchema's kinds). */
const SIGN_IN_METHODS = CredentialsSchema.options.map((option) => option.shape.kind.value);
const POLICY_ONLY = ['flags', 'env', 'settings'] as const;

const serviceUrl = z.string().transform((raw, ctx) => {
  const check = checkBaseUrl(raw);
  if (!check.ok) {
    ctx.addIssue({
      code: 'custom',
      message: `not a service address: ${check.rule}`,
      params: { rule: check.rule },
    });
    return z.NEVER;
  }
  return check.url.origin;
});

const speechLocales = z.array(z.enum(SPEECH_LOCALES)).superRefine((locales, ctx) => {
  try {
    checkSpeechLocales(locales);
  } catch (error) {
    if (!(error instanceof LimitError)) throw error;
    // The code and rule, for logs; what a person reads is worded where it is shown.
    ctx.addIssue({ code: 'custom', message: `${error.code}: ${error.params?.rule ?? ''}` });
  }
});

const CONNECTION_KEYS = {
  serviceUrl: key({
    schema: serviceUrl,
    title: 'Service address',
    description:
      'The clinical-documentation service to use: https:// with its us or eu region in the host. With allowUserServiceUrlChange off, the only address the app connects to.',
    expect: 'must be a URL such as https://us.api.example.com',
    example: 'https://eu.api.example.com',
  }),
  allowUserServiceUrlChange: key({
    schema: z.boolean(),
    default: true,
    title: 'Let people change the service address',
    description:
      'Off: the service address in policy is pinned; Connect refuses any other, and a saved connection to another address is not used.',
    expect: 'must be true or false',
    deniedLayers: POLICY_ONLY,
    example: false,
  }),
  signInMethod: key({
    schema: z.enum(SIGN_IN_METHODS),
    title: 'Sign-in method',
    description: `The only way Connect signs in (${SIGN_IN_METHODS.join(', ')}); a saved connection of another kind is not used.`,
    expect: `must be one of ${SIGN_IN_METHODS.join(', ')}`,
  }),
  apiVersion: key({
    schema: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    default: PROTOCOL.apiVersion,
    title: 'API version',
    description: `The service API version sent with every call (the one this client is built for: ${PROTOCOL.apiVersion}).`,
    expect: `must be a date such as ${PROTOCOL.apiVersion}`,
    // Which protocol version the app speaks is not a personal preference.
    deniedLayers: ['settings'],
  }),
  clientId: key({
    schema: text(256),
    title: 'OAuth client id',
    description: 'Server credentials: the OAuth client id (CLI and development; see the sign-in section).',
    expect: 'must be 1-256 characters',
  }),
  privateKeyFile: key({
    schema: text(4096),
    title: 'Private key file',
    description: 'Server credentials: a PEM private key file readable by the user.',
    expect: 'must be a file path',
    hideValue: true,
  }),
  keyId: key({
    schema: text(256),
    title: 'Key id',
    description: 'Server credentials: the key id (kid) for JWKS clients.',
    expect: 'must be 1-256 characters',
  }),
  userExternalId: key({
    schema: text(LIMITS.externalIdChars),
    title: 'User external id',
    description: 'With server credentials, the user the app and the CLI act as.',
    expect: `must be 1-${LIMITS.externalIdChars} characters`,
    hideValue: true,
  }),
};

const POLICY_CONTROL_KEYS = {
  allowEnvironmentOverrides: key({
    schema: z.boolean(),
    default: false,
    title: 'Honour SCRIBE_* environment variables',
    description:
      'In the installed app, SCRIBE_* environment variables are ignored unless this is on; even then they never change a key the policy sets, nor the journal folder. Development builds and the CLI always read them.',
    expect: 'must be true or false',
    deniedLayers: POLICY_ONLY,
  }),
};

const LANGUAGE_KEYS = {
  speechLocales: key({
    schema: speechLocales,
    default: ['ENGLISH_US'],
    title: 'Spoken languages',
    description: 'One or two languages spoken in visits (HAITIAN_HT alone), comma-separated.',
    expect: 'must be one or two speech locales such as ENGLISH_US or ENGLISH_US,SPANISH_MX',
    example: ['ENGLISH_UK'],
  }),
  noteLocale: key({
    schema: z.enum(NOTE_LOCALES),
    default: 'ENGLISH_US',
    title: 'Note language',
    description: 'The language notes are written in.',
    expect: `must be one of ${NOTE_LOCALES.join(', ')}`,
    example: 'ENGLISH_UK',
  }),
  displayLanguage: key({
    schema: z.enum(DISPLAY_LANGUAGES),
    title: 'Language of the app',
    description: `The language of the window and the CLI's messages (${DISPLAY_LANGUAGES.join(', ')}). Unset: the system's language when the app has it, else en.`,
    expect: `must be one of ${DISPLAY_LANGUAGES.join(', ')}`,
    example: 'en',
  }),
  noteTemplateKey: key({
    schema: text(256),
    title: 'Note template',
    description: 'The note template every visit uses (a template key of the service).',
    expect: 'must be a template key (1-256 characters)',
  }),
  dictationLocale: key({
    schema: z.enum(DICTATION_LOCALES),
    default: 'ENGLISH_US',
    title: 'Dictation language',
    description: 'The language of dictation.',
    expect: `must be one of ${DICTATION_LOCALES.join(', ')}`,
    example: 'ENGLISH_UK',
  }),
};

const DEVICE_KEYS = {
  microphone: key({
    schema: text(512),
    title: 'Clinician microphone',
    description: 'The input device (by name) for the clinician.',
    expect: 'must be a device name',
  }),
  secondMicrophone: key({
    schema: text(512),
    title: 'Patient input',
    description: 'A second input device (by name) for the patient.',
    expect: 'must be a device name',
  }),
};

const DATA_KEYS = {
  // Bounded because the journal holds audio and transcript of a visit: a week at most, a day by default.
  journalRetentionHours: key({
    schema: z.number().int().min(1).max(168),
    default: 24,
    title: 'Journal retention (hours)',
    description: 'How long finished visits’ encrypted journals are kept (1-168). Unfinished ones are kept.',
    expect: 'must be a whole number of hours from 1 to 168',
    example: 24,
  }),
  journalDir: key({
    schema: text(4096).refine((dir) => posix.isAbsolute(dir) || win32.isAbsolute(dir), {
      message: 'must be an absolute folder path',
      params: { format: 'absolute_path' },
    }),
    title: 'Journal folder',
    description:
      'Where unfinished visits are kept (an absolute, machine-local folder; one subfolder per account). Never from the environment in the installed app.',
    expect: 'must be an absolute folder path',
    // Where unfinished visits' audio is kept is the organization's decision, not a personal preference.
    deniedLayers: ['settings'],
  }),
  logLevel: key({
    schema: z.enum(LOG_LEVELS),
    default: 'info',
    title: 'Log level',
    description: 'How much the app logs (never patient data or tokens).',
    expect: `must be one of ${LOG_LEVELS.join(', ')}`,
    example: 'info',
  }),
};

/** Every key, in a stable order. New blocks are spread in here. */
export const KEYS = {
  ...CONNECTION_KEYS,
  ...POLICY_CONTROL_KEYS,
  ...LANGUAGE_KEYS,
  ...DEVICE_KEYS,
  ...DATA_KEYS,
  ...SIGN_IN_KEYS,
  ...DICTATION_KEYS,
  ...DEPLOYMENT_KEYS,
};
