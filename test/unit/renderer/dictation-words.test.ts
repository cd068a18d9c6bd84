import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import type { DictationStateDto } from '../../../preload/contract/index.ts';
import {
  boxText,
  dateAndTime,
  dictationHint,
  historyKept,
  holdUnavailable,
  keyRefusal,
  shortTime,
  withAppRule,
  withoutAppRule,
} from '../../../renderer/lib/state/dictation-words.ts';

// The window loads its language before it shows anything; these rules are worded in English.
beforeAll(() => useLocale('en'));

const settings: DictationStateDto['settings'] = {
  mode: 'hybrid',
  toggleKey: 'F9',
  holdKey: 'F8',
  cancelKey: 'Escape',
  undoKey: 'Alt+Shift+F9',
  keepFlagKey: 'F7',
  fixFlagKey: 'Shift+F7',
  nextFieldKey: 'Control+F9',
  previousFieldKey: 'Control+Shift+F9',
  insertMode: 'paste',
  appRules: [{ app: 'wfica32.exe', insert: 'type' }],
  locale: 'ENGLISH_US',
  historyHours: 0,
  clipboardClearSeconds: 60,
  commands: true,
  fieldMarkers: ['asterisks'],
  micRecordMode: 'toggle',
  micButtons: { record: 'record' },
  micButtonsInBox: { record: 'record' },
};
const state = (over: Partial<DictationStateDto> = {}): DictationStateDto => ({
  active: false,
  box: { text: 'kept words', note: null },
  settings,
  locked: [],
  hotkeys: { hook: 'running', toggle: 'hook', toggleTaken: false, alternatives: [], holdUnavailable: false },
  accessibility: 'not-needed',
  secureInput: false,
  history: [],
  recoverable: [],
  locales: ['ENGLISH_US'],
  mic: { kind: 'none', models: [] },
  ...over,
});

describe('Settings → Dictation rules', () => {
  it('refuses a taken key with main’s reason and the free keys to try', () => {
    const copy = {
      refusal: { reason: 'key_reserved', use: 'copy', chord: { modifiers: ['Control'], key: 'C' } },
      alternatives: ['F10', 'Control+Shift+F10'],
    } as const;
    expect(keyRefusal(copy, false)).toBe(
      'Ctrl+C is kept for copy; choose another key. Free keys: F10, Ctrl+Shift+F10.',
    );
    expect(keyRefusal(copy, true)).toBe(
      'Control+C is kept for copy; choose another key. Free keys: F10, Control+Shift+F10.',
    );
    const duplicate = {
      refusal: { reason: 'key_duplicate', other: 'cancel', chord: { modifiers: ['Shift'], key: 'F9' } },
      alternatives: [],
    } as const;
    expect(keyRefusal(duplicate, false)).toBe('Shift+F9 is already the cancel hotkey.');
    // What was typed is not a chord: its text never came, so the words do not name it.
    expect(keyRefusal({ refusal: { reason: 'key_unreadable' }, alternatives: [] }, false)).toBe(
      'That is not a key a hotkey can use. Choose another key.',
    );
    expect(keyRefusal({ refusal: null, alternatives: [] }, false)).toBe('Choose another key.');
  });

  it('adds a per-application rule with its name trimmed, ignores a blank one, removes by position', () => {
    expect(withAppRule(settings.appRules, '  epic.exe ', 'paste')).toEqual([
      { app: 'wfica32.exe', insert: 'type' },
      { app: 'epic.exe', insert: 'paste' },
    ]);
    expect(withAppRule(settings.appRules, '   ', 'paste')).toEqual(settings.appRules);
    expect(withoutAppRule(settings.appRules, 0)).toEqual([]);
  });

  it('a rule’s line break is set only when chosen (the field decides otherwise, refused when unreadable)', () => {
    expect(withAppRule([], 'chat.exe', 'type', 'shift-return')).toEqual([
      { app: 'chat.exe', insert: 'type', lineBreak: 'shift-return' },
    ]);
    expect(withAppRule([], 'chat.exe', 'type', 'field')).toEqual([{ app: 'chat.exe', insert: 'type' }]);
  });

  it('says why hold-to-talk cannot work, only when it is used', () => {
    const hotkeys = { ...state().hotkeys, holdUnavailable: true };
    expect(holdUnavailable(state({ hotkeys }))).toBe('no key hook on this system');
    expect(holdUnavailable(state({ hotkeys: { ...hotkeys, hook: 'accessibility' } }))).toBe(
      'Accessibility is off',
    );
    expect(holdUnavailable(state({ hotkeys, settings: { ...settings, mode: 'toggle' } }))).toBeNull();
    expect(holdUnavailable(state())).toBeNull();
  });
});

describe('the Dictation screen', () => {
  it('names the hold key only when hold-to-talk is used', () => {
    expect(dictationHint(settings, false)).toBe(
      'Press F9 in any application to dictate where the cursor is, or hold F8 while you speak. Text that cannot go in lands here.',
    );
    expect(dictationHint({ ...settings, mode: 'toggle' }, false)).not.toContain('hold');
  });

  it('says how long dictations are kept', () => {
    expect(historyKept(24)).toBe('Dictations are kept for 24 hours, encrypted on this computer.');
    expect(historyKept(0)).toBe('Dictations are kept here until the app closes.');
  });

  it('shows the live words while dictating, the clinician’s edit once done', () => {
    expect(boxText(state({ active: true, box: { text: 'live', note: null } }), 'my edit')).toBe('live');
    expect(boxText(state(), 'my edit')).toBe('my edit');
    expect(boxText(state(), null)).toBe('kept words');
    expect(boxText(null, null)).toBe('');
  });

  it("writes times in the window's language, not the system's (issue 31 item 4)", async () => {
    const at = new Date(2026, 11, 6, 13, 53).getTime();
    try {
      await useLocale('fr');
      expect(shortTime(at)).toBe('13:53');
      expect(dateAndTime(at)).toMatch(/^6 déc\. 2026.*13:53$/);
      await useLocale('es');
      expect(shortTime(at)).toBe('13:53');
      await useLocale('en');
      expect(shortTime(at)).toBe('01:53 PM');
    } finally {
      await useLocale('en');
    }
  });
});
