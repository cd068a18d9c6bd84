/**
 * Configuration keys of dictation anywhere (hotkeys, mode, insertion, per-application rules, history),
 * kept in one block beside the other keys of config-schema.ts. Chords are checked with the same rules the
 * Settings screen uses, so a policy cannot set a chord the app would refuse (copy, paste, a letter…).
 */
import { z } from 'zod';
import { parseChord, formatChord, ChordError } from '../dictation/chord.ts';
import { chordRefusalMessage, refuseChord, type ChordUse } from '../dictation/chord-rules.ts';

/** How the hold chord behaves (see main/dictation/hotkey-machine.ts). */
const DICTATION_MODES = ['toggle', 'push-to-talk', 'hybrid'] as const;
/** How dictated text goes into another application. */
const INSERT_MODES = ['paste', 'type', 'copy'] as const;

const chord = (use: ChordUse) =>
  z.string().transform((raw, ctx) => {
    try {
      const parsed = parseChord(raw);
      const refusal = refuseChord(parsed, use, process.platform);
      if (refusal) {
        ctx.addIssue({ code: 'custom', message: chordRefusalMessage(parsed, refusal, process.platform) });
        return z.NEVER;
      }
      return formatChord(parsed);
    } catch (error) {
      if (!(error instanceof ChordError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });

/** One per-application rule: the application by process name, bundle id or X11 class, and its mode. */
const appRule = z.object({
  app: z.string().trim().min(1).max(256),
  insert: z.enum([...INSERT_MODES, 'never']),
});

const appRules = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown; // registry and environment carry the list as JSON text
  } catch {
    return value;
  }
}, z.array(appRule).max(200));

/** Each dictation key's schema, without defaults. */
export const DICTATION_FIELD_SCHEMAS = {
  dictationMode: z.enum(DICTATION_MODES),
  dictationToggleKey: chord('shortcut'),
  dictationHoldKey: chord('hook'),
  dictationCancelKey: chord('hook'),
  dictationInsertMode: z.enum(INSERT_MODES),
  dictationAppRules: appRules,
  // History of dictations holds patient text: none beyond the session unless the clinician or IT says so.
  dictationHistoryHours: z.number().int().min(0).max(168),
} as const;

/** Defaults: keys that type nothing in other apps (F9 swallowed by globalShortcut, Ctrl+Super modifiers only). */
export const DICTATION_DEFAULTS = {
  dictationMode: 'hybrid',
  dictationToggleKey: 'F9',
  dictationHoldKey: 'Control+Super',
  dictationCancelKey: 'Shift+F9',
  dictationInsertMode: 'paste',
  dictationAppRules: [],
  dictationHistoryHours: 0,
} as const;

/** Environment names and forms of the dictation keys. */
export const DICTATION_KEY_INFO = {
  dictationMode: {
    form: 'text',
    env: 'SCRIBE_DICTATION_MODE',
    expect: `must be one of ${DICTATION_MODES.join(', ')}`,
  },
  dictationToggleKey: {
    form: 'text',
    env: 'SCRIBE_DICTATION_TOGGLE_KEY',
    expect: 'must be a hotkey such as F9 or Control+Alt+D',
  },
  dictationHoldKey: {
    form: 'text',
    env: 'SCRIBE_DICTATION_HOLD_KEY',
    expect: 'must be a hotkey such as Control+Super',
  },
  dictationCancelKey: {
    form: 'text',
    env: 'SCRIBE_DICTATION_CANCEL_KEY',
    expect: 'must be a hotkey such as Shift+F9',
  },
  dictationInsertMode: {
    form: 'text',
    env: 'SCRIBE_DICTATION_INSERT_MODE',
    expect: `must be one of ${INSERT_MODES.join(', ')}`,
  },
  dictationAppRules: {
    form: 'text',
    env: 'SCRIBE_DICTATION_APP_RULES',
    expect: 'must be a list of {"app": "…", "insert": "paste|type|copy|never"}',
  },
  dictationHistoryHours: {
    form: 'int',
    env: 'SCRIBE_DICTATION_HISTORY_HOURS',
    expect: 'must be a whole number of hours from 0 (none beyond the session) to 168',
  },
} as const;
