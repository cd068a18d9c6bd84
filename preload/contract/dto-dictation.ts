/** Data crossing IPC for dictation anywhere: state, settings, the overlay, the dictation box and history. */
import { z } from 'zod';
import { channel, EmptyRequest as Empty } from './channel.ts';
import { CHORD_KEYS, CHORD_MODIFIERS, KEY_REASONS, type KeyRefusal } from './chords.ts';
import { HOTKEY_NAMES, OFFERED_KEYS, RESERVED_KEY_USES } from './failure-reasons.ts';
import {
  CLIPBOARD_CLEAR_MAX_SECONDS,
  BOX_BUTTONS,
  DICTATION_MESSAGES,
  HOTKEY_SETTINGS,
  PRESS_HOTKEYS,
} from './dictation-codes.ts';
import { CONFUSED_NAME_LISTS, FLAG_CODES, POLARITIES } from './text-check-codes.ts';
import { ALL_PHRASES, type CommandKind } from './command-phrases.ts';
import { TEXT_LIMITS } from './text-fields.ts';
import { MIC_MODELS, MIC_STATUS_KINDS } from './mic-codes.ts';
import { DictationSettingsPatchSchema, DictationSettingsSchema } from './dto-dictation-settings.ts';

export const OVERLAY_PHASES = [
  'starting',
  'listening',
  /** "Go to sleep" was said: the microphone is open, but only "wake up" is acted on. */
  'asleep',
  'paused',
  'reconnecting',
  'inserting',
  'inserted',
  'copied',
  'corrected-in-box',
  'busy',
  'cancelled',
  'failed',
  /** A hotkey's result outside a dictation (undo, a field move): the message is the title. */
  'notice',
] as const;

/** A code the renderer turns into words (preload/words), and the application it names. */
export const DictationMessageSchema = z.object({
  code: z.enum(DICTATION_MESSAGES),
  app: z.string().max(256).nullable().optional(),
  /** When the copied text leaves the clipboard (dictationClipboardClearSeconds), or that it did. */
  clipboard: z
    .discriminatedUnion('state', [
      z.object({
        state: z.literal('pending'),
        seconds: z.number().int().min(1).max(CLIPBOARD_CLEAR_MAX_SECONDS),
        at: z.number(),
      }),
      z.object({ state: z.literal('cleared'), at: z.number() }),
    ])
    .optional(),
});

/** What a flag names (text-check-codes.ts's FlagFacts): values from the text, shown, never logged. */
const FlagFactsSchema = z.object({
  said: z.string().optional(),
  instead: z.string().optional(),
  drug: z.string().optional(),
  earlier: z.string().optional(),
  factor: z.number().optional(),
  source: z.enum(CONFUSED_NAME_LISTS).optional(),
  part: z.string().optional(),
  finding: z.string().optional(),
  from: z.enum(POLARITIES).optional(),
  to: z.enum(POLARITIES).optional(),
});
const Offset = z.number().int().min(0);
const BoxWords = z.string().max(100_000); // the box's text, a flag's words or fix in it
/**
 * A check's flag on dictated text (main/core/checks): its code, range in the dictation's text, facts, fix
 * (text-check-codes.ts's FlagFix), whether a correction raised it, and in the finished box its `words` (the
 * box acts on it only where they still are). `id` names it (to keep or fix it).
 */
export const DictationFlagSchema = z.object({
  id: z.string().max(200),
  code: z.enum(FLAG_CODES),
  start: Offset,
  end: Offset,
  facts: FlagFactsSchema,
  fix: z.object({ start: Offset, end: Offset, from: BoxWords, to: BoxWords }).optional(),
  correction: z.boolean(),
  words: BoxWords.optional(),
});
export type DictationFlag = z.infer<typeof DictationFlagSchema>;
const COMMAND_KINDS = Object.keys(ALL_PHRASES.en) as [CommandKind, ...CommandKind[]];

/**
 * "What can I say" on the overlay: the dictation locale (the phrases' language), the commands that can act
 * now, the field's state (`fieldsLeft`: the Text fields left, null where the field cannot be read), the
 * names of the clinician's Texts.
 */
export const SayPanelSchema = z.object({
  locale: z.string().max(40),
  commands: z.array(z.enum(COMMAND_KINDS)).max(COMMAND_KINDS.length),
  field: z.enum(['box', 'readable', 'unreadable']),
  fieldsLeft: z.number().int().min(0).nullable(),
  texts: z.array(z.string().max(TEXT_LIMITS.name)).max(500),
});
export type SayPanel = z.infer<typeof SayPanelSchema>;

