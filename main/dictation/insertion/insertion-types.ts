/**
 * Vocabulary of text insertion into other applications: modes, per-application rules, and the closed set
 * of reasons a person is told when text did not go where they dictated it.
 */
import type { PasteChord, TargetWindow } from '../../../native/desktop.ts';

export type { TargetWindow } from '../../../native/desktop.ts';

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
}

/** How text goes into one target, once rules are applied. */
export interface InsertionPlan {
  readonly mode: InsertMode;
  readonly chord: PasteChord;
  readonly paceMs: number;
  readonly scancode: boolean;
}

/**
 * Why text was copied or left in the dictation box instead of inserted (mapped to words in one place,
 * {@link describeReason}). Never carries text.
 */
export type NotInsertedReason =
  | 'copy_mode' // the person (or a rule) chose copy only
  | 'password_field'
  | 'elevated_window'
  | 'secure_input'
  | 'no_target' // nothing had focus when dictation started
  | 'focus_lost' // the target could not be brought back to the front
  | 'insert_failed'; // the OS refused the keystrokes

/** Why a correction was applied in the dictation box only. */
export type CorrectionSkippedReason = 'person_typed' | 'focus_moved' | 'not_ours' | 'not_inserting';

/** Words for a reason; `app` is the target's application name when known. */
export function describeReason(reason: NotInsertedReason, app?: string): string {
  const where = app ? ` (${app})` : '';
  switch (reason) {
    case 'copy_mode':
      return 'Copied to the clipboard (copy-only mode).';
    case 'password_field':
      return `Not typed into a password field${where}: copied to the clipboard instead.`;
    case 'elevated_window':
      return `The window${where} runs as administrator and would silently drop our keys: copied to the clipboard instead.`;
    case 'secure_input':
      return 'Secure input is on (a password prompt is open): copied to the clipboard instead.';
    case 'no_target':
      return 'No application had focus when dictation started: copied to the clipboard instead.';
    case 'focus_lost':
      return `The window dictation started in${where} could not be brought back: copied to the clipboard instead.`;
    case 'insert_failed':
      return `The keystrokes could not be sent${where}: copied to the clipboard instead.`;
  }
}

/** The default insertion for a window with no rule. */
export const DEFAULT_PLAN: InsertionPlan = { mode: 'paste', chord: 'ctrl-v', paceMs: 0, scancode: false };

/** Plain data of a captured target, for messages. */
export function targetName(target: TargetWindow | undefined): string {
  return target?.app ?? 'the application';
}
