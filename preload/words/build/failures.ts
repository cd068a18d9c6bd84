/**
 * The one place where an expected failure becomes words a person reads: `code + params` → words, for the
 * window, the CLI and main's Failure alike. Params are structured and closed (reason keys, numbers, enum
 * values; see preload/contract/error-codes.ts), never sentences, so nothing a person said or a library
 * wrote can ride along. The catalogue's `errors.json`, `reasons.json` and `settings.json`; the logic once.
 */
import type ERRORS from '../en/errors.json';
import type REASONS from '../en/reasons.json';
import type SETTINGS from '../en/settings.json';
import {
  LOCKABLE_SETTINGS,
  type ErrorCode,
  type MessageSource,
  type PolicyParams,
} from '../../contract/error-codes.ts';
import type { FixedLimitRule, LimitParams } from '../../contract/limit-codes.ts';
import type { LockOrigin, SettingKey, SettingsNotice } from '../../contract/setting-codes.ts';
import { compile, format, messages } from '../messages.ts';
import type { WindowWords } from '../words.ts';

/** One language's failure words, as its catalogue files hold them. */
export type FailuresCatalogue = typeof ERRORS & typeof REASONS & typeof SETTINGS;

type FailuresPart = Pick<
  WindowWords,
  | 'errors'
  | 'reasons'
  | 'reservedKeyUses'
  | 'hotkeyNames'
  | 'limitSubjects'
  | 'fixedLimits'
  | 'settingTitles'
  | 'formatError'
  | 'limitText'
  | 'keyRefusalText'
  | 'baseUrlPhrase'
  | 'settingTitle'
  | 'lockReasonText'
  | 'settingsNoticeText'
>;

/** The clock's words a failure may carry, from the service words (the same language). */
type ClockWords = Pick<WindowWords, 'clockHintText'> & { clockNoteText(offsetMs: number): string };

type Plain = Pick<
  FailuresPart,
  'errors' | 'reservedKeyUses' | 'hotkeyNames' | 'limitSubjects' | 'fixedLimits' | 'settingTitles'
>;

/** The words of a limit failure: which rule, about which subject, with which numbers. */
function limitWords(tag: string, c: FailuresCatalogue, plain: Plain): FailuresPart['limitText'] {
  const limits = messages(tag, c.limits);
  return (params: LimitParams): string => {
    const { rule, limit, actual } = params;
    if (Object.hasOwn(plain.fixedLimits, rule)) return plain.fixedLimits[rule as FixedLimitRule];
    if (!Object.hasOwn(c.limits, rule)) return plain.errors.limit_exceeded;
    const subject = plain.limitSubjects[params.subject ?? 'extra_context'];
    const over = (actual ?? 0) - (limit ?? 0);
    return limits(rule as keyof typeof c.limits, { subject, actual: actual ?? 0, limit: limit ?? 0, over });
  };
}

/** Settings' titles, why one is locked, and the notice of a settings file reset at start. */
function settingWords(tag: string, c: FailuresCatalogue, plain: Plain) {
  const settings = messages(tag, c.settingParts);
  const problem = messages(tag, c.settingParts.problems);
  const settingTitle = (key: string): string =>
    Object.hasOwn(plain.settingTitles, key) ? plain.settingTitles[key as SettingKey] : key;
  const problemText = (p: SettingsNotice['problems'][number]): string => {
    const why = problem(Object.hasOwn(c.settingParts.problems, p.rule) ? p.rule : 'value_refused');
    if (p.rule === 'not_json') return why;
    return settings('problem', { title: p.key ? settingTitle(p.key) : null, why });
  };
  return {
    settingTitle,
    lockReasonText: (lock: LockOrigin) => settings('lock', { source: lock.source, via: lock.via || null }),
    settingsNoticeText: (notice: SettingsNotice) =>
      settings('notice', {
        file: notice.file || null,
        backup: notice.backup || null,
        problems: notice.problems.map(problemText).join(settings('separator')),
      }),
  };
}

