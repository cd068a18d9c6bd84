/**
 * Reading the managed policy: the settings an organization's IT department imposes (keys: policy-keys.ts).
 * Where it lives, tried in order; the first that exists is the policy (no merging, so an administrator sees
 * exactly one source):
 * - Windows: values under HKLM\Software\Policies\ScribeDesktop\ScribeDesktop (Group Policy, computer),
 *   else the same key under HKCU (Group Policy, user), read through advapi32 (native/win32/win32-registry.ts),
 *   never by running `reg`, which a user could plant in the current folder or on PATH. Both Policies keys are
 *   writable by administrators only. No file: %ProgramData% lets every user create files and folders, so a
 *   policy.json there would be anyone's word, not IT's (issue 20); telling an admin-only file from it means
 *   reading its ACL, which this reader does not do, so Windows has no file fallback at all;
 * - macOS: managed preferences from a configuration profile (MDM), per user
 *   (/Library/Managed Preferences/<user>/<bundle id>.plist) before the computer's
 *   (/Library/Managed Preferences/<bundle id>.plist); else /Library/Application Support/ScribeDesktop/policy.json;
 *   binary plists are converted by /usr/bin/plutil, by its absolute path (never looked up on PATH);
 * - Linux and other Unixes: /etc/scribe-desktop/policy.json (a JSON object of keys);
 * - SCRIBE_POLICY_FILE names a JSON file that replaces all of the above, in development builds and the CLI
 *   only: the installed app never lets an environment variable choose its policy.
 *
 * A policy that exists but cannot be read or parsed is an error, never "no policy": failing open would
 * silently drop what the organization enforces (e.g. which region patient audio goes to).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { posix } from 'node:path';
import { promisify } from 'node:util';
import { parsePlistPolicy, plistToXml } from './policy-plist.ts';
import { readRegistryKey } from '../../../native/win32/win32-registry.ts';
import { makeProblem, type ConfigLayerInput, type ConfigProblem } from './resolve-config.ts';
import type { ConfigProblemFacts } from '../../../preload/contract/index.ts';

/** One place a policy may be read from. */
export type PolicyLocation =
  { kind: 'json'; path: string } | { kind: 'plist'; path: string } | { kind: 'registry'; key: string };

/** The Windows Group Policy key (computer); the user's is the same path under HKCU. */
export const POLICY_REGISTRY_KEY = 'HKLM\\Software\\Policies\\ScribeDesktop\\ScribeDesktop';
/** The Windows Group Policy key of the user. */
export const USER_POLICY_REGISTRY_KEY = POLICY_REGISTRY_KEY.replace(/^HKLM/, 'HKCU');
/** The macOS bundle id (electron-builder.yml appId): the managed preferences domain. */
export const BUNDLE_ID = 'com.scribedesktop.app';
/** Where macOS configuration profiles put managed preferences. */
const MANAGED_PREFERENCES_DIR = '/Library/Managed Preferences';
const MAX_POLICY_BYTES = 1024 * 1024;

/** Which machine and process the policy is read for. */
export interface PolicyScope {
  platform?: NodeJS.Platform;
  env?: Readonly<Record<string, string | undefined>>;
  /** The installed app: SCRIBE_POLICY_FILE is ignored. */
  packaged?: boolean;
  /** The account name (macOS per-user managed preferences); this process's by default. */
  user?: string;
}

