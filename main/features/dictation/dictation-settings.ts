/**
 * Settings → Dictation: the dictation keys of the configuration as the clinician sees and changes them.
 * Values IT's policy (or flags, or the environment) set are shown and never written (the change would not
 * take effect); a refused chord says why and offers others.
 */
import type { Config, ConfigKey } from '../../core/config/config-schema.ts';
import type { SettingsStore, UserSettingsPatch } from '../../core/config/settings-store.ts';
import { DICTATION_LOCALES } from '../../core/api/schemas/common.ts';
import {
  OFFERED_KEYS,
  type DictationRefusalParams,
  HOTKEY_SETTINGS,
  type HotkeyName,
  type HotkeySetting,
  type KeyCheckResult,
  type KeyRefusal,
  type TemplateMarker,
} from '../../../preload/contract/index.ts';
import { Failure } from '../../base/failure.ts';
import { ChordError, formatChord, parseChord, type Chord } from '../../base/chords/chord.ts';
import {
  alternativeChords,
  type ChordRefusal,
  refuseChord,
  refuseDuplicate,
  type ChordUse,
} from '../../base/chords/chord-rules.ts';
import { DEFAULT_MIC_BUTTONS } from '../../core/config/dictation-keys.ts';
import type { MicAction, MicButton } from '../../../preload/contract/mic-codes.ts';
import type { HotkeyChoice } from './hotkey-driver.ts';
import type { HotkeyMode } from './hotkey-types.ts';

/** The dictation settings as the screen shows them. */
export interface DictationSettings {
  mode: HotkeyMode;
  toggleKey: string;
  holdKey: string;
  cancelKey: string;
  /** Undo last dictation, next / previous template field (globalShortcut, else the hook). */
  undoKey: string;
  nextFieldKey: string;
  previousFieldKey: string;
  /** Keep / fix the flag the overlay shows (registered only while it shows one). */
  keepFlagKey: string;
  fixFlagKey: string;
  insertMode: 'paste' | 'type' | 'copy';
  appRules: { app: string; insert: 'paste' | 'type' | 'copy' | 'never' }[];
  locale: string;
  historyHours: number;
  clipboardClearSeconds: number;
  commands: boolean;
  fieldMarkers: TemplateMarker[];
  /** A dictation microphone's Record button: toggle or push-to-talk. */
  micRecordMode: 'toggle' | 'push-to-talk';
  /** What each of its buttons does (the defaults with the clinician's or IT's changes laid over)… */
  micButtons: Partial<Record<MicButton, MicAction>>;
  /** …and in our dictation box (its own map over the same defaults). */
  micButtonsInBox: Partial<Record<MicButton, MicAction>>;
}

const KEY_OF: Readonly<Record<keyof DictationSettings, ConfigKey>> = {
  mode: 'dictationMode',
  toggleKey: 'dictationToggleKey',
  holdKey: 'dictationHoldKey',
  cancelKey: 'dictationCancelKey',
  undoKey: 'dictationUndoKey',
  nextFieldKey: 'dictationNextFieldKey',
  previousFieldKey: 'dictationPreviousFieldKey',
  keepFlagKey: 'dictationKeepFlagKey',
  fixFlagKey: 'dictationFixFlagKey',
  insertMode: 'dictationInsertMode',
  appRules: 'dictationAppRules',
  locale: 'dictationLocale',
  historyHours: 'dictationHistoryHours',
  clipboardClearSeconds: 'dictationClipboardClearSeconds',
  commands: 'dictationCommands',
  fieldMarkers: 'dictationFieldMarkers',
  micRecordMode: 'dictationMicRecordMode',
  micButtons: 'dictationMicButtons',
  micButtonsInBox: 'dictationMicButtonsInBox',
};

const USE_OF: Readonly<Record<HotkeySetting, ChordUse>> = {
  toggleKey: 'shortcut',
  holdKey: 'hook',
  cancelKey: 'hook',
  undoKey: 'shortcut',
  nextFieldKey: 'shortcut',
  previousFieldKey: 'shortcut',
  keepFlagKey: 'shortcut',
  fixFlagKey: 'shortcut',
};

const NAMES: Readonly<Record<HotkeySetting, HotkeyName>> = {
  toggleKey: 'toggle',
  holdKey: 'push-to-talk',
  cancelKey: 'cancel',
  undoKey: 'undo',
  nextFieldKey: 'next-field',
  previousFieldKey: 'previous-field',
  keepFlagKey: 'keep-flag',
  fixFlagKey: 'fix-flag',
};

type Refused = Omit<DictationRefusalParams, 'keys'>;

/** A dictation setting or action refused: the one failure type, with a reason and free keys to offer. */
export class DictationSettingError extends Failure<'dictation_setting_refused'> {
  override readonly name = 'DictationSettingError';
  constructor(refused: Refused | Refused['reason'], alternatives: readonly string[] = []) {
    const params = typeof refused === 'string' ? { reason: refused } : refused;
    const keys = OFFERED_KEYS.filter((key) => alternatives.includes(key));
    super('dictation_setting_refused', keys.length > 0 ? { ...params, keys } : params);
  }
}

/** Result of checking a captured key: its normal form, or why not (closed names only) and free keys. */
export type KeyCheck = KeyCheckResult;

/** Reads and writes the dictation settings over the SettingsStore, policy on top. */
export class DictationSettingsStore {
  readonly #store: SettingsStore;
  readonly #resolved: () => { config: Config; locked: readonly ConfigKey[] };
  readonly #platform: NodeJS.Platform;

