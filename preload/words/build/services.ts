/**
 * What the service answered (by its numeric code and HTTP status), the clock's part in a refused sign-in,
 * and the connection checks (the Connect screen and `scribe doctor` word both here): the catalogue's
 * `services.json` and `checks.json`. main/core/api keeps the machine facts (status, code, trace id, a
 * ServiceNote); never the service's own `message` text, never its "Reason given".
 */
import type SERVICES from '../en/services.json';
import type CHECKS from '../en/checks.json';
import {
  FAULT_REASONS,
  type CheckId,
  type CheckNote,
  type CheckParams,
  type FaultReason,
} from '../../contract/check-codes.ts';
import { JOB_REASONS } from '../../contract/failure-reasons.ts';
import type { ServiceNote } from '../../contract/service-notes.ts';
import { compile, messages } from '../messages.ts';
import type { WindowWords } from '../words.ts';

/** One language's service and check words, as its catalogue files hold them. */
export type ServicesCatalogue = typeof SERVICES & typeof CHECKS;

type ServicesPart = Pick<
  WindowWords,
  | 'callerOperations'
  | 'checkLabels'
  | 'serviceNoteText'
  | 'streamErrorText'
  | 'clockHintText'
  | 'checkLabel'
  | 'checkDetailText'
  | 'summaryText'
> & { clockNoteText(offsetMs: number): string };

/** What the service's ids say, as "(HTTP 401, code 5, Name, trace t)"; '' when none. */
function idsText(p: CheckParams): string {
  const ids = [
    p.status !== undefined ? `HTTP ${p.status}` : undefined,
    p.code !== undefined ? `code ${p.code}` : undefined,
    p.name,
    p.traceId ? `trace ${p.traceId}` : undefined,
  ].filter(Boolean);
  return ids.length > 0 ? ` (${ids.join(', ')})` : '';
}

const isFault = (reason: string): reason is FaultReason =>
  (FAULT_REASONS as readonly string[]).includes(reason);

type Answers = Pick<
  ServicesPart,
  'clockHintText' | 'clockNoteText' | 'streamErrorText' | 'serviceNoteText'
> & {
  serviceErrorText(status: number, code: number | undefined): string;
};

/** A message of `table` by numeric key, or undefined when it has none. */
function known(
  tag: string,
  table: Readonly<Record<string, string>>,
  key: number | undefined,
): string | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? messages(tag, table)(String(key)) : undefined;
}

/** What the service answered and the clock's part in it. */
function answerWords(tag: string, c: ServicesCatalogue): Omit<Answers, 'serviceNoteText'> {
  const say = messages(tag, c.services);
  const offset = (offsetMs: number) =>
    say('offset', {
      minutes: Math.round(Math.abs(offsetMs) / 60_000),
      seconds: Math.round(Math.abs(offsetMs) / 1000),
      // The service ahead means the computer is behind.
      behind: offsetMs > 0,
    });
  return {
    serviceErrorText: (status, code) =>
      known(tag, c.services.serviceCodes, code) ??
      known(tag, c.services.statuses, status) ??
      (status >= 500 ? say('serverError') : say('refusedUnknown', { status, code: code ?? null })),
    streamErrorText: (code) =>
      known(tag, c.services.serviceCodes, code) ?? say('streamError', { code: code ?? null }),
    clockHintText: (hint) =>
      hint.kind === 'unknown'
        ? say('clockUnknown')
        : say(hint.kind === 'compensated' ? 'clockCompensated' : 'clockOff', {
            offset: offset(hint.offsetMs),
          }),
    clockNoteText: (offsetMs) =>
      Math.abs(offsetMs) < 60_000 ? '' : say('clockNote', { offset: offset(offsetMs) }),
  };
}

/** The words of a failed call to the service (the CLI prints them with the ids; the window words the code). */
function noteWords(
  tag: string,
  c: ServicesCatalogue,
  a: Omit<Answers, 'serviceNoteText'>,
  words: () => WindowWords,
) {
  const say = messages(tag, c.services);
  const operations = compile(tag, c.callerOperations, {});
  const reason = (code: string, key: string): string => {
    const table = (words().reasons as Readonly<Record<string, Readonly<Record<string, string>>>>)[code];
    return table && Object.hasOwn(table, key) ? messages(tag, table)(key) : key;
  };
  return (note: ServiceNote): string => {
    switch (note.kind) {
      case 'answer':
        return a.serviceErrorText(note.status, note.code);
      case 'shape':
        return reason('service_error', note.reason);
      case 'job':
        return reason(JOB_REASONS[note.reason], note.reason);
      case 'clock':
        return a.clockHintText(note.hint);
      case 'caller':
        return say(note.requires === 'server' ? 'callerServer' : 'callerUser', {
          operation: operations[note.operation],
        });
      case 'sign_in_expired':
        return say('signInExpired', { organization: Boolean(note.organization) });
      case 'unreachable':
        return say('unreachable');
      case 'timed_out':
        return say('timeout');
      case 'deactivated':
        return say('deactivated');
      case 'different_account':
        return say('differentAccount');
    }
  };
}

