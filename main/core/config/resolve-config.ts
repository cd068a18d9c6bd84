/**
 * The pure configuration resolver: command-line flags > environment > managed policy > user settings >
 * defaults, each value validated by its key's zod schema.
 *
 * Precedence decision: the managed policy wins over user settings, so nothing a person sets in the app can
 * undo what their organization set. Flags and environment still win over the policy: they come from whoever
 * launches the process (an administrator's script, the CLI, tests), not from the app's UI. The app's
 * composition root decides which flags and environment it passes in. Keys only the policy may set
 * (`allowUserServiceUrlChange`, `allowEnvironmentOverrides`) are refused from every other layer.
 *
 * In the installed (packaged) app the environment is whoever can set a variable for the clinician's
 * account, not IT: its SCRIBE_* variables are ignored unless the policy sets `allowEnvironmentOverrides`,
 * and even then they rank below the policy and never move the journal folder.
 *
 * Every supplied value is validated, also in layers that lose, so a stale bad value is reported rather than
 * waiting to surface when the layer above it is removed. Each problem names its key and its source.
 */
import { CONFIG_KEYS, configSchema, FIELD_SCHEMAS, flagName, fromText, KEY_INFO } from './config-schema.ts';
import type { Config, ConfigKey, ConfigLayer } from './config-schema.ts';
import { fieldProblem } from '../api/schemas/field-problems.ts';
import type { ConfigProblemFacts, FieldProblem } from '../../../preload/contract/index.ts';

/** One layer read from a file or registry: its values and where they came from (a path, a registry key). */
export interface ConfigLayerInput {
  values: Readonly<Record<string, unknown>>;
  origin?: string;
}

/** Everything the resolver reads. All parts are optional; absent ones are empty. */
export interface ConfigInputs {
  /** Values from the command line, keyed by config key (the CLI maps `--service-url` to `serviceUrl`). */
  flags?: Readonly<Record<string, unknown>>;
  env?: Readonly<Record<string, string | undefined>>;
  policy?: ConfigLayerInput;
  settings?: ConfigLayerInput;
  /** The installed app (not a development build, not the CLI): see the header. */
  packaged?: boolean;
}

/** Where a value came from, e.g. {layer: 'env', label: 'environment SCRIBE_SERVICE_URL'}. */
export interface ConfigSource {
  layer: ConfigLayer;
  label: string;
  /** What names it in that layer: the environment variable, the flag, the file's path or registry key. */
  origin?: string;
}

/**
 * A bad or ignored value: `facts` is what the words module words for a person (the CLI); `message`, "<key>
 * from <source label>: <reason>", is the English developer's text (logs, the Electron shell's dialog).
 */
export interface ConfigProblem {
  key: string;
  source: ConfigSource;
  reason: string;
  message: string;
  facts: ConfigProblemFacts;
}

/** The resolved config with the source of every key, or every problem found. */
export type ResolveResult =
  | {
      ok: true;
      config: Config;
      sources: Record<ConfigKey, ConfigSource>;
      /** Keys a change in user settings would not affect (set above settings, or locked by policy). */
      locked: ConfigKey[];
      /** Values that were valid but not applied, e.g. a user serviceUrl the policy does not allow. */
      ignored: ConfigProblem[];
    }
  | { ok: false; errors: ConfigProblem[] };

const LAYER_NAMES: Record<ConfigLayer, string> = {
  flags: 'a command-line flag',
  env: 'the environment',
  policy: 'the managed policy',
  settings: 'user settings',
  default: 'the default',
};

interface Candidate {
  key: string;
  value: unknown;
  source: ConfigSource;
}

