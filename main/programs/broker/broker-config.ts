/**
 * The token broker's settings: from a JSON config file, overridden by the environment, overridden by
 * flags. Validated with zod; an error names the key and where it came from, never a value.
 */
import { z } from 'zod';
import { FIELD_SCHEMAS } from '../../core/config/config-schema.ts';
import { PROTOCOL } from '../../core/api/protocol.ts';
import { IDENTIFYING_USER_CLAIMS, MUTABLE_USER_CLAIMS } from './user-claim.ts';
import { isProxyAddress } from './client-address.ts';
import { fieldProblems } from '../../core/api/schemas/field-problems.ts';
import type { BrokerConfigProblem } from '../../../preload/contract/index.ts';
import { crossCheck, readConfigFile } from './broker-config-problems.ts';

/** http is allowed only on loopback (tests, a broker on the same host as the IdP); https otherwise. */
const issuerUrl = z.string().refine(
  (raw) => {
    try {
      const url = new URL(raw);
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
    } catch {
      return false;
    }
  },
  {
    message: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)',
    params: { format: 'https_url' },
  },
);

const listen = z
  .string()
  .refine((v) => /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(v), {
    message: 'must be HOST:PORT',
    params: { format: 'host_port' },
    // Not HOST:PORT says it all: no second line about the port.
    abort: true,
  })
  .refine((v) => Number(v.slice(v.lastIndexOf(':') + 1)) <= 65535, {
    message: 'port must be 0-65535',
    params: { format: 'port' },
  });

/** Which `X-Forwarded-For` hops to believe: none, a number of proxies, or their addresses (client-address.ts). */
const trustProxy = z.union(
  [
    z.literal(false),
    z.number().int().min(0).max(10),
    z.array(z.string().refine(isProxyAddress)).min(1).max(100),
  ],
  {
    error:
      'must be false, the number of proxies in front of the broker, or the list of their addresses ' +
      '(true is refused: it does not say which hops to believe)',
  },
);

/** Claim names are JWT member names: letters, digits, `_`, `.`, `:`, `/`, `-`. */
const claimName = z.string().refine((v) => /^[A-Za-z0-9_.:/-]{1,128}$/.test(v), {
  message: 'must be a claim name',
  params: { format: 'claim_name' },
});

/** Every broker setting, with its default. */
const BrokerConfigSchema = z.strictObject({
  serviceUrl: FIELD_SCHEMAS.serviceUrl,
  apiVersion: FIELD_SCHEMAS.apiVersion.default(PROTOCOL.apiVersion),
  clientId: FIELD_SCHEMAS.clientId,
  privateKeyFile: FIELD_SCHEMAS.privateKeyFile,
  keyId: FIELD_SCHEMAS.keyId.optional(),
  /** The identity provider's issuer URL (its `/.well-known/openid-configuration` names the JWKS). */
  issuer: issuerUrl,
  /** The `aud` the presented token must carry (the desktop app's client id, or the broker's API id). */
  audience: z.string().trim().min(1).max(512),
  /** The claim whose value is the clinician's `external_id` on the service (oid, email, sub …). */
  userClaim: claimName.default('sub'),
  /** IT vouches that `upn`/`preferred_username` is never renamed or reassigned (see user-claim.ts). */
  userClaimTrusted: z.boolean().default(false),
  /** Optional group or role claim (`roles`, `groups` …) that must hold `requiredClaimValue`. */
  requiredClaim: claimName.optional(),
  requiredClaimValue: z.string().trim().min(1).max(256).optional(),
  /** Optional claim carrying the clinician's specialty, set on the service user. */
  specialtyClaim: claimName.optional(),
  listen: listen.default('127.0.0.1:8787'),
  /** Requests a minute per clinician, and per address for those that prove nothing (rate-limit.ts). */
  rateLimitPerMinute: z.number().int().min(1).max(100_000).default(60),
  /** On SIGTERM, how long the instance serves on, not ready, while the load balancer notices (shutdown.ts). */
  drainSec: z.number().int().min(0).max(120).default(5),
  /** What a verified request counts against: its clinician, or its clinician on its address. */
  rateLimitKey: z.enum(['subject', 'address-subject']).default('subject'),
  /** Leeway for `exp`/`nbf`/`iat`, in seconds (the identity provider's clock and the broker's differ a little). */
  clockToleranceSec: z.number().int().min(0).max(300).default(30),
  /** How long after its `iat` a presented token is taken, in seconds, on the broker's clock (not the desktop's). */
  maxTokenAgeSec: z.number().int().min(10).max(3600).default(300),
  /** Which token the desktop presents: the ID token (default) or an access token for the broker's API. */
  presentedToken: z.enum(['id_token', 'access_token']).default('id_token'),
  /** Behind reverse proxies: the right-most X-Forwarded-For entry not written by a caller. */
  trustProxy: trustProxy.default(false),
  /**
   * The shared store of several broker instances (rate limit, webhook fan-out): `redis://` or, across
   * machines, `rediss://` (TLS), credentials in the URL. Without it each instance keeps its own.
   */
  redisUrl: z
    .string()
    .trim()
    .refine((raw) => URL.canParse(raw) && /^rediss?:$/.test(new URL(raw).protocol), {
      message: 'must be a redis:// or rediss:// URL',
      params: { format: 'redis_url' },
    })
    .optional(),
  /** Serve HTTPS itself with this certificate chain and key (PEM); else plain HTTP behind a TLS proxy. */
  tlsCertFile: z.string().trim().min(1).optional(),
  tlsKeyFile: z.string().trim().min(1).optional(),
  /**
   * Where TLS ends when the broker serves plain HTTP beyond loopback (a container behind the organization's
   * load balancer, say): said once at start instead of the plain-HTTP warning.
   */
  tlsEndsAt: z.string().trim().min(1).max(200).optional(),
  /** The organization's Server API key (a file readable only by the broker): turns the schedule API on. */
  serverApiKeyFile: z.string().trim().min(1).optional(),
  /** The webhook secret key (a file): the broker then takes the service's signed deliveries. */
  webhookSecretFile: z.string().trim().min(1).optional(),
  /** How far a webhook timestamp may be from the broker's clock, in seconds. */
  webhookToleranceSec: z.number().int().min(30).max(3600).default(300),
  /** Signed webhook deliveries taken a minute, all together (schedule-server.ts; the service's own limit). */
  webhooksPerMinute: z.number().int().min(1).max(100_000).default(600),
  /**
   * How long after its sign-in a token is taken on the schedule and E/M routes, in seconds (its `exp` still
   * applies): the bound on replaying a captured token there. Past it the desktop renews the token silently.
   */
  scheduleTokenMaxAgeSec: z.number().int().min(60).max(86_400).default(3_600),
  /** Answer E/M codes for signed-in clinicians (`/v1/em-codes`); false: those routes answer 404. */
  emCodes: z.boolean().default(true),
});
/** The broker's resolved settings. */
export type BrokerConfig = z.output<typeof BrokerConfigSchema>;
type BrokerKey = keyof BrokerConfig;

