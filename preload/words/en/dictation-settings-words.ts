/** Settings → Dictation (English): hotkeys, mode, insertion, per-application rules, history, notices. */
import { formatsFor } from '../intl.ts';

const f = formatsFor('en');

export const DICTATION_SETTINGS_WORDS = {
  dictationSettings: {
    heading: 'Dictation',
    /** Why hold-to-talk cannot work now: macOS Accessibility is off, or no key hook on this system. */
    holdUnavailable: (accessibility: boolean) =>
      `Hold to talk is not available right now (${accessibility ? 'Accessibility is off' : 'no key hook on this system'}); the start/stop key works.`,
    mode: 'Hold-to-talk key',
    modes: {
      hybrid: 'Tap to start and stop, hold to talk',
      'push-to-talk': 'Hold to talk only',
      toggle: 'Not used (start/stop key only)',
    },
    insert: 'Put text in other applications by',
    insertModes: {
      paste: 'Pasting (fastest)',
      type: 'Typing (remote desktops, Citrix)',
      copy: 'Copying only (you paste)',
    },
    language: 'Language',
    clipboardClearHint: (seconds: number) =>
      seconds === 0
        ? 'Never: dictated text left on the clipboard stays there until something else is copied.'
        : `Dictated text left on the clipboard is cleared after ${clearAfter(seconds)} if it is still there (0: never).`,
    clipboardClearInvalid: (max: number) =>
      `Enter a whole number of seconds from 0 (never) to ${f.count(max)} (one hour).`,
    history: 'Keep history of dictations',
    historyUntilClose: 'Only until the app closes',
    /** A history kept for some hours (a whole number of days said in days), encrypted. */
    historyFor: (hours: number) =>
      `${hours % 24 === 0 && hours > 24 ? f.duration(hours / 24, 'day') : f.duration(hours, 'hour')} (encrypted on this computer)`,
    someLocked: 'Some dictation settings are set by your organization.',
    loading: 'Loading the dictation settings…',
  },
  appRules: {
    heading: 'Per application',
    /** One rule: the application's name, then how its text goes in. */
    rule: (app: string, how: string) => `${app}: ${how}`,
    remove: 'Remove',
    removeLabel: (app: string) => `Remove the rule for ${app}`,
    none: 'No rules: every application uses the setting above.',
    application: 'Application',
    by: 'by',
    modes: { paste: 'pasting', type: 'typing', copy: 'copying', never: 'never' },
    add: 'Add rule',
  },
  dictationNotices: {
    /** The toggle key another application holds, with free keys when main found some. */
    toggleTaken: (keys: string, free: string | null) =>
      `Another application holds ${keys}. Choose another key${free ? ` (free: ${free})` : ''}.`,
    accessibility:
      'Push-to-talk and typing into other applications need Accessibility: System Settings → Privacy & Security → Accessibility → turn on Scribe Desktop. Until then the toggle key and the Start button work.',
    secureInput: 'A password prompt has Secure Input on: dictation will not type until it closes.',
  },
};

/** A clear delay in whole minutes when it is some, else in seconds. */
function clearAfter(seconds: number): string {
  return seconds >= 60 && seconds % 60 === 0
    ? f.duration(seconds / 60, 'minute')
    : f.duration(seconds, 'second');
}
