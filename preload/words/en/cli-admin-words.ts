/**
 * The words of `scribe`'s IT commands (English): doctor's checks and results, the audit trail's lines,
 * appointments, send-instructions and the broker's warning. Codes, ids, file and key names stay as given.
 */
import type { AuditBreak } from '../../contract/audit-codes.ts';
import { formatsFor } from '../intl.ts';

const f = formatsFor('en');
const records = (n: number) => f.plural(n, { one: 'record', other: 'records' });

export const CLI_ADMIN_WORDS = {
  doctor: {
    /** The status column, as wide as its longest word plus one. */
    status: { pass: 'ok', fail: 'FAIL', warn: 'warn', skipped: 'skip' },
    checks: {
      configuration: 'configuration',
      privateKey: 'private key',
      user: 'user',
      userSignIn: 'user sign-in',
      noteSettings: 'note settings',
    },
    /** A check's line after the status column: its name and what it found. */
    line: (check: string, detail: string) => `${check}: ${detail}`,
    missing: (variables: string) => `missing ${variables}`,
    configured: (origin: string, apiVersion: string, asUser: boolean) =>
      `${origin}, API version ${apiVersion}, ${asUser ? 'acting as a user' : 'server caller'}`,
    keyRead: (keyId: string | undefined) => `RSA key read${keyId ? `, key id ${keyId}` : ''}`,
    user: (id: string) => `user ${id}`,
    tokensMinted: 'tokens minted',
    noteSettings: (template: string | null, locale: string | null) =>
      `template ${template ?? '(organization default)'}, locale ${locale ?? '(default)'}`,
    failed: (check: string, detail: string) => `doctor: ${check} failed: ${detail}`,
  },
  audit: {
    keptAside: (kind: string, file: string) =>
      `note: the keychain holding the audit trail's key is not available: ${kind} is kept apart in ${file}, outside the keyed trail.`,
    notRecorded: (kind: string, code: string) => `note: the audit trail could not record ${kind} (${code}).`,
    asideUnreadable: (file: string, rejected: string) =>
      `note: ${file} held a line that is not an intact record: its intact records were merged into the keyed trail, and the file was set aside as ${rejected} for IT to look at.`,
    mergedLater: (seq: number) => `(written without the key, merged later; kept apart as #${seq})`,
    /** Why a line breaks the chain, by code (`after`: the record it should have followed). */
    breaks: {
      not_json: () => 'is not a JSON record',
      not_record: () => 'is not a valid audit record',
      key_unreadable: () =>
        "is signed with the installation's audit key, which cannot be read here (verify as the account that wrote it)",
      not_keyed: () =>
        "is not signed with the installation's audit key (forged, or written without the keychain)",
      changed: () => 'was changed after it was written (its hash does not match)',
      out_of_order: (after: number) =>
        `does not follow record ${f.count(after)} (a record was removed, inserted or moved)`,
      newest_not_keyed: () =>
        "is the newest record but not signed with the installation's audit key (a trail forged from scratch?)",
      not_start: () => 'is not the start of the trail (earlier records were removed)',
    } satisfies Record<AuditBreak, (after: number) => string>,
    broken: (seq: number | null, file: string, line: number, reason: string) =>
      `audit: broken at ${seq === null ? 'a line' : `record #${seq}`} (${file} line ${line}): it ${reason}.`,
    asideNotVerified: (count: number, file: string) =>
      `audit: ${f.plural(count, { one: 'record', other: 'records' })} written without the installation's key (no keychain) ${count === 1 ? 'is' : 'are'} kept apart in ${file}, outside the keyed chain: not verified.`,
    mergedUnvouched: (count: number) =>
      `audit: note: ${records(count)} in the chain ${count === 1 ? 'was' : 'were'} written without the installation's key and merged later ("merged later" in \`scribe audit\`): the key vouches for ${count === 1 ? 'it' : 'them'} from the merge on, not from when ${count === 1 ? 'it was' : 'they were'} written.`,
    collectedUnreadable: (code: string) => `audit: the collected log cannot be read (${code}).`,
    cutShort: (seq: number) =>
      `audit: cut short: the collector holds record #${seq}, which the trail on this computer does not have.`,
    rewritten: (seq: number) =>
      `audit: rewritten: record #${seq} on this computer differs from the one the collector holds.`,
    intact: (count: number, firstSeq: number | null) =>
      `audit: intact (${records(count)}${firstSeq ? ` from #${firstSeq}` : ''})`,
    intactCollected: (count: number, firstSeq: number | null, collected: number, newest: number | null) =>
      `audit: intact (${records(count)}${firstSeq ? ` from #${firstSeq}` : ''}; matches the collector's ${records(collected)}${newest ? ` up to #${newest}` : ''})`,
    since: 'audit: --since must be a date such as 2026-11-01 or 2026-11-01T08:00Z.',
  },
  appointments: {
    dateShape: 'appointments: --date must be YYYY-MM-DD.',
    notADate: 'appointments: --date is not a date.',
    needsUser: (command: string) => `${command}: name the clinician with --user (SCRIBE_USER_EXTERNAL_ID).`,
    noPractitioner: 'appointments: no practitioner of the organization has this external id.',
  },
  sendInstructions: {
    needsFlags: 'send-instructions: give --appointment ID and --file F (or - for stdin).',
    asValues: 'send-instructions: --as is message or attachment.',
    empty: 'send-instructions: the file is empty.',
    tooLong: (chars: number, limit: number) =>
      `send-instructions: the instructions are ${f.count(chars)} characters; the limit is ${f.count(limit)}.`,
    /** The result line: how it was sent, whether the conversation is new, and its id. */
    sent: (as: 'message' | 'attachment', created: boolean, conversation: string) =>
      `sent ${as}${created ? ' (new conversation)' : ''} to conversation ${conversation}`,
    /** One of the conversation's newest messages: its author, never its text. */
    author: (from: string, attachment: boolean) => `  ${from}${attachment ? ' (attachment)' : ''}`,
  },
  broker: {
    plainHttp: (listen: string) =>
      `WARNING: the broker serves sign-in tokens over plain HTTP on ${listen}, beyond this machine: anyone on the network path can read them. Listen on 127.0.0.1 behind a TLS proxy, or set tlsCertFile and tlsKeyFile.`,
    configuration: (problem: string) => `broker configuration: ${problem}`,
  },
};
