/**
 * The broker's configuration problems as facts (preload/contract: BrokerConfigProblem) the CLI words in
 * IT's language, each with the same in English (`error`, for logs): the config file, the pairs of keys
 * that go together, a user claim that does not identify a person or can be reassigned; and BrokerStartError for what stops a broker
 * whose settings were valid (a file it cannot read, the shared store out of reach, the address taken).
 */
import { readFile } from 'node:fs/promises';
import type { BrokerConfigProblem } from '../../../preload/contract/index.ts';
import type { BrokerConfig } from './broker-config.ts';

/**
 * A broker that cannot start for a reason IT can fix (a file it cannot read, the shared store out of
 * reach, the address taken): `problem` is worded by the CLI; the message is a developer's text.
 */
export class BrokerStartError extends Error {
  override readonly name = 'BrokerStartError';
  constructor(
    readonly problem: BrokerConfigProblem,
    options?: { cause?: unknown },
  ) {
    super(`The broker cannot start (${problem.kind}).`, options);
  }
}

/** A refusal: its facts for the words, and the same in English for logs. */
type Refused = { error: string; problem: BrokerConfigProblem };

function refused(problem: BrokerConfigProblem, error: string): Refused {
  return { error, problem };
}

/** What the schema cannot say about one key alone. */
export function crossCheck(
  config: BrokerConfig,
  claims: { identifying: readonly string[]; mutable: readonly string[] },
): Refused | undefined {
  if (!config.tlsCertFile !== !config.tlsKeyFile)
    return refused(
      { kind: 'go_together', keys: ['tlsCertFile', 'tlsKeyFile'] },
      'tlsCertFile and tlsKeyFile go together: set both, or neither.',
    );
  if (!config.requiredClaim !== (config.requiredClaimValue === undefined))
    return refused(
      { kind: 'go_together', keys: ['requiredClaim', 'requiredClaimValue'] },
      'requiredClaim and requiredClaimValue go together: set both, or neither.',
    );
  if (!claims.identifying.includes(config.userClaim) && !claims.mutable.includes(config.userClaim))
    return refused(
      { kind: 'claim_not_identifying', claim: config.userClaim },
      `userClaim ${config.userClaim} does not identify one person: use oid (Entra ID), sub, or email (taken ` +
        'only when verified); upn, preferred_username or unique_name with userClaimTrusted.',
    );
  if (claims.mutable.includes(config.userClaim) && !config.userClaimTrusted)
    return refused(
      { kind: 'claim_reassignable', claim: config.userClaim },
      `userClaim ${config.userClaim} can be renamed and passed to another person: use oid or sub, or set ` +
        'userClaimTrusted if your identity provider never reassigns it.',
    );
  return undefined;
}

/** The config file's object, or why it cannot be used (never quoting it: it may hold a secret by mistake). */
export async function readConfigFile(path: string): Promise<{ values: Record<string, unknown> } | Refused> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code ?? 'error';
    return refused(
      { kind: 'file_unreadable', file: path, errno },
      `The config file cannot be read (${errno}).`,
    );
  }
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && !Array.isArray(json))
      return { values: json as Record<string, unknown> };
  } catch {
    // Reported below without quoting the file (it may hold a secret by mistake).
  }
  return refused({ kind: 'file_not_object', file: path }, 'The config file is not a JSON object.');
}