/** Environment variables the broker reads (the CLI's connection variables plus its own). */
const BROKER_ENV: Readonly<Partial<Record<BrokerKey, string>>> = {
  serviceUrl: 'SCRIBE_SERVICE_URL',
  apiVersion: 'SCRIBE_API_VERSION',
  clientId: 'SCRIBE_CLIENT_ID',
  privateKeyFile: 'SCRIBE_PRIVATE_KEY_FILE',
  keyId: 'SCRIBE_KEY_ID',
  issuer: 'SCRIBE_BROKER_ISSUER',
  audience: 'SCRIBE_BROKER_AUDIENCE',
  userClaim: 'SCRIBE_BROKER_USER_CLAIM',
  specialtyClaim: 'SCRIBE_BROKER_SPECIALTY_CLAIM',
  userClaimTrusted: 'SCRIBE_BROKER_USER_CLAIM_TRUSTED',
  requiredClaim: 'SCRIBE_BROKER_REQUIRED_CLAIM',
  requiredClaimValue: 'SCRIBE_BROKER_REQUIRED_CLAIM_VALUE',
  maxTokenAgeSec: 'SCRIBE_BROKER_MAX_TOKEN_AGE',
  presentedToken: 'SCRIBE_BROKER_PRESENTED_TOKEN',
  listen: 'SCRIBE_BROKER_LISTEN',
  rateLimitPerMinute: 'SCRIBE_BROKER_RATE_LIMIT',
  rateLimitKey: 'SCRIBE_BROKER_RATE_LIMIT_KEY',
  drainSec: 'SCRIBE_BROKER_DRAIN_SEC',
  trustProxy: 'SCRIBE_BROKER_TRUST_PROXY',
  redisUrl: 'SCRIBE_BROKER_REDIS_URL',
  tlsCertFile: 'SCRIBE_BROKER_TLS_CERT_FILE',
  tlsKeyFile: 'SCRIBE_BROKER_TLS_KEY_FILE',
  tlsEndsAt: 'SCRIBE_BROKER_TLS_ENDS_AT',
  serverApiKeyFile: 'SCRIBE_BROKER_SERVER_API_KEY_FILE',
  webhookSecretFile: 'SCRIBE_BROKER_WEBHOOK_SECRET_FILE',
  webhooksPerMinute: 'SCRIBE_BROKER_WEBHOOK_RATE_LIMIT',
  emCodes: 'SCRIBE_BROKER_EM_CODES',
};

const NUMERIC: readonly BrokerKey[] = [
  'rateLimitPerMinute',
  'clockToleranceSec',
  'maxTokenAgeSec',
  'drainSec',
  'webhooksPerMinute',
];