/** The policy's locations for a platform, in the order they are tried (the first that exists wins). */
export function policyLocations(scope: PolicyScope = {}): PolicyLocation[] {
  const env = scope.env ?? process.env;
  const override = env.SCRIBE_POLICY_FILE?.trim();
  if (override && !scope.packaged) return [{ kind: 'json', path: override }];
  switch (scope.platform ?? process.platform) {
    case 'win32':
      return [
        { kind: 'registry', key: POLICY_REGISTRY_KEY },
        { kind: 'registry', key: USER_POLICY_REGISTRY_KEY },
      ];
    case 'darwin':
      return [
        {
          kind: 'plist',
          path: posix.join(MANAGED_PREFERENCES_DIR, scope.user ?? userInfo().username, `${BUNDLE_ID}.plist`),
        },
        { kind: 'plist', path: posix.join(MANAGED_PREFERENCES_DIR, `${BUNDLE_ID}.plist`) },
        { kind: 'json', path: '/Library/Application Support/ScribeDesktop/policy.json' },
      ];
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
  /** The values of a registry key (`HKLM\…`), or undefined when the key does not exist. */
  registry(key: string): Promise<Record<string, unknown> | undefined>;
  /** A binary property list as XML (macOS `plutil`; managed preferences are often binary). */
  plistToXml(path: string): Promise<string>;
}

/** Reads the managed policy for this platform. */
export async function loadPolicy(
  options: PolicyScope & { readers?: PolicyReaders } = {},
): Promise<PolicyLoad> {
  const readers = options.readers ?? nodeReaders;
  for (const location of policyLocations(options)) {
    const loaded = await readLocation(location, readers);
    if (!loaded.ok || loaded.policy !== undefined) return loaded;
  }
  return { ok: true, policy: undefined };
}

function readLocation(location: PolicyLocation, readers: PolicyReaders): Promise<PolicyLoad> {
  switch (location.kind) {
    case 'json':
      return readJsonPolicy(location.path, readers);
    case 'plist':
      return readPlistPolicy(location.path, readers);
    case 'registry':
      return readRegistryPolicy(location.key, readers);
    default: {
      const unreachable: never = location;
      return unreachable;
    }
  }
}

/** Parses a policy file's text: a JSON object of config keys. */
export function parseJsonPolicy(text: string, origin: string): PolicyLoad {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure(origin, 'is not valid JSON', { kind: 'file_not_json' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return failure(
      origin,
      'must be a JSON object of settings, e.g. {"serviceUrl": "https://eu.api.example.com"}',
      { kind: 'policy_not_object' },
    );
  }
  return { ok: true, policy: { values: parsed as Record<string, unknown>, origin } };
}

async function readPolicyFile(path: string, readers: PolicyReaders): Promise<Buffer | PolicyLoad> {
  try {
    const bytes = await readers.readFile(path);
    return bytes.length > MAX_POLICY_BYTES
      ? failure(path, 'is larger than 1 MiB', { kind: 'file_too_large' })
      : bytes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, policy: undefined };
    const errno = (error as NodeJS.ErrnoException).code ?? 'error';
    return failure(path, `cannot be read (${errno})`, { kind: 'file_unreadable', errno });
  }
}

async function readJsonPolicy(path: string, readers: PolicyReaders): Promise<PolicyLoad> {
  const bytes = await readPolicyFile(path, readers);
  if (!Buffer.isBuffer(bytes)) return bytes;
  return parseJsonPolicy(bytes.toString('utf8').replace(/^\uFEFF/, ''), path);
}

async function readPlistPolicy(path: string, readers: PolicyReaders): Promise<PolicyLoad> {
  const bytes = await readPolicyFile(path, readers);
  if (!Buffer.isBuffer(bytes)) return bytes;
  let xml: string;
  try {
    xml = await plistToXml(bytes, path, readers.plistToXml);
  } catch {
    return failure(path, 'is a binary property list that plutil could not convert', {
      kind: 'plist_unconvertible',
    });
  }
  const parsed = parsePlistPolicy(xml);
  return parsed.ok
    ? { ok: true, policy: { values: parsed.values, origin: path } }
    : failure(path, parsed.reason, { kind: parsed.kind });
}

async function readRegistryPolicy(key: string, readers: PolicyReaders): Promise<PolicyLoad> {
  let values: Record<string, unknown> | undefined;
  try {
    values = await readers.registry(key);
  } catch {
    return failure(key, 'cannot be read from the registry', { kind: 'registry_unreadable' });
  }
  return values === undefined
    ? { ok: true, policy: undefined }
    : { ok: true, policy: { values, origin: key } };
}

function failure(origin: string, reason: string, facts: ConfigProblemFacts): PolicyLoad {
  return {
    ok: false,
    error: makeProblem('', { layer: 'policy', label: `managed policy ${origin}`, origin }, reason, facts),
  };
}

const run = promisify(execFile);
/** macOS's own plutil (the system volume, which no user may write). */
const PLUTIL = '/usr/bin/plutil';

const nodeReaders: PolicyReaders = {
  readFile: (path) => readFile(path),
  registry: async (key) => readRegistryKey(key),
  async plistToXml(path) {
    // By absolute path: a `plutil` looked up on PATH could be anyone's, printing any policy it liked.
    const { stdout } = await run(PLUTIL, ['-convert', 'xml1', '-o', '-', '--', path], { timeout: 10_000 });
    return stdout;
  },
};