/** Reasons whose words take nothing from the check. */
const PLAIN_REASONS = [
  'needs_address',
  'needs_sign_in',
  'settings_readable',
  'no_templates',
  'none',
  'could_not_run',
];

/** A failed call's words: its own, the service's code's, or the check's plain words; then the ids. */
function faultWords(tag: string, c: ServicesCatalogue, a: Answers) {
  const own = c.checks.own as Readonly<Record<string, string>>;
  return (fault: FaultReason, p: CheckParams, plain: string): string => {
    const text =
      fault === 'clock_unknown' || fault === 'clock_off'
        ? a.clockHintText(
            fault === 'clock_off' ? { kind: 'off', offsetMs: p.offsetMs ?? 0 } : { kind: 'unknown' },
          )
        : fault === 'timed_out'
          ? a.serviceNoteText({ kind: 'timed_out' })
          : fault === 'service' && p.status !== undefined
            ? a.serviceErrorText(p.status, p.code)
            : Object.hasOwn(own, fault)
              ? messages(tag, own)(fault)
              : plain;
    const note = fault !== 'clock_off' && p.offsetMs !== undefined ? a.clockNoteText(p.offsetMs) : '';
    return `${text}${idsText(p)}${note}`;
  };
}

/** The words a person reads for one check (the CLI prints the same), and a check's name. */
function checkWords(tag: string, c: ServicesCatalogue, a: Answers, words: () => WindowWords) {
  const check = messages(tag, c.checks.detail);
  const faultText = faultWords(tag, c, a);
  const templates = (p: CheckParams): string => {
    const keys = p.keys ?? [];
    const count = p.count ?? keys.length;
    // Names a person reads, not the service's keys (issue 19: Connect showed GENERIC_MULTIPLE_SECTIONS).
    const names = keys.length === 0 ? null : keys.map((key) => words().templateName(key)).join(', ');
    return check('templates', { count, names, more: count > keys.length });
  };
  return (note: CheckNote): string => {
    const p = note.params ?? {};
    const reason = note.reason as string;
    if (PLAIN_REASONS.includes(reason)) return check(reason as 'none');
    if (reason === 'valid') return check('valid', { host: p.host ?? null });
    if (reason === 'invalid')
      return p.rule ? check('invalidRule', { rule: words().baseUrlPhrase(p.rule) }) : check('invalid');
    if (reason === 'signed_in' || reason === 'signed_in_sample')
      return (
        check(reason, { caller: p.caller ?? null }) +
        (p.offsetMs !== undefined ? a.clockNoteText(p.offsetMs) : '')
      );
    if (reason === 'templates') return templates(p);
    if (reason === 'found') return check('found', { count: p.count ?? 0 });
    if (reason === 'unreadable') return p.failure ? words().formatError(p.failure) : check('unreadable');
    if (!isFault(reason)) return check('unknown');
    return faultText(reason, p, check(note.id === 'notes' ? 'notesPlain' : 'signInPlain'));
  };
}

/** The service and check words in the language `tag`; `words` (the whole language) is read at call time. */
export function serviceWords(tag: string, c: ServicesCatalogue, words: () => WindowWords): ServicesPart {
  const plain = compile(tag, { callerOperations: c.callerOperations, checkLabels: c.checkLabels }, {});
  const answers = answerWords(tag, c);
  const all: Answers = { ...answers, serviceNoteText: noteWords(tag, c, answers, words) };
  const checkDetailText = checkWords(tag, c, all, words);
  const checkLabel = (id: string): string =>
    Object.hasOwn(plain.checkLabels, id)
      ? plain.checkLabels[id as CheckId]
      : messages(tag, c.checks)('otherLabel');
  const summary = messages(tag, c.checks.summary);
  return {
    ...plain,
    clockHintText: all.clockHintText,
    clockNoteText: all.clockNoteText,
    streamErrorText: all.streamErrorText,
    serviceNoteText: all.serviceNoteText,
    checkLabel,
    checkDetailText,
    summaryText: (s, checks) => {
      const p = s.params ?? {};
      const failing = checks.find((one) => one.status === 'fail');
      if (s.code === 'check_failed' && failing) {
        const [label, detail] = [checkLabel(failing.id), checkDetailText(failing)];
        return summary('checkFailed', { connected: Boolean(p.connected), label, detail });
      }
      if (s.code === 'sample') return summary('sample');
      if (s.code !== 'connected')
        return summary('notConnected', { organization: Boolean(p.organization), sample: p.sample !== false });
      const region = p.region === 'local' ? summary('local') : (p.region ?? '').toUpperCase();
      return summary('connected', { host: p.host || null, region });
    },
  };
}
