/**
 * The words of failures main/core and the broker report as codes and facts (preload/contract/problem-codes.ts),
 * as the CLI prints them (English): a streaming or audio failure, a refused private key file, a field of a
 * JSON file or a setting, a configuration problem, the broker's own configuration. Key names, paths, codes
 * and values allowed stay as given. A code this version does not know still gives a line naming it.
 */
import type {
  AudioErrorCode,
  BrokerConfigProblem,
  ConfigLayerName,
  ConfigProblemFacts,
  ConfigProblemPlace,
  FieldFormat,
  FieldProblem,
  FieldType,
  PrivateKeyProblem,
  StreamingErrorCode,
} from '../../contract/problem-codes.ts';
import { formatsFor } from '../intl.ts';
// Read at call time: this file is part of the language's words, which word these too.
import { en as words } from './index.ts';

const f = formatsFor('en');

const STREAM_FAILURES: Readonly<Record<StreamingErrorCode, string>> = {
  connection_lost:
    'The streaming service could not be reached, or the connection dropped and could not be restored. Check the network connection.',
  unauthorized: 'The service did not accept the sign-in for streaming. Check the credentials.',
  upgrade_refused: 'The service refused the streaming connection.',
  service_error: 'The service stopped the stream with an error.',
  end_timeout: 'The service did not finish the transcription in time after the audio ended.',
  ack_timeout: 'The service stopped confirming the audio it received.',
  disk_full: 'The disk is full: the audio cannot be kept on disk.',
  journal_failed: 'The session journal cannot be written (permissions or a disk problem).',
  journal_corrupt: 'The session journal is damaged or was changed: it cannot be read back.',
  journal_missing: 'The session journal no longer exists, or its key is gone.',
  invalid_state: 'The session stopped on an internal error.',
};

const AUDIO_FAILURES: Readonly<Record<AudioErrorCode, string>> = {
  mic_denied: 'The microphone is blocked: allow microphone access in the system settings.',
  mic_unavailable:
    'The microphone could not be opened: check that it is plugged in, or name another (see "scribe devices").',
  device_lost: 'The microphone stopped delivering audio.',
  file_unreadable: 'The audio file could not be opened.',
  file_unsupported: 'The audio file is not in a format this version reads (PCM WAV).',
};

const TYPES: Readonly<Record<FieldType, string>> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

const FORMATS: Readonly<Record<FieldFormat, string>> = {
  date: 'a date such as 2026-11-22',
  url: 'a URL',
  https_url: 'an https:// URL (http:// only on 127.0.0.1 or localhost)',
  redis_url: 'a redis:// or rediss:// URL',
  host_port: 'HOST:PORT',
  port: 'a port from 0 to 65535',
  claim_name: 'a claim name (letters, digits, _ . : / -)',
  absolute_path: 'an absolute folder path',
  time_range: 'a local time range such as 02:00-05:00',
  syslog_target: 'udp://, tcp:// or tls:// followed by a host and an optional port',
  proxies:
    'false, the number of proxies in front of the broker, or the list of their addresses (true is refused: it does not say which hops to believe)',
  pattern: 'in the expected form',
};

/** What is wrong with a field, after its name. */
function fieldWhat(p: FieldProblem): string {
  const limit = p.limit ?? 0;
  switch (p.kind) {
    case 'missing':
      return 'is missing';
    case 'wrong_type':
      return `must be ${p.expected ? TYPES[p.expected] : 'of another type'}`;
    case 'not_allowed':
      return `must be one of ${(p.values ?? []).join(', ')}`;
    case 'too_small':
      return `must be at least ${f.count(limit)}`;
    case 'too_big':
      return `must be at most ${f.count(limit)}`;
    case 'too_short':
      return limit <= 1 ? 'must not be empty' : `must have at least ${f.count(limit)} characters`;
    case 'too_long':
      return `must have at most ${f.plural(limit, { one: 'character', other: 'characters' })}`;
    case 'too_few':
      return `must hold at least ${f.plural(limit, { one: 'item', other: 'items' })}`;
    case 'too_many':
      return `must hold at most ${f.plural(limit, { one: 'item', other: 'items' })}`;
    case 'not_whole':
      return 'must be a whole number';
    case 'bad_format':
      if (p.rule) return words.baseUrlPhrase(p.rule);
      return `must be ${p.format ? FORMATS[p.format] : FORMATS.pattern}`;
    case 'unknown_fields':
      return `has fields this version does not know: ${(p.fields ?? []).join(', ')}`;
    default:
      return p.refusal ? words.keyRefusalText(p.refusal, p.keys ?? null) : 'is not valid';
  }
}

/** "sections.0.kind: must be one of …"; a problem of the whole file or value names "the file". */
function fieldProblem(p: FieldProblem): string {
  return `${p.path === '' ? 'the file' : p.path}: ${fieldWhat(p)}`;
}

const LAYERS: Readonly<Record<ConfigLayerName, string>> = {
  flags: 'a command-line flag',
  env: 'the environment',
  policy: 'the managed policy',
  settings: 'user settings',
  default: 'the default',
};