export const OverlayStateSchema = z.object({
  phase: z.enum(OVERLAY_PHASES),
  appName: z.string().nullable(),
  level: z.number().min(0).max(1),
  elapsedMs: z.number().nonnegative(),
  lastWords: z.string().max(80),
  message: DictationMessageSchema.nullable(),
  flagged: DictationFlagSchema.nullable().optional(),
  /** The keys that keep and fix it now (registered only while it shows). */
  flagKeys: z.object({ keep: z.string().optional(), fix: z.string().optional() }).optional(),
  /** The last dictation can still be taken back: the overlay offers "Undo" (and takes clicks meanwhile). */
  undoable: z.boolean().optional(),
  /** "What can I say" is open (until said again or the next utterance). */
  panel: SayPanelSchema.nullable().optional(),
});
export type OverlayStateDto = z.infer<typeof OverlayStateSchema>;

export const HotkeyStatusSchema = z.object({
  /** running, accessibility (macOS permission missing), unavailable (no hook on this system), stopped. */
  hook: z.enum(['running', 'accessibility', 'unavailable', 'stopped']),
  toggle: z.enum(['shortcut', 'hook', 'none']),
  toggleTaken: z.boolean(),
  alternatives: z.array(z.string()),
  holdUnavailable: z.boolean(),
  /** Single-press hotkeys that work neither through the OS nor the hook (another app holds them). */
  pressUnavailable: z.array(z.enum(PRESS_HOTKEYS)).optional(),
});

export const HistoryEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  text: z.string(),
  where: z.string(),
  flags: z.array(DictationFlagSchema).optional(),
  /** It failed or was cut short and its audio is still kept: it can be sent again for the whole text. */
  resendable: z.boolean(),
});
export type HistoryEntryDto = z.infer<typeof HistoryEntrySchema>;

export const DictationStateSchema = z.object({
  active: z.boolean(),
  /** The last dictation inserted can be taken back (undo): the tray and the window offer it. */
  undoable: z.boolean().optional(),
  /** The dictation box: the live text while dictating, then the last text that did not go in (or did). */
  box: z.object({
    text: z.string(),
    note: DictationMessageSchema.nullable(),
    /** Corrections of this text that changed a number, unit, negation or side. */
    flags: z.array(DictationFlagSchema).optional(),
    /** "select ‹words›": the range to select in the box (UTF-16 units). */
    selection: z.object({ start: z.number().int().min(0), length: z.number().int().min(0) }).optional(),
  }),
  settings: DictationSettingsSchema,
  /** Settings IT's policy sets: shown, not editable. */
  locked: z.array(z.string()),
  hotkeys: HotkeyStatusSchema,
  /** macOS Accessibility: needed for push-to-talk, hybrid and typing into other apps. */
  accessibility: z.enum(['granted', 'missing', 'not-needed']),
  secureInput: z.boolean(),
  history: z.array(HistoryEntrySchema),
  /** Dictations a crash or a failure left unfinished (ids and times only): recover into the box. */
  recoverable: z.array(z.object({ id: z.string(), startedAt: z.number(), stale: z.boolean() })),
  locales: z.array(z.string()),
  /** Dictation microphones and foot pedals: none, connected (which models), or held by another program. */
  mic: z.object({ kind: z.enum(MIC_STATUS_KINDS), models: z.array(z.enum(MIC_MODELS)) }),
  /** The shell offers the dictation box only (the browser preview): no hotkey, no insertion elsewhere. */
  boxOnly: z.boolean().optional(),
  /** "Make that a Text": the new Text's content, its name asked in the dictation box until saved or dropped. */
  textDraft: z.string().optional(),
});
export type DictationStateDto = z.infer<typeof DictationStateSchema>;

export const KeyCheckSchema = z.object({
  which: z.enum(HOTKEY_SETTINGS),
  key: z.string().max(80),
});
/** A chord by its names, each from the closed lists of chords.ts. */
const ChordNamesSchema = z.strictObject({
  modifiers: z.array(z.enum(CHORD_MODIFIERS)).max(CHORD_MODIFIERS.length),
  key: z.enum(CHORD_KEYS as [string, ...string[]]).nullable(),
});

