/**
 * Keys of dictation anywhere (hotkeys, mode, insertion, per-application rules, history), one block of the
 * schema (policy-keys.ts). Chords are checked with the same rules as Settings → Dictation, so a policy
 * cannot set a chord the app would refuse (copy, paste, a letter through the hook…). The dictation
 * language (`dictationLocale`) stays with the other languages.
 */
import { z } from 'zod';
import { key } from './policy-keys-core.ts';
import { chord } from './chord-key.ts';
import { CHECK_KEYS } from './check-keys.ts';
import {
  CLIPBOARD_CLEAR_MAX_SECONDS,
  LINE_BREAK_RULES,
  TEMPLATE_MARKERS,
} from '../../../preload/contract/index.ts';
import {
  MIC_ACTIONS,
  MIC_BUTTONS,
  MIC_RECORD_MODES,
  type MicAction,
  type MicButton,
} from '../../../preload/contract/mic-codes.ts';

const DICTATION_MODES = ['toggle', 'push-to-talk', 'hybrid'] as const;

const INSERT_MODES = ['paste', 'type', 'copy'] as const;

/** One per-application rule: the application (process name, bundle id or X11 class) and how text goes in. */
const appRule = z.object({
  app: z.string().trim().min(1).max(256),
  insert: z.enum([...INSERT_MODES, 'never']),
  lineBreak: z.enum(LINE_BREAK_RULES).optional(),
});

const appRules = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown; // the registry and the environment carry the list as JSON text
  } catch {
    return value;
  }
}, z.array(appRule).max(200));

/**
 * Dragon-like defaults for a dictation microphone's buttons: Record dictates, Tab forward/back and Fast
 * forward/Rewind move through the template's fields (a PowerMic user's Dragon has Rewind = previous field,
 * Fast forward = next field), Play accepts a Text's defaults, Transcribe transfers the dictation box's text into
 * the application, Stop ends a dictation; the foot pedal's middle pedal dictates and its side pedals move between fields. A mapping
 * from the clinician or IT is laid over these (a button set to "none" does nothing).
 */
export const DEFAULT_MIC_BUTTONS: Readonly<Partial<Record<MicButton, MicAction>>> = {
  record: 'record',
  tabForward: 'next-field',
  tabBackward: 'previous-field',
  forward: 'next-field',
  rewind: 'previous-field',
  play: 'accept-defaults',
  transcribe: 'transfer',
  stop: 'stop',
  endOfLetter: 'transfer',
  pedalMiddle: 'record',
  pedalLeft: 'previous-field',
  pedalRight: 'next-field',
  pedalTop: 'transfer',
};

const micButtons = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown; // the registry and the environment carry the map as JSON text
    } catch {
      return value;
    }
  },
  z.partialRecord(z.enum(MIC_BUTTONS), z.enum(MIC_ACTIONS)),
);