/** Resolves the configuration (pure: no file, environment or clock access). */
export function resolveConfig(inputs: ConfigInputs): ResolveResult {
  const policy = fromLayer('policy', inputs.policy, (origin) =>
    origin ? `managed policy ${origin}` : 'managed policy',
  );
  const { candidates, ignored } = orderCandidates(inputs, policy);
  const picked = pickWinners(candidates, policyAllows(policy, 'allowUserServiceUrlChange', true));
  if (picked.errors.length > 0) return { ok: false, errors: picked.errors };
  const { winners } = picked;
  const config = configSchema.parse(Object.fromEntries([...winners].map(([key, w]) => [key, w.value])));
  const sources = {} as Record<ConfigKey, ConfigSource>;
  const locked: ConfigKey[] = [];
  for (const key of CONFIG_KEYS) {
    const source = winners.get(key)?.source ?? { layer: 'default', label: 'default' };
    sources[key] = source;
    const aboveSettings = source.layer === 'flags' || source.layer === 'env' || source.layer === 'policy';
    if (aboveSettings || (key === 'serviceUrl' && !config.allowUserServiceUrlChange)) locked.push(key);
  }
  return { ok: true, config, sources, locked, ignored: [...ignored, ...picked.ignored] };
}

/**
 * Every layer's values, highest first. The installed app honours SCRIBE_* variables only when the policy
 * allows them (and never the journal folder), below the policy; the ones it drops are reported.
 */
function orderCandidates(
  inputs: ConfigInputs,
  policy: Candidate[],
): { candidates: Candidate[]; ignored: ConfigProblem[] } {
  const settings = fromLayer('settings', inputs.settings, (origin) =>
    origin ? `user settings ${origin}` : 'user settings',
  );
  const env = fromEnv(inputs.env ?? {});
  const flags = fromFlags(inputs.flags ?? {});
  if (!inputs.packaged) return { candidates: [...flags, ...env, ...policy, ...settings], ignored: [] };
  const ignored: ConfigProblem[] = [];
  const envAllowed = policyAllows(policy, 'allowEnvironmentOverrides', false);
  const honoured = env.filter((c) => {
    const reason = !envAllowed
      ? 'not applied: the installed app ignores SCRIBE_* variables unless the managed policy allows them'
      : c.key === 'journalDir'
        ? 'not applied: the installed app never takes the journal folder from the environment'
        : undefined;
    const kind = !envAllowed ? 'env_ignored' : 'env_journal_ignored';
    if (reason) ignored.push(makeProblem(c.key, c.source, reason, { kind }));
    return reason === undefined;
  });
  // Below the policy: the first valid value of a key wins, so the policy's comes first.
  return { candidates: [...flags, ...policy, ...honoured, ...settings], ignored };
}

/** The first valid value of each key (candidates arrive highest layer first), with what was refused. */
function pickWinners(candidates: Candidate[], allowUrlChange: boolean) {
  const errors: ConfigProblem[] = [];
  const ignored: ConfigProblem[] = [];
  const winners = new Map<ConfigKey, { value: unknown; source: ConfigSource }>();
  for (const candidate of candidates) {
    const problem = (reason: string, facts: ConfigProblemFacts) =>
      makeProblem(candidate.key, candidate.source, reason, facts);
    if (!isConfigKey(candidate.key)) {
      errors.push(problem('is not a known setting', { kind: 'unknown_key' }));
      continue;
    }
    const key = candidate.key;
    if (KEY_INFO[key].deniedLayers?.includes(candidate.source.layer)) {
      const allowed = allowedLayerList(key);
      errors.push(problem(`can only be set by ${allowedLayers(key)}`, { kind: 'layer_denied', allowed }));
      continue;
    }
    if (key === 'serviceUrl' && candidate.source.layer === 'settings' && !allowUrlChange) {
      ignored.push(
        problem('not applied: the managed policy does not allow changing the service address', {
          kind: 'service_url_locked',
        }),
      );
      continue;
    }
    const checked = checkValue(key, candidate.value);
    if (!checked.ok) errors.push(problem(checked.reason, { kind: 'invalid_value', field: checked.problem }));
    else if (!winners.has(key)) winners.set(key, { value: checked.value, source: candidate.source });
  }
  return { errors, ignored, winners };
}

