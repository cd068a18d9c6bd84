/**
 * What the dictation controller needs from the rest of the app, as ports: the dictation session, the
 * microphone, the one-microphone-user lock, insertion into the other application, the overlay, the
 * dictation box and history. Each has a real implementation elsewhere and a fake in tests.
 */
import type { LineBreak } from './insertion/line-breaks.ts';
import type { FlagCode, FlagKind } from '../../../preload/contract/text-check-codes.ts';
import type { FieldFill } from '../../../preload/contract/text-fields.ts';
import type { FillOutcome } from './commands/field-fill-commands.ts';
import type { ConnectionStatus, SessionState } from '../../core/streaming/session-types.ts';
import type { TextFieldContext } from '../../core/streaming/frames.ts';
import {
  NOT_INSERTED_REASONS,
  type DictationFlag,
  type DictationMessage,
  type SayPanel,
} from '../../../preload/contract/index.ts';

/** The dictation session as the controller uses it (DictateSession implements it). */
export interface DictationSessionLike {
  readonly text: string;
  readonly state: SessionState;
  readonly connection: ConnectionStatus;
  start(): Promise<void>;
  end(): Promise<void>;
  abort(): void;
  sendAudio(chunk: Int16Array): boolean;
  on(event: 'text', listener: (value: { text: string; rolledBack: boolean }) => void): () => void;
  on(event: 'connection', listener: (value: ConnectionStatus) => void): () => void;
}

/** A session with its journal: `settle` shreds it once the text is safe, `keep` leaves it for recovery. */
export interface OpenedDictation {
  readonly session: DictationSessionLike;
  /** The journal keeping its audio (none where nothing is journaled): history offers to send it again. */
  readonly journalId?: string;
  /** The text is inserted, in the box or in history: the kept audio is no longer needed. */
  settle(): Promise<void>;
  /** The dictation failed: its journal is offered for recovery. */
  keep(): void;
}

/** Opens a dictation session (with its journal) for a locale and the target field's context. */
export type OpenDictation = (options: { context?: TextFieldContext }) => Promise<OpenedDictation>;

/** Who has the microphone: a visit and a dictation never both open it. */
export interface MicrophoneLock {
  /** 'visit' while a visit records or is armed; null when free. */
  holder(): 'visit' | 'dictation' | null;
  acquire(owner: 'dictation'): boolean;
  release(owner: 'dictation'): void;
}

/** Where text goes: the application that had focus at hotkey-down. */
export interface InsertTarget {
  /** The application's name as a person knows it ("Epic Hyperspace", "Notepad"): shown, never logged. */
  readonly appName: string;
  /** The inserter's own handle of the window (opaque here). */
  readonly handle?: unknown;
}

/** How a dictation's text ended up. */
export type InsertOutcome =
  /** `unchecked`: the field cannot be read back, so whether the text arrived could not be checked. */
  | { kind: 'inserted'; appName: string; unchecked?: boolean }
  /**
   * Copied instead (insertion impossible or not allowed), with the reason to show; `cleared` settles when
   * the clear the reason announces (`reason.clipboard`) ran: 'cleared', or 'kept' (someone copied since).
   */
  | { kind: 'copied'; reason: DictationMessage; cleared?: Promise<'cleared' | 'kept' | 'cancelled'> }
  /** Only in the dictation box (copy not allowed either, or nothing to insert into). */
  | { kind: 'box'; reason: DictationMessage };

