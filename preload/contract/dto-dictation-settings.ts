/** Dictation anywhere's settings as they cross IPC (Settings → Dictation reads and patches them). */
import { z } from 'zod';
import { CLIPBOARD_CLEAR_MAX_SECONDS, TEMPLATE_MARKERS } from './dictation-codes.ts';
import { MIC_ACTIONS, MIC_BUTTONS, MIC_RECORD_MODES } from './mic-codes.ts';

export const DICTATION_MODES = ['toggle', 'push-to-talk', 'hybrid'] as const;
export const INSERT_MODES = ['paste', 'type', 'copy'] as const;
export const APP_RULE_MODES = ['paste', 'type', 'copy', 'never'] as const;
/**
 * What "new line" (and a line break the service made) becomes in an application whose field cannot be read:
 * Return, Shift+Return (chat boxes, where Return sends), or refused (the default: Return may send a form).
 */
export const LINE_BREAK_RULES = ['return', 'shift-return', 'refuse'] as const;

/** A dictation microphone's buttons and what each does (a button not named does nothing). */
export const MicButtonMapSchema = z.partialRecord(z.enum(MIC_BUTTONS), z.enum(MIC_ACTIONS));

export const AppRuleSchema = z.object({
  app: z.string().trim().min(1).max(256),
  insert: z.enum(APP_RULE_MODES),
  lineBreak: z.enum(LINE_BREAK_RULES).optional(),
});

export const DictationSettingsSchema = z.object({
  mode: z.enum(DICTATION_MODES),
  toggleKey: z.string(),
  holdKey: z.string(),
  cancelKey: z.string(),
  /** Undo last dictation, next / previous template field: single presses, registered with the OS. */
  undoKey: z.string(),
  nextFieldKey: z.string(),
  previousFieldKey: z.string(),
  /** Keep / fix the flag the overlay shows: registered only while it shows one. */
  keepFlagKey: z.string(),
  fixFlagKey: z.string(),
  insertMode: z.enum(INSERT_MODES),
  appRules: z.array(AppRuleSchema),
  locale: z.string(),
  historyHours: z.number().int().min(0).max(168),
  /** Seconds after which text left on the clipboard by a copy fallback is cleared (0: never). */
  clipboardClearSeconds: z.number().int().min(0).max(CLIPBOARD_CLEAR_MAX_SECONDS),
  /** Voice commands (scratch that, next field …) on or off. */
  commands: z.boolean(),
  fieldMarkers: z.array(z.enum(TEMPLATE_MARKERS)),
  micRecordMode: z.enum(MIC_RECORD_MODES),
  /** What each button does in another application, and in our dictation box (each its own map). */
  micButtons: MicButtonMapSchema,
  micButtonsInBox: MicButtonMapSchema,
});
export type DictationSettingsDto = z.infer<typeof DictationSettingsSchema>;
export const DictationSettingsPatchSchema = DictationSettingsSchema.partial();