/**
 * Validates one value for a key; neither the reason (English, for logs) nor the problem (facts for the
 * words module) quotes the value.
 */
export function checkValue(
  key: ConfigKey,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; reason: string; problem: FieldProblem } {
  const input = fromText(key, value);
  const parsed = FIELD_SCHEMAS[key].safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues;
  const custom = issues.find((issue) => issue.code === 'custom');
  if (custom) return { ok: false, reason: custom.message, problem: fieldProblem(custom, input) };
  const item = issues.find((issue) => typeof issue.path[0] === 'number')?.path[0];
  const suffix = typeof item === 'number' ? ` (item ${item + 1} is not one)` : '';
  return { ok: false, reason: `${KEY_INFO[key].expect}${suffix}`, problem: fieldProblem(issues[0]!, input) };
}

/** A readable message listing every problem, one per line. */
export function formatConfigErrors(errors: readonly ConfigProblem[]): string {
  return ['The configuration is not valid:', ...errors.map((e) => `  - ${e.message}`)].join('\n');
}

function fromFlags(flags: Readonly<Record<string, unknown>>): Candidate[] {
  return Object.entries(flags)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({
      key,
      value,
      source: {
        layer: 'flags',
        label: `command-line flag ${isConfigKey(key) ? flagName(key) : key}`,
        origin: isConfigKey(key) ? flagName(key) : key,
      },
    }));
}

function fromEnv(env: Readonly<Record<string, string | undefined>>): Candidate[] {
  const candidates: Candidate[] = [];
  for (const key of CONFIG_KEYS) {
    const name = KEY_INFO[key].env;
    const value = name === undefined ? undefined : env[name];
    // An empty variable counts as unset, as shells make it easy to export one by accident.
    if (name !== undefined && value !== undefined && value.trim() !== '') {
      candidates.push({ key, value, source: { layer: 'env', label: `environment ${name}`, origin: name } });
    }
  }
  return candidates;
}

function fromLayer(
  layer: 'policy' | 'settings',
  input: ConfigLayerInput | undefined,
  label: (origin: string | undefined) => string,
): Candidate[] {
  const source: ConfigSource = {
    layer,
    label: label(input?.origin),
    ...(input?.origin ? { origin: input.origin } : {}),
  };
  return Object.entries(input?.values ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => ({ key, value, source }));
}

/** A policy-only boolean switch as the policy sets it (`absent` when it does not); invalid fails closed. */
function policyAllows(
  policy: readonly Candidate[],
  key: 'allowUserServiceUrlChange' | 'allowEnvironmentOverrides',
  absent: boolean,
): boolean {
  const fromPolicy = policy.find((c) => c.key === key);
  if (!fromPolicy) return absent;
  const checked = checkValue(key, fromPolicy.value);
  // An invalid policy value is reported as an error anyway; meanwhile fail closed.
  return checked.ok ? checked.value === true : false;
}

function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(KEY_INFO, key);
}

function allowedLayerList(key: ConfigKey): ConfigLayer[] {
  const denied = KEY_INFO[key].deniedLayers ?? [];
  return (['flags', 'env', 'policy', 'settings'] as const).filter((layer) => !denied.includes(layer));
}

function allowedLayers(key: ConfigKey): string {
  const names = allowedLayerList(key).map((layer) => LAYER_NAMES[layer]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'nobody');
}

/** A problem with one key's value; with key '' a problem with the whole source (e.g. a file that is not JSON). */
export function makeProblem(
  key: string,
  source: ConfigSource,
  reason: string,
  facts: ConfigProblemFacts,
): ConfigProblem {
  return {
    key,
    source,
    reason,
    message: key ? `${key} from ${source.label}: ${reason}` : `${source.label}: ${reason}`,
    facts,
  };
}