function source(place: ConfigProblemPlace): string {
  const origin = place.origin ? ` ${place.origin}` : '';
  switch (place.layer) {
    case 'flags':
      return `command-line flag${origin}`;
    case 'env':
      return `environment${origin}`;
    case 'policy':
      return `managed policy${origin}`;
    case 'settings':
      return `user settings${origin}`;
    default:
      return 'the default';
  }
}

function configWhat(facts: ConfigProblemFacts): string {
  switch (facts.kind) {
    case 'invalid_value':
      return facts.field.path === '' ? fieldWhat(facts.field) : fieldProblem(facts.field);
    case 'unknown_key':
      return 'is not a known setting';
    case 'layer_denied': {
      const names = facts.allowed.map((layer) => LAYERS[layer]);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
      return `can only be set by ${list ?? 'nobody'}`;
    }
    case 'env_ignored':
      return 'not applied: the installed app ignores SCRIBE_* variables unless the managed policy allows them';
    case 'env_journal_ignored':
      return 'not applied: the installed app never takes the journal folder from the environment';
    case 'service_url_locked':
      return 'not applied: the managed policy does not allow changing the service address';
    case 'file_not_json':
      return 'is not valid JSON (fix or delete the file)';
    case 'policy_not_object':
      return 'must be a JSON object of settings, e.g. {"serviceUrl": "https://eu.api.example.com"}';
    case 'file_too_large':
      return 'is larger than 1 MiB';
    case 'file_unreadable':
      return `cannot be read (${facts.errno})`;
    case 'plist_unconvertible':
      return 'is a binary property list that plutil could not convert';
    case 'plist_invalid':
      return 'is not a valid property list';
    case 'plist_not_dictionary':
      return 'must be a dictionary of settings';
    case 'registry_unreadable':
      return 'cannot be read from the registry';
    default:
      return `has a problem this version does not know (${(facts as { kind: string }).kind})`;
  }
}

function brokerOrigin(p: Extract<BrokerConfigProblem, { kind: 'invalid' }>): string {
  return p.from === 'file'
    ? `config file ${p.origin}`
    : p.from === 'env'
      ? p.origin
      : `command-line flag ${p.origin}`;
}

function brokerProblem(p: BrokerConfigProblem): string {
  switch (p.kind) {
    case 'file_unreadable':
      return `the config file ${p.file} cannot be read (${p.errno}).`;
    case 'file_not_object':
      return `the config file ${p.file} is not a JSON object.`;
    case 'unknown_keys':
      return `unknown keys in the config file: ${p.keys.join(', ')}.`;
    case 'missing':
      return `${p.key} is missing: set ${p.env ? `${p.env} or ` : ''}"${p.key}" in the config file.`;
    case 'invalid':
      return `${p.key} (${brokerOrigin(p)}): ${p.field.path.includes('.') ? fieldProblem(p.field) : fieldWhat(p.field)}.`;
    case 'go_together':
      return `${p.keys[0]} and ${p.keys[1]} go together: set both, or neither.`;
    case 'claim_reassignable':
      return `userClaim ${p.claim} can be renamed and passed to another person: use oid or sub, or set userClaimTrusted if your identity provider never reassigns it.`;
    case 'secret_file_unreadable':
      return `the file ${p.key} names cannot be read (${p.errno}).`;
    case 'store_unreachable':
      return `the shared store (Redis, redisUrl) cannot be reached (${p.code}).`;
    case 'listen_failed':
      return `cannot listen on ${p.listen} (${p.code}).`;
    default:
      return `a problem this version does not know (${(p as { kind: string }).kind}).`;
  }
}

export const CLI_PROBLEM_WORDS = {
  /** A streaming failure by its code: an error frame by the service's code, a refused upgrade with its status. */
  streamFailure: (code: string, status: number | undefined, serviceCode: number | undefined): string => {
    if (code === 'service_error' && serviceCode !== undefined) return words.streamErrorText(serviceCode);
    if (code === 'upgrade_refused' && status !== undefined)
      return `The service refused the streaming connection (HTTP ${status}).`;
    return (
      (STREAM_FAILURES as Readonly<Record<string, string>>)[code] ?? `The streaming session failed (${code}).`
    );
  },
  audioFailure: (code: string): string =>
    (AUDIO_FAILURES as Readonly<Record<string, string>>)[code] ?? `The audio input failed (${code}).`,
  /** A private key file refused (the CLI's connection, doctor, the broker). */
  privateKey: (p: PrivateKeyProblem): string => {
    switch (p.kind) {
      case 'file_unreadable':
        return `The private key file cannot be read (${p.errno}).`;
      case 'not_pem':
        return 'The private key file is not a readable PEM private key.';
      case 'not_rsa':
        return `The private key is ${p.keyType}; the service accepts RSA keys (RS256) only.`;
      default:
        return `The private key file is refused (${(p as { kind: string }).kind}).`;
    }
  },
  fieldProblem,
  /** "serviceUrl from environment SCRIBE_SERVICE_URL: must …"; a whole file: "managed policy /etc/…: …". */
  configProblem: (place: ConfigProblemPlace, facts: ConfigProblemFacts): string =>
    place.key
      ? `${place.key} from ${source(place)}: ${configWhat(facts)}`
      : `${source(place)}: ${configWhat(facts)}`,
  /** Between two problems on one line. */
  problemSeparator: '; ',
  brokerProblem,
};