/** One dictation's insertion: streaming text in, an outcome at the end. */
export interface InsertionRun {
  /** The target field's text and selection, for the session's text_field_context, when readable. */
  readonly fieldContext?: TextFieldContext;
  /** What a dictated line break becomes in the target field (insertion/line-breaks.ts); absent: Return. */
  readonly lineBreak?: LineBreak;
  /** The whole dictated text after each change (appended units, corrections, rollbacks after a drop). */
  update(text: string, rolledBack: boolean): void;
  /** A key of the push-to-talk chord is held: wait with insertion until released. */
  setHeld(held: boolean): void;
  /** The person typed since our last insertion: corrections go to the box, not in place. */
  userTyped(): void;
  /**
   * A command put the caret at the start of a line, before a word: as `userTyped`, and the next words go in
   * without their leading space and with one after them ("Severe pain", not " Severepain"). Absent: as
   * `userTyped` only.
   */
  caretAtWordStart?(): void;
  /** A correction that could not be applied in place (shown as "corrected in the dictation box"). */
  onCorrectedInBox(listener: () => void): () => void;
  /** The text is final: finish inserting, restore the clipboard. */
  finish(finalText: string): Promise<InsertOutcome>;
  /** Cancelled: insert nothing more. */
  discard(): void;
  /**
   * Brings the field up to the text so far, runs `action` (a field move) with insertion held, then lets the
   * later text go in: a voice command acts between the words said before it and the words said after.
   */
  between<T>(action: () => Promise<T>): Promise<T>;
  /**
   * After `finish`: removes the whole dictation from the field if every character of it is still ours
   * (focus still there, nothing typed since, nothing else changed): 'removed'; otherwise the field is left
   * as it is: 'not_ours'.
   */
  undo(): Promise<'removed' | 'not_ours'>;
}

/** Insertion into other applications (the insert engine behind an adapter). */
export interface Inserter {
  /** Remembers the focused application at hotkey-down; null when it is our own window or unknown. */
  captureTarget(): Promise<InsertTarget | null>;
  /** Starts inserting one dictation into the target. */
  begin(target: InsertTarget | null): Promise<InsertionRun>;
  /** Inserts finished text again (history "insert again") into the application focused now. */
  insertAgain(text: string): Promise<InsertOutcome>;
}

/** What the overlay shows (no patient data but `lastWords`, which the person is speaking). */
export interface OverlayState {
  readonly phase:
    | 'starting'
    | 'listening'
    /** "Go to sleep" was said: only "wake up" is acted on until it is said. */
    | 'asleep'
    | 'paused'
    | 'reconnecting'
    | 'inserting'
    | 'inserted'
    | 'copied'
    | 'corrected-in-box'
    | 'busy'
    | 'cancelled'
    | 'failed'
    /** A hotkey's result outside a dictation (undo, a template-field move): the message says it. */
    | 'notice';
  /** The application text goes into. */
  readonly appName: string | null;
  /** 0–1 level of the last 100 ms. */
  readonly level: number;
  readonly elapsedMs: number;
  /** The last few words (at most 60 characters). */
  readonly lastWords: string;
  /** What to say for phases that need it (why copied, why busy, why failed): a code, never a sentence. */
  readonly message: DictationMessage | null;
  /** The last flag of the checks on the dictated text: highlighted for the clinician. */
  readonly flagged?: DictationFlag | null;
  /** The keys that keep and fix it now (registered only while it shows), as Settings writes them. */
  readonly flagKeys?: { readonly keep?: string; readonly fix?: string };
  /** The dictation just inserted can still be taken back: the overlay offers "Undo". */
  readonly undoable?: boolean;
  /** "What can I say" is open (commands/say-panel.ts). */
  readonly panel?: SayPanel | null;
}

/** The overlay window: shown inactive, never focused. Null hides it. */
export interface OverlayPort {
  show(state: OverlayState | null): void;
}

/**
 * What dictation reports (the audit trail listens): the application text went into, by its process or
 * class name (WM_CLASS, process image, bundle id), never a window title, which can name a patient.
 */