  /** `resolved` may be the live configuration (IT's policy changes while the app runs). */
  constructor(
    store: SettingsStore,
    resolved:
      | { config: Config; locked: readonly ConfigKey[] }
      | (() => { config: Config; locked: readonly ConfigKey[] }),
    platform: NodeJS.Platform,
  ) {
    this.#store = store;
    this.#resolved = typeof resolved === 'function' ? resolved : () => resolved;
    this.#platform = platform;
  }

  get #config(): Config {
    return this.#resolved().config;
  }

  get #locked(): ReadonlySet<ConfigKey> {
    return new Set(this.#resolved().locked);
  }

  /** The settings now in effect. */
  get(): DictationSettings {
    const own = this.#store.get() as Partial<Config>;
    const pick = <K extends ConfigKey>(key: K): Config[K] =>
      this.#locked.has(key) ? this.#config[key] : ((own[key] as Config[K] | undefined) ?? this.#config[key]);
    return {
      mode: pick('dictationMode'),
      toggleKey: pick('dictationToggleKey'),
      holdKey: pick('dictationHoldKey'),
      cancelKey: pick('dictationCancelKey'),
      undoKey: pick('dictationUndoKey'),
      nextFieldKey: pick('dictationNextFieldKey'),
      previousFieldKey: pick('dictationPreviousFieldKey'),
      keepFlagKey: pick('dictationKeepFlagKey'),
      fixFlagKey: pick('dictationFixFlagKey'),
      insertMode: pick('dictationInsertMode'),
      appRules: [...pick('dictationAppRules')],
      locale: pick('dictationLocale'),
      historyHours: pick('dictationHistoryHours'),
      clipboardClearSeconds: pick('dictationClipboardClearSeconds'),
      commands: pick('dictationCommands'),
      fieldMarkers: [...pick('dictationFieldMarkers')],
      micRecordMode: pick('dictationMicRecordMode'),
      micButtons: { ...DEFAULT_MIC_BUTTONS, ...pick('dictationMicButtons') },
      micButtonsInBox: { ...DEFAULT_MIC_BUTTONS, ...pick('dictationMicButtonsInBox') },
    };
  }

  /** The screen's names of the settings IT set. */
  locked(): string[] {
    return (Object.keys(KEY_OF) as (keyof DictationSettings)[]).filter((k) => this.#locked.has(KEY_OF[k]));
  }

  /** The chords of the settings in effect. */
  choice(): HotkeyChoice {
    const s = this.get();
    return {
      mode: s.mode,
      toggle: parseChord(s.toggleKey),
      hold: parseChord(s.holdKey),
      cancel: parseChord(s.cancelKey),
      undo: parseChord(s.undoKey),
      nextField: parseChord(s.nextFieldKey),
      previousField: parseChord(s.previousFieldKey),
      keepFlag: parseChord(s.keepFlagKey),
      fixFlag: parseChord(s.fixFlagKey),
    };
  }

  /** Checks one captured key against the rules and the other two hotkeys. */
  checkKey(which: HotkeySetting, text: string): KeyCheck {
    const refusal = this.#refusedKey(which, text);
    if (refusal) return { ok: false, key: null, refusal, alternatives: this.#alternatives(which) };
    return { ok: true, key: formatChord(parseChord(text)), refusal: null, alternatives: [] };
  }

  /** Applies a change; throws DictationSettingError for a refused key or a locked setting. */
  update(patch: Partial<DictationSettings>): DictationSettings {
    const next: UserSettingsPatch = {};
    for (const [name, value] of Object.entries(patch) as [keyof DictationSettings, unknown][]) {
      if (value === undefined) continue;
      if (this.#locked.has(KEY_OF[name])) throw new DictationSettingError('organization_sets');
      if (isHotkey(name)) {
        const check = this.checkKey(name, String(value));
        if (check.refusal) {
          const { chord: _chord, ...refused } = check.refusal; // the failure never names the key itself
          throw new DictationSettingError(refused, check.alternatives);
        }
        (next as Record<string, unknown>)[KEY_OF[name]] = check.key;
        continue;
      }
      if (name === 'locale' && !(DICTATION_LOCALES as readonly string[]).includes(String(value)))
        throw new DictationSettingError('locale_unsupported');
      (next as Record<string, unknown>)[KEY_OF[name]] = value;
    }
    if (Object.keys(next).length > 0) this.#store.set(next);
    return this.get();
  }

  /** Why a chord cannot be this hotkey (a rule, or another hotkey has it), or null. */
  #refusal(which: HotkeySetting, chord: Chord): ChordRefusal | null {
    const current = this.get();
    const others = Object.fromEntries(
      HOTKEY_SETTINGS.filter((k) => k !== which).map((k) => [NAMES[k], parseChord(current[k])]),
    );
    return refuseChord(chord, USE_OF[which], this.#platform) ?? refuseDuplicate(chord, others);
  }

  /** Why this text cannot be this hotkey, by closed names (the chord's, never the text), or null. */
  #refusedKey(which: HotkeySetting, text: string): KeyRefusal | null {
    let chord: Chord;
    try {
      chord = parseChord(text);
    } catch (error) {
      if (!(error instanceof ChordError)) throw error;
      return { reason: error.reason };
    }
    const refusal = this.#refusal(which, chord);
    return refusal ? { ...refusal, chord: { modifiers: chord.modifiers, key: chord.key } } : null;
  }

  #alternatives(which: HotkeySetting): KeyCheck['alternatives'] {
    const current = this.get();
    const taken = HOTKEY_SETTINGS.map((k) => parseChord(current[k]));
    return alternativeChords(USE_OF[which], this.#platform, taken);
  }
}

function isHotkey(name: keyof DictationSettings): name is HotkeySetting {
  return (HOTKEY_SETTINGS as readonly string[]).includes(name);
}