/** Why a key was refused: a reason and closed params, worded by the renderer (preload/words). */
const KeyRefusalSchema: z.ZodType<KeyRefusal> = z.strictObject({
  reason: z.enum(KEY_REASONS),
  use: z.enum(RESERVED_KEY_USES).optional(),
  other: z.enum(HOTKEY_NAMES).optional(),
  chord: ChordNamesSchema.optional(),
});

export const KeyCheckResultSchema = z.object({
  ok: z.boolean(),
  /** The key in normal form when ok ("Control+Alt+D": key names joined by +). */
  key: z
    .string()
    .max(80)
    .regex(/^[A-Za-z0-9+]+$/)
    .nullable(),
  /** Why not, when refused; never the text that was typed. */
  refusal: KeyRefusalSchema.nullable(),
  /** Free keys to offer instead. */
  alternatives: z.array(z.enum(OFFERED_KEYS)),
});
export type KeyCheckResult = z.infer<typeof KeyCheckResultSchema>;

/**
 * What a dictation command answers: accepted (the new state follows as the `dictation:state` push) or, as
 * an `{ok: false}` result, refused with the reason. Never a second copy of the state.
 */
export const DictationAcceptedSchema = z.object({ accepted: z.literal(true) });
export type DictationAccepted = z.infer<typeof DictationAcceptedSchema>;

/** Start accepted; `started` is false when the microphone is taken (the overlay says why). */
export const DictationStartAcceptedSchema = DictationAcceptedSchema.extend({ started: z.boolean() });
const ById = z.object({ id: z.string() });
const Accepted = DictationAcceptedSchema;
const BoxText = z.object({ text: BoxWords });

/** The dictation channels (spread into the channel map). */
export const dictationChannels = {
  /** The one read at load; after that the state arrives only as the `dictation:state` push. */
  'dictation:state': channel(Empty, DictationStateSchema),
  /** The on-screen button and the tray: the same as the toggle hotkey. */
  'dictation:start': channel(Empty, DictationStartAcceptedSchema),
  'dictation:stop': channel(Empty, Accepted),
  'dictation:cancel': channel(Empty, Accepted),
  /** Undo last dictation (the overlay's button, the window): out of the application if still ours, else the box. */
  'dictation:undo': channel(Empty, Accepted),
  'dictation:updateSettings': channel(DictationSettingsPatchSchema, Accepted),
  /** Checks a captured key before it is saved: refused chords say why and offer others. */
  'dictation:checkKey': channel(KeyCheckSchema, KeyCheckResultSchema),
  /** The box's (possibly edited) text into the application that had focus, or onto the clipboard. */
  'dictation:insertBox': channel(BoxText, Accepted),
  'dictation:copyBox': channel(BoxText, Accepted),
  'dictation:historyInsert': channel(ById, Accepted),
  'dictation:historyCopy': channel(ById, Accepted),
  'dictation:historyDelete': channel(ById, Accepted),
  /** Sends a failed (or cut short) dictation's kept audio again; its whole text replaces the entry's. */
  'dictation:historyResend': channel(ById, Accepted),
  /** Sends an unfinished dictation's kept audio again; its whole text lands in the box. */
  'dictation:recover': channel(ById, Accepted),
  'dictation:forgetRecoverable': channel(ById, Accepted),
  /** The window shows the dictation box (or no longer): the field hotkeys the OS takes go to it meanwhile. */
  'dictation:boxShown': channel(z.object({ shown: z.boolean() }), Accepted),
  /** The box saved the Text "make that a Text" kept (through `texts:save`), or dropped it. */
  'dictation:dropTextDraft': channel(Empty, Accepted),
  /** The clinician keeps a check's flag as said, fixes it, or (the finished box) edits its words themselves. */
  'dictation:resolveFlag': channel(
    z.object({ id: z.string().max(200), how: z.enum(['keep', 'fix', 'edit']) }),
    Accepted,
  ),
} as const;

/** The dictation events (spread into the event map). */
export const dictationEvents = {
  'dictation:overlay': z.object({ state: OverlayStateSchema.nullable() }),
  'dictation:state': DictationStateSchema,
  /** A field hotkey the OS took, or a microphone's field button, while the box has the keyboard: it acts there. */
  'dictation:boxField': z.object({ button: z.enum(BOX_BUTTONS) }),
} as const;