/** Where the broker's settings come from. */
export interface BrokerConfigSources {
  /** A JSON file with the keys of BrokerConfigSchema. */
  file?: string;
  env?: NodeJS.ProcessEnv;
  /** Flags (highest precedence), e.g. `{listen}`, `{serviceUrl}`. */
  flags?: Partial<Record<BrokerKey, string>>;
}

/**
 * The result of loading: settings, or the problems (facts the CLI words in the person's language) and
 * `error`, the same in one English sentence for logs.
 */
export type BrokerConfigResult =
  { ok: true; config: BrokerConfig } | { ok: false; error: string; problems: BrokerConfigProblem[] };

type Where = { from: 'file' | 'env' | 'flags'; origin: string };

/** Reads and validates the broker's settings (flags > environment > config file > defaults). */
export async function loadBrokerConfig(sources: BrokerConfigSources): Promise<BrokerConfigResult> {
  const merged: Record<string, unknown> = {};
  const where: Record<string, Where> = {};
  const set = (key: string, value: unknown, at: Where): void => {
    merged[key] = value;
    where[key] = at;
  };
  if (sources.file) {
    const file = await readConfigFile(sources.file);
    if ('problem' in file) return { ok: false, error: file.error, problems: [file.problem] };
    for (const [key, value] of Object.entries(file.values))
      set(key, value, { from: 'file', origin: sources.file });
  }
  for (const [key, name] of Object.entries(BROKER_ENV)) {
    const raw = sources.env?.[name]?.trim();
    if (raw) set(key, fromText(key as BrokerKey, raw), { from: 'env', origin: name });
  }
  for (const [key, value] of Object.entries(sources.flags ?? {})) {
    // The flag as typed: `serviceUrl` is --service-url.
    const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (value !== undefined) set(key, fromText(key as BrokerKey, value), { from: 'flags', origin: flag });
  }
  const parsed = BrokerConfigSchema.safeParse(merged);
  if (!parsed.success) return refusal(parsed.error, merged, where);
  const conflict = crossCheck(parsed.data, {
    identifying: IDENTIFYING_USER_CLAIMS,
    mutable: MUTABLE_USER_CLAIMS,
  });
  return conflict
    ? { ok: false, error: conflict.error, problems: [conflict.problem] }
    : { ok: true, config: parsed.data };
}

/** The schema's refusal: each issue as facts for the words, and all of them in English for logs. */
function refusal(
  error: z.ZodError,
  merged: Record<string, unknown>,
  where: Readonly<Record<string, Where>>,
): BrokerConfigResult {
  const label = (at: Where) =>
    at.from === 'file' ? `config file ${at.origin}` : at.from === 'env' ? at.origin : 'flags';
  const texts = error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const env = BROKER_ENV[key as BrokerKey];
    const at = where[key]
      ? label(where[key])
      : env
        ? `missing: set ${env} or "${key}" in the config file`
        : 'missing';
    return issue.code === 'unrecognized_keys'
      ? `unknown keys in the config file: ${issue.keys.join(', ')}`
      : `${key} (${at}): ${issue.message}`;
  });
  const problems = fieldProblems(error, merged, Infinity).map((field): BrokerConfigProblem => {
    const key = field.path.split('.')[0] ?? '';
    const env = BROKER_ENV[key as BrokerKey];
    if (field.kind === 'unknown_fields') return { kind: 'unknown_keys', keys: field.fields ?? [] };
    const at = where[key];
    if (at === undefined) return { kind: 'missing', key, ...(env ? { env } : {}) };
    // The union of trustProxy's forms fails as a whole: its words say which forms it takes.
    const named =
      key === 'trustProxy' ? { ...field, kind: 'bad_format' as const, format: 'proxies' as const } : field;
    return { kind: 'invalid', key, ...at, field: named };
  });
  return { ok: false, error: texts.join('; '), problems };
}

function fromText(key: BrokerKey, raw: string): unknown {
  if (NUMERIC.includes(key)) return /^\d+$/.test(raw) ? Number(raw) : raw;
  if (key === 'trustProxy') return proxyText(raw);
  if (key === 'userClaimTrusted' || key === 'emCodes')
    return /^(true|1|yes)$/i.test(raw) ? true : /^(false|0|no)$/i.test(raw) ? false : raw;
  return raw;
}

/** `false`, a hop count, `true` (refused by the schema with its reason) or a comma-separated list. */
function proxyText(raw: string): unknown {
  if (/^(false|no)$/i.test(raw)) return false;
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Whether the broker would serve tokens over plain HTTP to other machines (it warns when it does, unless
 * `tlsEndsAt` says where TLS ends before them).
 */
export function plainHttpBeyondLoopback(config: BrokerConfig): boolean {
  return !config.tlsCertFile && !isLoopbackHost(splitListen(config.listen).host);
}

/** Whether a host name is the loopback interface. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Splits `HOST:PORT` (IPv6 in brackets). */
export function splitListen(value: string): { host: string; port: number } {
  const at = value.lastIndexOf(':');
  return { host: value.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(value.slice(at + 1)) };
}
