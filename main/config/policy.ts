/**
 * Reading the managed policy: the settings an organization's IT department imposes. Where it lives:
 * - everywhere: a JSON object of config keys, e.g. {"serviceUrl": "https://eu.api.example.com",
 *   "allowUserServiceUrlChange": false}, at /etc/scribe-desktop/policy.json (Linux and other Unixes),
 *   /Library/Application Support/ScribeDesktop/policy.json (macOS), %ProgramData%\ScribeDesktop\policy.json
 *   (Windows);
 * - Windows also: values under HKLM\Software\Policies\ScribeDesktop\ScribeDesktop (Group Policy), read with
 *   `reg query`; when that key exists it is the policy and the JSON file is not read (no merging, so an
 *   administrator sees exactly one source);
 * - SCRIBE_POLICY_FILE names a JSON file that replaces all of the above (tests, and unusual deployments).
 * TODO(macOS): managed preferences from MDM (/Library/Managed Preferences/<bundle id>.plist, converted with
 * `plutil -convert json`) once the bundle id is fixed in electron-builder.yml; until then use the JSON file.
 *
 * A policy that exists but cannot be read or parsed is an error, never "no policy": failing open would
 * silently drop what the organization enforces (e.g. which region patient audio goes to).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { win32 } from 'node:path';
import { promisify } from 'node:util';
import { makeProblem, type ConfigLayerInput, type ConfigProblem } from './resolve-config.ts';

/** One place a policy may be read from. */
export type PolicyLocation = { kind: 'json'; path: string } | { kind: 'registry'; key: string };

/** The Windows Group Policy key. */
export const POLICY_REGISTRY_KEY = 'HKLM\\Software\\Policies\\ScribeDesktop\\ScribeDesktop';
const MAX_POLICY_BYTES = 1024 * 1024;

/** The policy's locations for a platform, in the order they are tried (the first that exists wins). */
export function policyLocations(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): PolicyLocation[] {
  const override = env.SCRIBE_POLICY_FILE?.trim();
  if (override) return [{ kind: 'json', path: override }];
  switch (platform) {
    case 'win32':
      return [
        { kind: 'registry', key: POLICY_REGISTRY_KEY },
        {
          kind: 'json',
          path: win32.join(env.ProgramData ?? 'C:\\ProgramData', 'ScribeDesktop', 'policy.json'),
        },
      ];
    case 'darwin':
      return [{ kind: 'json', path: '/Library/Application Support/ScribeDesktop/policy.json' }];
    default:
      return [{ kind: 'json', path: '/etc/scribe-desktop/policy.json' }];
  }
}

/** The policy (undefined when none exists), or the reason it could not be read. */
export type PolicyLoad =
  { ok: true; policy: ConfigLayerInput | undefined } | { ok: false; error: ConfigProblem };

/** How the loader reaches the system; tests replace these. */
export interface PolicyReaders {
  readFile(path: string): Promise<Buffer>;
  /** `reg query <key>` output, or undefined when the key does not exist. */
  regQuery(key: string): Promise<string | undefined>;
}

/** Reads the managed policy for this platform. */
export async function loadPolicy(
  options: {
    platform?: NodeJS.Platform;
    env?: Readonly<Record<string, string | undefined>>;
    readers?: PolicyReaders;
  } = {},
): Promise<PolicyLoad> {
  const readers = options.readers ?? nodeReaders;
  for (const location of policyLocations(options.platform ?? process.platform, options.env ?? process.env)) {
    const loaded =
      location.kind === 'json'
        ? await readJsonPolicy(location.path, readers)
        : await readRegistryPolicy(location.key, readers);
    if (!loaded.ok || loaded.policy !== undefined) return loaded;
  }
  return { ok: true, policy: undefined };
}

/** Parses a policy file's text: a JSON object of config keys. */
export function parseJsonPolicy(text: string, origin: string): PolicyLoad {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure(origin, 'is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return failure(
      origin,
      'must be a JSON object of settings, e.g. {"serviceUrl": "https://eu.api.example.com"}',
    );
  }
  return { ok: true, policy: { values: parsed as Record<string, unknown>, origin } };
}

/**
 * Parses `reg query` output: REG_SZ and REG_EXPAND_SZ as text, REG_DWORD as a number, REG_MULTI_SZ as a list
 * (reg prints its separators as a literal `\0`). Other types and the unnamed `(Default)` value are ignored.
 */
export function parseRegQuery(output: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s+(\S+)\s+(REG_SZ|REG_EXPAND_SZ|REG_DWORD|REG_MULTI_SZ)\s+(.*?)\s*$/.exec(line);
    // `(Default)` is the key's unnamed value, which is no setting of ours.
    if (!match || match[1]!.startsWith('(')) continue;
    const [, name, type, data] = match as unknown as [string, string, string, string];
    if (type === 'REG_DWORD') values[name] = Number.parseInt(data, 16);
    else if (type === 'REG_MULTI_SZ') values[name] = data.split('\\0').filter((item) => item !== '');
    else values[name] = data;
  }
  return values;
}

async function readJsonPolicy(path: string, readers: PolicyReaders): Promise<PolicyLoad> {
  const origin = path;
  let bytes: Buffer;
  try {
    bytes = await readers.readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, policy: undefined };
    return failure(origin, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (bytes.length > MAX_POLICY_BYTES) return failure(origin, 'is larger than 1 MiB');
  return parseJsonPolicy(bytes.toString('utf8').replace(/^\uFEFF/, ''), origin);
}

async function readRegistryPolicy(key: string, readers: PolicyReaders): Promise<PolicyLoad> {
  let output: string | undefined;
  try {
    output = await readers.regQuery(key);
  } catch {
    return failure(key, 'cannot be read with reg query');
  }
  return output === undefined
    ? { ok: true, policy: undefined }
    : { ok: true, policy: { values: parseRegQuery(output), origin: key } };
}

function failure(origin: string, reason: string): PolicyLoad {
  return {
    ok: false,
    error: makeProblem('', { layer: 'policy', label: `managed policy ${origin}` }, reason),
  };
}

const run = promisify(execFile);

const nodeReaders: PolicyReaders = {
  readFile: (path) => readFile(path),
  async regQuery(key) {
    try {
      const { stdout } = await run('reg', ['query', key], { windowsHide: true, timeout: 10_000 });
      return stdout;
    } catch (error) {
      // reg exits 1 when the key does not exist.
      if ((error as { code?: unknown }).code === 1) return undefined;
      throw error;
    }
  },
};