/** The closed params a reason's words name: {errno} as it is, {use} and {other} from their tables. */
function paramValues(
  tag: string,
  c: FailuresCatalogue,
  plain: Plain,
  params: Partial<Record<string, unknown>>,
) {
  const part = messages(tag, c.errorParts);
  const value = (name: 'use' | 'other', table: Readonly<Record<string, string>>, unknown: string): string => {
    const given = params[name];
    if (typeof given !== 'string') return part(unknown as 'unknownUse');
    return Object.hasOwn(table, given) ? (table[given] ?? given) : given;
  };
  return {
    errno: typeof params.errno === 'string' ? params.errno : part('unknownErrno'),
    use: value('use', plain.reservedKeyUses, 'unknownUse'),
    other: value('other', plain.hotkeyNames, 'unknownOther'),
  };
}

interface Helpers {
  readonly plain: Plain;
  readonly limitText: FailuresPart['limitText'];
  readonly settingTitle: (key: string) => string;
  readonly clock: () => ClockWords;
}

/** The words a person reads for an expected failure. An unknown code or reason falls back to general words. */
function errorFormatter(tag: string, c: FailuresCatalogue, h: Helpers): FailuresPart['formatError'] {
  const part = messages(tag, c.errorParts);
  const reasons = c.reasons as Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;
  return (error: MessageSource): string => {
    const code = (Object.hasOwn(h.plain.errors, error.code) ? error.code : 'internal') as ErrorCode;
    const params = error.params as Partial<Record<string, unknown>> | undefined;
    if (!params) return h.plain.errors[code];
    if (code === 'limit_exceeded') return h.limitText(params as unknown as LimitParams);
    if (code === 'policy_locked') {
      const { setting, source } = params as unknown as PolicyParams;
      const known = (LOCKABLE_SETTINGS as readonly string[]).includes(setting);
      return part('locked', { title: known ? h.settingTitle(setting) : part('thisSetting'), source });
    }
    if (code === 'clock_wrong' && typeof params.offsetMs === 'number')
      return h.clock().clockHintText({ kind: 'off', offsetMs: params.offsetMs });
    if (code === 'auth_failed' && typeof params.offsetMs === 'number')
      return `${h.plain.errors.auth_failed}${h.clock().clockNoteText(params.offsetMs)}`;
    const table = reasons[code];
    const reason = typeof params.reason === 'string' && table && Object.hasOwn(table, params.reason);
    const message = reason ? table![params.reason as string]! : c.errors[code];
    const words = format(tag, message, paramValues(tag, c, h.plain, params));
    const keys = Array.isArray(params.keys) && params.keys.length > 0 ? params.keys.join(', ') : null;
    return keys ? words + part('freeKeys', { keys }) : words;
  };
}

/** A sentence about `subject` with the subject and its final full stop left out. */
const predicate = (sentence: string, subject: string): string =>
  (sentence.startsWith(`${subject} `) ? sentence.slice(subject.length + 1) : sentence).replace(/\.$/, '');

/** The failure words in the language `tag`; `clock` is read when a failure needs it. */
export function failureWords(tag: string, c: FailuresCatalogue, clock: () => ClockWords): FailuresPart {
  const { errors, reservedKeyUses, hotkeyNames, limitSubjects, fixedLimits, settingTitles } = c;
  const plain = compile(
    tag,
    { errors, reservedKeyUses, hotkeyNames, limitSubjects, fixedLimits, settingTitles },
    {},
  );
  const part = messages(tag, c.errorParts);
  const limitText = limitWords(tag, c, plain);
  const settings = settingWords(tag, c, plain);
  const formatError = errorFormatter(tag, c, {
    plain,
    limitText,
    settingTitle: settings.settingTitle,
    clock,
  });
  return {
    ...plain,
    ...settings,
    reasons: c.reasons,
    formatError,
    limitText,
    baseUrlPhrase: (rule) => predicate(c.reasons.config_invalid[rule], part('addressSubject')),
    keyRefusalText: (refusal, keys) => {
      const { reason, use, other } = refusal;
      const words = formatError({ code: 'dictation_setting_refused', params: { reason, use, other } });
      const subject = part('keySubject');
      return keys === null || !words.startsWith(subject) ? words : keys + words.slice(subject.length);
    },
  };
}
