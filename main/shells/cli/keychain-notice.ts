/**
 * What a run says when the system keychain cannot be used (issue 31 item 12): one sentence, once a run.
 * The journal (a session's audio kept against a crash) and the audit trail's key both live in the keychain,
 * and each would otherwise say so by its own code. A session's journal is opened while it runs and its audit
 * record is written after it (withCliAudit), so the journal, when there is one, speaks first and names both.
 */
import { words } from '../../../preload/words/index.ts';

let said = false;

/** Whether a failure's code is the keychain's (not reachable, locked, refused). */
export function isKeychainCode(code: unknown): boolean {
  return typeof code === 'string' && code.startsWith('keychain_');
}

/** Says, unless this run already did, that the keychain cannot be used and what this run goes without. */
export function sayNoKeychain(journal: boolean): void {
  if (said) return;
  said = true;
  process.stderr.write(`scribe: ${words().cli.noKeychain(journal)}\n`);
}