/** The dictation block. Defaults type nothing in other apps: F9 is swallowed by globalShortcut, Ctrl+Super is modifiers only. */
export const DICTATION_KEYS = {
  dictationMode: key({
    schema: z.enum(DICTATION_MODES),
    default: 'hybrid',
    title: 'Dictation hold key behaviour',
    description:
      'hybrid: a tap of the hold key starts and stops, holding it is push-to-talk; push-to-talk: hold to talk only; toggle: the hold key is not used (start/stop key and button only).',
    expect: `must be one of ${DICTATION_MODES.join(', ')}`,
    example: 'hybrid',
  }),
  dictationToggleKey: key({
    schema: chord('shortcut'),
    default: 'F9',
    title: 'Dictation start/stop key',
    description:
      'Starts and stops dictation in any application (registered with the OS, which keeps it from other apps).',
    expect:
      'must be a hotkey such as F9 or Control+Alt+D (not copy, paste, undo, app switching, screenshots…)',
    example: 'F9',
  }),
  dictationHoldKey: key({
    schema: chord('hook'),
    default: 'Control+Super',
    title: 'Dictation hold-to-talk key',
    description:
      'Held while speaking (push-to-talk and hybrid). Seen by a key hook that cannot hide it from the focused app, so it must type nothing.',
    expect: 'must be a hotkey that types nothing, such as Control+Super or F10',
    example: 'Control+Super',
  }),
  dictationCancelKey: key({
    schema: chord('hook'),
    default: 'Shift+F9',
    title: 'Dictation cancel key',
    description: 'Discards the current dictation (registered only while dictating).',
    expect: 'must be a hotkey that types nothing, such as Shift+F9',
    example: 'Shift+F9',
  }),
  dictationUndoKey: key({
    schema: chord('shortcut'),
    default: 'Alt+Shift+F9',
    title: 'Undo last dictation key',
    description:
      'Takes the last dictation back out of the application while it is still all ours (nothing typed there since); otherwise it is left there and put in the dictation box. Registered with the OS.',
    expect: 'must be a hotkey such as Alt+Shift+F9 (not copy, paste, undo, app switching, screenshots…)',
    example: 'Alt+Shift+F9',
  }),
  dictationNextFieldKey: key({
    schema: chord('shortcut'),
    default: 'Control+F9',
    title: 'Next template field key',
    description:
      'Selects the next template blank (***, [ ] …) after the caret in the focused field, so the next words replace it. Registered with the OS.',
    expect: 'must be a hotkey such as Control+F9 (not copy, paste, undo, app switching, screenshots…)',
    example: 'Control+F9',
  }),
  dictationPreviousFieldKey: key({
    schema: chord('shortcut'),
    default: 'Control+Shift+F9',
    title: 'Previous template field key',
    description:
      'Selects the previous template blank before the caret in the focused field. Registered with the OS.',
    expect: 'must be a hotkey such as Control+Shift+F9 (not copy, paste, undo, app switching, screenshots…)',
    example: 'Control+Shift+F9',
  }),
  dictationInsertMode: key({
    schema: z.enum(INSERT_MODES),
    default: 'paste',
    title: 'How dictated text goes into other applications',
    description:
      'paste (clipboard + paste key, restored after), type (keystrokes, for Citrix/RDP), copy (clipboard only).',
    expect: `must be one of ${INSERT_MODES.join(', ')}`,
    example: 'paste',
  }),
  dictationAppRules: key({
    schema: appRules,
    default: [],
    title: 'Dictation per-application rules',
    description:
      'A list of {"app": "wfica32.exe", "insert": "type"}: how text goes into that application (paste, type, copy, never), and optionally "lineBreak": what a dictated line break is where the field cannot be read (return, shift-return, or refuse — the default, as Return may send a form). JSON text in the registry or environment.',
    expect:
      'must be a list of {"app": "…", "insert": "paste|type|copy|never", "lineBreak"?: "return|shift-return|refuse"}',
    example: [{ app: 'wfica32.exe', insert: 'type' }],
  }),
  dictationCommands: key({
    schema: z.boolean(),
    default: true,
    title: 'Dictation voice commands',
    description:
      'Voice commands said alone between pauses while dictating: scratch that, next/previous field, select, new line/paragraph, stop dictating (English, Spanish, French). Off: every word is text.',
    expect: 'must be true or false',
    example: true,
  }),
  ...CHECK_KEYS,
  dictationFieldMarkers: key({
    schema: z.preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        try {
          return JSON.parse(value) as unknown; // the registry and the environment carry the list as JSON text
        } catch {
          return value.split(',').map((s) => s.trim());
        }
      },
      z.array(z.enum(TEMPLATE_MARKERS)).max(TEMPLATE_MARKERS.length),
    ),
    default: [...TEMPLATE_MARKERS],
    title: 'Template blanks "next field" selects',
    description:
      'Which blanks of an EHR template "next field" / "previous field" select: asterisks (***), empty-brackets ([ ]), bracketed-text ([text]), braces ({…}), underscores (___ or more). An empty list turns field navigation off.',
    expect: `must be a list of ${TEMPLATE_MARKERS.join(', ')}`,
    example: ['asterisks', 'empty-brackets'],
  }),
  // History of dictations holds patient text: none beyond the app session unless the clinician or IT says so.
  dictationHistoryHours: key({
    schema: z.number().int().min(0).max(168),
    default: 0,
    title: 'Dictation history (hours)',
    description:
      'How long past dictations are kept, encrypted on this computer (0: only until the app closes; at most 168).',
    expect: 'must be a whole number of hours from 0 (none beyond the session) to 168',
    example: 0,
  }),
  // Text left on the clipboard when insertion falls back to copying is patient data: cleared after a while.
  dictationClipboardClearSeconds: key({
    schema: z.number().int().min(0).max(CLIPBOARD_CLEAR_MAX_SECONDS),
    default: 60,
    title: 'Clear copied dictation text after (seconds)',
    description:
      'Dictated text left on the clipboard (it could not be inserted, or the clinician copied it from the dictation box or history) is cleared after this many seconds, or when the app quits if that comes first, provided the clipboard still holds it (0: never).',
    expect: 'must be a whole number of seconds from 0 (never) to 3600',
    example: 60,
  }),
  // The organization's Texts are IT's wording: a clinician adds their own, never replaces the file.
  dictationTextsFile: key({
    schema: z.string().trim().min(1).max(1024),
    title: 'Organization Texts file',
    description:
      "A file of Texts IT maintains (\"insert ‹name›\" while dictating), merged over each clinician's own at the start of each dictation: an organization Text wins over a clinician's of the same name, and each clinician's dot phrases in the service hold it too (under org:, in batches of 100; emptying the file takes them away there). A Dragon command export (.xml), a CSV with name and content columns (.csv) or the JSON scribe texts export writes (.json); what it cannot hold (scripts, formatted text) is left out.",
    expect: 'must be the path of a .xml, .csv or .json file',
    deniedLayers: ['settings'],
    example: '\\\\fileserver\\scribe\\texts.xml',
  }),
  // IT's words: said one way, written another (drug names, the organization's abbreviations).
  dictationVocabularyFile: key({
    schema: z.string().trim().min(1).max(1024),
    title: 'Organization vocabulary file',
    description:
      "A list of words IT maintains, each said one way and written another, kept in each signed-in clinician's dictation text replacements in the service (shown as the organization's in Settings, not editable there; an item IT drops is taken away). A Dragon word list (.txt, one written\\spoken item per line), a CSV with said and written columns (.csv) or JSON with version 1 and a words list of said and written (.json); a word without a spoken form is left out (the service has no custom vocabulary of its own).",
    expect: 'must be the path of a .txt, .csv or .json file',
    deniedLayers: ['settings'],
    example: '\\\\fileserver\\scribe\\vocabulary.txt',
  }),
  dictationMicRecordMode: key({
    schema: z.enum(MIC_RECORD_MODES),
    default: 'toggle',
    title: 'Dictation microphone Record button',
    description:
      'toggle: a press of Record (PowerMic, SpeechMike, foot pedal) starts dictating and the next stops; push-to-talk: dictates while it is held.',
    expect: `must be one of ${MIC_RECORD_MODES.join(', ')}`,
    example: 'toggle',
  }),
  dictationMicButtons: key({
    schema: micButtons,
    default: {},
    title: 'Dictation microphone buttons (other applications)',
    description:
      'What a dictation microphone’s buttons do in other applications, over the defaults (Record dictates, Tab forward/back and Fast forward/Rewind: next/previous field, Play: accept defaults, Transcribe: transfer). A map such as {"f1": "cancel"}; the buttons and actions are in the IT guide. JSON text in the registry or environment.',
    expect: `must be a map of {"button": "action"} with buttons from ${MIC_BUTTONS.join(', ')} and actions from ${MIC_ACTIONS.join(', ')}`,
    example: { f1: 'cancel' },
  }),
  dictationMicButtonsInBox: key({
    schema: micButtons,
    default: {},
    title: 'Dictation microphone buttons (dictation box)',
    description:
      'What the buttons do while the app’s own window has the keyboard and shows the dictation box, over the same defaults (dictationMicButtons is for every other application). The same map and JSON text.',
    expect: `must be a map of {"button": "action"} with buttons from ${MIC_BUTTONS.join(', ')} and actions from ${MIC_ACTIONS.join(', ')}`,
    example: { f1: 'cancel' },
  }),
};
