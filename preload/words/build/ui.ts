/**
 * The window's own words, screen by screen: the catalogues' `ui-*.json` (one language each), their leaves
 * with arguments called positionally as the window calls them. The arguments' names here are the names the
 * messages use; `UI_PREPARE` adds the values a message needs beyond them (a difference, a date's words).
 */
import type CONNECT from '../en/ui-connect.json';
import type SETTINGS from '../en/ui-settings.json';
import type VISIT from '../en/ui-visit.json';
import { inSentence } from '../intl.ts';
import { compile, type Compiled, type Prepares } from '../messages.ts';

/** One language's window words, as its catalogue files hold them (English's keys: each language has all). */
export type UiCatalogue = typeof CONNECT & typeof SETTINGS & typeof VISIT;

const UI_SIGNATURES = {
  'inputs.languages': ['names'],
  'microphones.systemDefault': ['name:string?'],
  'microphones.isDefault': ['name'],
  'policyCard.pair': ['name', 'value'],
  'banner.notConnected': ['sample:boolean'],
  'frame.screenFailed': ['screen'],
  'noteLanguage.notOffered': ['noteLanguage'],
  'phrases.selectAll': ['n:number'],
  'phrases.changeSelected': ['n:number'],
  'phrases.deleteSelected': ['n:number'],
  'phrases.changeHeading': ['n:number'],
  'phrases.shortcut': ['i:number'],
  'phrases.text': ['i:number'],
  'phrases.save': ['n:number'],
  'phrases.count': ['count:number', 'unread:number', 'max:number'],
  'phrases.refused': ['count:number', 'what', 'max:number'],
  'replacements.changeLabel': ['spoken'],
  'replacements.deleteLabel': ['spoken'],
  'dictationSettings.holdUnavailable': ['accessibility:boolean'],
  'dictationSettings.clipboardClearHint': ['seconds:number'],
  'dictationSettings.clipboardClearInvalid': ['max:number'],
  'dictationSettings.historyFor': ['hours:number'],
  'appRules.rule': ['app', 'how'],
  'appRules.removeLabel': ['app'],
  'appRules.breakShown': ['how'],
  'dictationNotices.toggleTaken': ['keys', 'free:string?'],
  'visitDetails.summaryGiven': ['n:number'],
  'recovery.heading': ['count:number', 'ended:number'],
  'recovery.intro': ['count:number', 'ended:number'],
  'recovery.line': ['at:Date', 'ended:boolean', 'stale:boolean'],
  'note.writing': ['seconds:number'],
  'note.lines': ['n:number', 'recording:boolean'],
  'note.copied': ['whole:boolean', 'chars:number', 'hidden:boolean'],
  'note.changed': ['titles:list'],
  'problems.problem': ['n:number'],
  'problems.unnamed': ['n:number'],
  'problems.text': ['name'],
  'problems.up': ['name'],
  'problems.down': ['name'],
  'problems.remove': ['name'],
  'problems.untitled': ['n:number'],
  'transcript.count': ['n:number'],
  'section.copyLabel': ['title'],
  'section.editLabel': ['title'],
  'evidence.differs': ['kind', 'note', 'said'],
  'evidence.value': ['value'],
  'limits.count': ['count:number', 'limit:number'],
  'limits.over': ['limit:number'],
  'limits.near': ['limit:number'],
  'codes.stale': ['action'],
  'instructions.review': ['translated:boolean'],
  'instructions.shownIn': ['language', 'translated:boolean'],
  'instructions.copied': ['chars:number', 'hidden:boolean'],
  'settings.systemLanguage': ['name'],
  'settings.overLimit': ['over:number', 'limit:number'],
} as const;

/** Where the recovered visits stand: none ended, all ended, or some of each. */
const recoveryState = (count: number, ended: number): string =>
  ended === 0 ? 'interrupted' : ended === count ? 'ended' : 'mixed';

function prepare(tag: string): Prepares<typeof UI_SIGNATURES> {
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    'noteLanguage.notOffered': (noteLanguage) => ({
      noteLanguage,
      noteLanguageInSentence: inSentence(tag, noteLanguage),
    }),
    'dictationNotices.toggleTaken': (keys, free) => ({ keys, free: free || null }),
    'microphones.systemDefault': (name) => ({ name: name || null }),
    'phrases.count': (count, unread, max) => ({ count, unread, max, over: Math.max(0, count - max) }),
    'phrases.refused': (count, what, max) => ({ count, what, max, over: count - max }),
    'dictationSettings.clipboardClearHint': (seconds) => ({
      seconds,
      minutes: seconds >= 60 && seconds % 60 === 0 ? seconds / 60 : 0,
    }),
    'dictationSettings.historyFor': (hours) => ({
      hours,
      days: hours % 24 === 0 && hours > 24 ? hours / 24 : 0,
    }),
    'recovery.heading': (count, ended) => ({ count, state: recoveryState(count, ended) }),
    'recovery.intro': (count, ended) => ({ count, state: recoveryState(count, ended) }),
    'recovery.line': (at, ended, stale) => ({ when: dateTime.format(at), ended, stale }),
    'note.writing': (seconds) => ({ seconds: Math.round(seconds) }),
    'note.changed': (titles) => ({ count: titles.length, titles: titles.join(', ') }),
    'limits.count': (count, limit) => ({ count, limit, over: Math.max(0, count - limit) }),
  };
}

/** The window's words in the language `tag`, from its catalogue. */
export function uiWords(tag: string, catalogue: UiCatalogue): UiWords {
  return compile(tag, catalogue, UI_SIGNATURES, prepare(tag)) as UiWords;
}

/** The window's own words, screen by screen (English's keys: every language has every one). */
export type UiWords = Compiled<UiCatalogue, typeof UI_SIGNATURES> & {
  /** Looked up by the service's specialty code, which may be one this version does not know. */
  readonly codes: { readonly specialties: Readonly<Record<string, string | undefined>> };
};
