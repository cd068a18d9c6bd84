/**
 * Codes (and the facts their words need) of failures main/core, main/features and the broker program find
 * and the CLI (and where it shows them, the window) words through preload/words: a streaming or audio
 * failure, a refused private key file, a field of a JSON file or a setting that is not valid, a problem of
 * the configuration or of the broker's. Codes, key names, paths and numbers only: never a sentence, never a
 * value read from the file (it may be patient data or a secret). Zod-free so the words can import it.
 */
import type { BaseUrlRule } from './failure-reasons.ts';
import type { KeyRefusal } from './chords.ts';

/** Expected streaming failures (main/core/streaming/streaming-error.ts). */
export const STREAMING_ERROR_CODES = [
  'connection_lost',
  'unauthorized',
  'upgrade_refused',
  'service_error',
  'end_timeout',
  'ack_timeout',
  'disk_full',
  'journal_failed',
  'journal_corrupt',
  'journal_missing',
  'invalid_state',
] as const;
export type StreamingErrorCode = (typeof STREAMING_ERROR_CODES)[number];

/** Expected audio failures (main/core/audio/audio-source.ts). */
export const AUDIO_ERROR_CODES = [
  'mic_denied',
  'mic_unavailable',
  'device_lost',
  'file_unreadable',
  'file_unsupported',
] as const;
export type AudioErrorCode = (typeof AUDIO_ERROR_CODES)[number];

/** Why a private key file was refused: it cannot be read (`errno`), is not a PEM key, or not an RSA one. */
export type PrivateKeyProblem =
  | { readonly kind: 'file_unreadable'; readonly errno: string }
  | { readonly kind: 'not_pem' }
  | { readonly kind: 'not_rsa'; readonly keyType: string };

/** What is wrong with one field of a JSON file or one setting (from its schema, never quoting its value). */
export const FIELD_PROBLEM_KINDS = [
  'missing',
  'wrong_type',
  'not_allowed',
  'too_small',
  'too_big',
  'too_short',
  'too_long',
  'too_few',
  'too_many',
  'not_whole',
  'bad_format',
  'unknown_fields',
  'invalid',
] as const;
export type FieldProblemKind = (typeof FIELD_PROBLEM_KINDS)[number];

/** The JSON types a field can be expected to be. */
export type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** Formats a field can be expected to have (`bad_format`). */
export const FIELD_FORMATS = [
  'date',
  'url',
  'https_url',
  'redis_url',
  'host_port',
  'port',
  'claim_name',
  'absolute_path',
  'time_range',
  'syslog_target',
  'proxies',
  'pattern',
] as const;
export type FieldFormat = (typeof FIELD_FORMATS)[number];

/**
 * One problem of one field. `path` is where it is (`sections.0.kind`; '' for the whole file or value);
 * the rest are the facts its kind's words name: the type expected, the values allowed, the limit, the
 * format, the unknown field names, or the hotkey rule a chord breaks (`refusal`, with the `keys` as a
 * person reads them on this platform). Never a sentence: the words are chosen where it is shown.
 */
export interface FieldProblem {
  readonly path: string;
  readonly kind: FieldProblemKind;
  readonly expected?: FieldType;
  readonly values?: readonly string[];
  readonly limit?: number;
  readonly format?: FieldFormat;
  readonly fields?: readonly string[];
  /** A service address refused by its rule (main/core/api/base-url.ts). */
  readonly rule?: BaseUrlRule;
  /** A chord refused by the hotkey rules (main/base/chords/chord-rules.ts). */
  readonly refusal?: KeyRefusal;
  readonly keys?: string;
}

/** Where a configuration value came from (main/core/config: the layers). */
export type ConfigLayerName = 'flags' | 'env' | 'policy' | 'settings' | 'default';

/**
 * A problem of the configuration: a key's value (`field`), a key no layer may set (`unknown_key`), a key
 * set where it may not be (`layer_denied`, with the layers it may come from), a value valid but not applied,
 * or a whole policy or settings file that cannot be used (`origin`: its path or registry key).
 */
export type ConfigProblemFacts =
  | { readonly kind: 'invalid_value'; readonly field: FieldProblem }
  | { readonly kind: 'unknown_key' }
  | { readonly kind: 'layer_denied'; readonly allowed: readonly ConfigLayerName[] }
  | { readonly kind: 'env_ignored' | 'env_journal_ignored' | 'service_url_locked' }
  | { readonly kind: 'file_not_json' | 'file_too_large' | 'plist_unconvertible' | 'plist_invalid' }
  | { readonly kind: 'plist_not_dictionary' | 'registry_unreadable' | 'policy_not_object' }
  | { readonly kind: 'file_unreadable'; readonly errno: string };

/** Where a configuration problem was found: the key ('' for a whole file), its layer and what names it. */
export interface ConfigProblemPlace {
  readonly key: string;
  readonly layer: ConfigLayerName;
  /** The environment variable, the flag, or the file's path or registry key; absent when none is known. */
  readonly origin?: string;
}

/**
 * The broker's own configuration problems (main/programs/broker/broker-config.ts), each naming its key and
 * where it came from (a config file path, an environment variable, `flags`), or the pair that goes together.
 */
export type BrokerConfigProblem =
  | { readonly kind: 'file_unreadable'; readonly file: string; readonly errno: string }
  | { readonly kind: 'file_not_object'; readonly file: string }
  | { readonly kind: 'unknown_keys'; readonly keys: readonly string[] }
  | { readonly kind: 'missing'; readonly key: string; readonly env?: string }
  | {
      readonly kind: 'invalid';
      readonly key: string;
      /** Where the value came from: the config file (`origin` its path), a variable (its name), a flag. */
      readonly from: 'file' | 'env' | 'flags';
      readonly origin: string;
      readonly field: FieldProblem;
    }
  | { readonly kind: 'go_together'; readonly keys: readonly [string, string] }
  | { readonly kind: 'claim_reassignable'; readonly claim: string }
  | { readonly kind: 'claim_not_identifying'; readonly claim: string }
  | { readonly kind: 'secret_file_unreadable'; readonly key: string; readonly errno: string }
  | { readonly kind: 'store_unreachable'; readonly code: string }
  | { readonly kind: 'listen_failed'; readonly listen: string; readonly code: string };