export type DictationEvent =
  | { readonly kind: 'dictation_inserted'; readonly into: string }
  /** "Undo last dictation": removed from the application (`removed`) or left there and put in the box. */
  | { readonly kind: 'dictation_undone'; readonly into: string; readonly removed: boolean }
  /** A correction changed a number, a unit, a negation or a side: shown to the clinician (no text here). */
  | { readonly kind: 'dictation_correction_flagged'; readonly into: string }
  /** A check flagged dictated text and the flag was shown (its kind and code only, no text). */
  | {
      readonly kind: 'dictation_flag_shown';
      readonly into: string;
      readonly check: FlagKind;
      readonly code: FlagCode;
    }
  /** The clinician kept, fixed or edited a flag, or left it (the next dictation replaced it). */
  | {
      readonly kind: 'dictation_flag_resolved';
      readonly into: string;
      readonly check: FlagKind;
      readonly code: FlagCode;
      readonly how: 'kept' | 'fixed' | 'edited' | 'left';
    }
  /** Text stopped short of the field (not landed, a password field, another control…): kept in the box. */
  | {
      readonly kind: 'dictation_not_inserted';
      readonly into: string;
      readonly reason: NotInsertedReasonCode;
    };

/** Why text went to the clipboard and the box instead of the field (preload/contract's closed list). */
export type NotInsertedReasonCode = (typeof NOT_INSERTED_REASONS)[number];

/** Whether a message code is one of the reasons insertion stopped. */
export function isNotInsertedReason(code: string | undefined): code is NotInsertedReasonCode {
  return (NOT_INSERTED_REASONS as readonly string[]).includes(code ?? '');
}

/**
 * Template blanks in the focused field (`***`, `[ ]`, `{…}`, `_____` …): "next field" / "previous field"
 * select the next (or previous) blank from the caret, so the next dictated words replace it. Said by voice,
 * a hotkey or a dictation microphone's Tab buttons; a field that cannot be read is left untouched.
 */
export type { FieldButton } from '../../../preload/contract/index.ts';

export interface FieldNavigator {
  move(direction: 'next' | 'previous'): Promise<FieldMove>;
  /** "Go to end" / "go to top": the caret to the end or the start of the focused field, where readable. */
  caretTo?(where: CaretPlace): Promise<CaretMove>;
  /** Accept defaults, field complete, choose ‹item› in the focused field, where readable. */
  fill?(kind: FieldFill, said: string): Promise<FillOutcome>;

  // Selection by voice in the focused field (fields/field-selection.ts), where it can be read.
  /** "Select ‹words›" / "select that": their last place before the caret (else after it) is selected. */
  selectWords?(words: string): Promise<FieldEdit>;
  /** "Unselect that": the caret after the selection. */
  unselect?(): Promise<FieldEdit>;
  /** "Insert before / after ‹words›": the caret beside their last place before the caret (else after it). */
  caretBeside?(words: string, where: 'before' | 'after'): Promise<FieldEdit>;
  /** "Delete that" after a selection by voice: the selected text goes. */
  deleteSelection?(): Promise<FieldEdit>;
  /** "Cap that" (etc.) after a selection by voice: the selected text, recased, stays selected. */
  recaseSelection?(kind: 'cap' | 'all_caps' | 'no_caps'): Promise<FieldEdit>;
}

/**
 * What a selection command did in the field; anything but `done` and `at_word_start` changed nothing.
 * `at_word_start`: done, the caret now at the start of a line with a word right after it.
 */
export type FieldEdit = 'done' | 'at_word_start' | 'not_found' | 'nothing_selected' | 'unreadable';

/** Where "go to end" / "go to top" put the caret. */
export type CaretPlace = 'end' | 'top';

/** Where "go to end / top" left the caret (`at_word_start`: at the top, before the field's first word). */
export type CaretMove = 'moved' | 'at_word_start' | 'unreadable';

/** What a field move did; anything but `selected` is said on the overlay, and nothing was changed. */
export type FieldMove =
  | { kind: 'selected' }
  /** No blank after (before) the caret. */
  | { kind: 'none_left' }
  /** The field's text and caret cannot be read here (the platform or the application does not expose them). */
  | { kind: 'unreadable' };

/** One of the clinician's Texts, as dictation inserts it ("insert ‹name›"; the Texts feature keeps them). */
export interface DictationText {
  readonly name: string;
  readonly content: string;
}
