/**
 * Vocabulary of text insertion into other applications: modes, per-application rules, and the closed set
 * of reasons a person is told when text did not go where they dictated it.
 */
import type { ScheduledClear } from './copied-expiry.ts';
import type {
  Desktop,
  FieldFacts,
  InsertionClipboard,
  PasteChord,
  TargetWindow,
} from '../../../../native/desktop.ts';
import { dictationMessageText } from '../../../../preload/words/index.ts';
import type { LINE_BREAK_RULES, NOT_INSERTED_REASONS } from '../../../../preload/contract/index.ts';

/** What IT's rule says a line break is in an application whose field cannot be read. */
export type LineBreakRule = (typeof LINE_BREAK_RULES)[number];
import type { PasteTimings } from './clipboard-paste.ts';

export type { TargetWindow } from '../../../../native/desktop.ts';

/** paste (default): clipboard + paste chord; type: Unicode keystrokes; copy: clipboard only. */
export type InsertMode = 'paste' | 'type' | 'copy';

/** INSERT_MODES in the order settings and the CLI list them. */
export const INSERT_MODES: readonly InsertMode[] = ['paste', 'type', 'copy'];

/** A per-application rule (settings or policy): the first rule whose `app` matches wins. */
export interface InsertionRule {
  /** Matched case-insensitively against the target's application name (WM_CLASS, image, bundle id). */
  readonly app: string;
  readonly mode?: InsertMode;
  /** Paste chord for this application (terminals: ctrl-shift-v). */
  readonly chord?: PasteChord;
  /** Type mode: pause between characters (ms). */
  readonly paceMs?: number;
  /** Type mode: scancodes instead of Unicode keystrokes (remote sessions that ignore Unicode). */
  readonly scancode?: boolean;
  /** What a line break is where the field cannot be read (line-breaks.ts); absent: refused. */
  readonly lineBreak?: LineBreakRule;
}

/** How text goes into one target, once rules are applied. */
export interface InsertionPlan {
  readonly mode: InsertMode;
  readonly chord: PasteChord;
  readonly paceMs: number;
  readonly scancode: boolean;
  /** Type mode: a line break is typed as Return, or as Shift+Return (the application's rule). */
  readonly shiftReturn?: boolean;
}

/**
 * Why text was copied or left in the dictation box instead of inserted (mapped to words in one place,
 * {@link describeReason}). Never carries text.
 */
export type NotInsertedReason = (typeof NOT_INSERTED_REASONS)[number];

/** Why a correction was applied in the dictation box only. */
export type CorrectionSkippedReason =
  'person_typed' | 'focus_moved' | 'not_ours' | 'not_inserting' | 'typing_unobserved';

/** Words for a reason; `app` is the target's application name when known. */
export function describeReason(reason: NotInsertedReason, app?: string): string {
  return dictationMessageText({ code: reason, app: app ?? null });
}

/** The default insertion for a window with no rule. */
export const DEFAULT_PLAN: InsertionPlan = { mode: 'paste', chord: 'ctrl-v', paceMs: 0, scancode: false };

/** The target's application name for messages ('the application' when unknown). */
export function targetName(target: TargetWindow | undefined): string {
  return target?.app ?? 'the application';
}

/** Events for the overlay. They never carry dictated text. */
export interface InsertionEvents {
  /** Characters reached the field (`corrected`: an in-place correction). */
  inserted: { chars: number; corrected: boolean };
  /** Insertion stopped (or never started); the text goes to the clipboard at finish. */
  notInserted: { reason: NotInsertedReason; message: string };
  /** A correction was applied in the dictation box only. */
  correctionInBox: { reason: CorrectionSkippedReason };
}

/** What happened, at the end. */
export interface InsertionResult {
  readonly target: TargetWindow | undefined;
  readonly plan: InsertionPlan;
  /** The field ends with exactly the final text (every unit in, every correction in place). */
  readonly complete: boolean;
  /** Set when the text (or its remainder) went to the clipboard instead of the field. */
  readonly notInserted?: NotInsertedReason;
  readonly message?: string;
  /** The copied text's clear, when one was scheduled (dictationClipboardClearSeconds above 0). */
  readonly clipboardClear?: ScheduledClear;
  readonly correctionsInPlace: number;
  readonly correctionsInBox: number;
  /** Text was written where the field cannot be read back: whether it arrived could not be checked. */
  readonly unchecked?: boolean;
}

/** Options of {@link StreamingInsertion.begin}. */
export interface StreamingInsertionOptions {
  readonly desktop: Desktop;
  readonly clipboard: InsertionClipboard;
  /** Captured at hotkey-down ({@link captureTarget}); the focused window now when omitted. */
  readonly target?: TargetWindow | null;
  readonly mode?: InsertMode;
  /** Policy rules first, then the person's. */
  readonly rules?: readonly InsertionRule[];
  readonly platform?: NodeJS.Platform;
  readonly pasteTimings?: Partial<PasteTimings>;
  /**
   * False when nothing tells us the person typed (no key hook, no X RECORD): every correction then goes to
   * the dictation box, since owning the tail cannot be known. Default true.
   */
  readonly typingObserved?: boolean;
  /** Text left on the clipboard by a copy fallback is cleared this long after, if still there (0/absent: never). */
  readonly clearCopiedAfterMs?: number;
}

/** Something that emits dictation text (DictateSession). */
export interface TextSource {
  on(event: 'text', listener: (value: { text: string; rolledBack: boolean }) => void): () => void;
}

/** Why the target cannot take keystrokes at all, from its facts. */
export function blockerOf(
  target: TargetWindow | undefined,
  facts: FieldFacts,
  plan: InsertionPlan,
): NotInsertedReason | undefined {
  if (!target) return 'no_target';
  if (facts.password) return 'password_field';
  if (facts.elevated) return 'elevated_window';
  if (facts.secureInput) return 'secure_input';
  if (plan.mode === 'copy') return 'copy_mode';
  return undefined;
}
