/**
 * The controller's Inserter over the streaming insertion engine (main/features/dictation/insertion/): the target
 * captured at hotkey-down, the field's text_field_context, text streamed in, push-to-talk holds, the
 * person's typing, corrections in the box, and the outcome in the overlay's words. Per-application rules
 * come from the settings/policy key `dictationAppRules` (`never` = copy only).
 */
import type { Desktop, FieldFacts, InsertionClipboard, TargetWindow } from '../../../native/desktop.ts';
import { ruleFor } from './insertion/app-rules.ts';
import { lineBreakFor, type LineBreak } from './insertion/line-breaks.ts';
import { copiedOutcome } from './insertion/copied-expiry.ts';
import { captureTarget, StreamingInsertion } from './insertion/streaming-insertion.ts';
import {
  targetName,
  type InsertionRule,
  type InsertMode,
  type LineBreakRule,
} from './insertion/insertion-types.ts';
import type { InsertOutcome, Inserter, InsertionRun, InsertTarget } from './ports.ts';

/** What the adapter reads from the settings at each dictation. */
export interface EngineInserterOptions {
  readonly desktop: Desktop;
  readonly clipboard: InsertionClipboard;
  readonly platform: NodeJS.Platform;
  readonly mode: () => InsertMode;
  readonly rules: () => readonly AppRule[];
  /** True while something reports the person's keys (our key hook, or the OS: X11 RECORD); else no corrections in place. */
  readonly typingObserved?: () => boolean;
  /** Tells the key hook while our own keys may still reach it. */
  readonly onInsertion?: (insertion: StreamingInsertion | null) => void;
  /** Seconds after which text left on the clipboard by a copy fallback is cleared (0: never). */
  readonly clearCopiedAfterSec?: () => number;
  /** The process owning our own windows (this one unless told): never an insertion target. */
  readonly ownPid?: number;
}

/** A rule as Settings and the policy give it. */
export type AppRule = { app: string; insert: InsertMode | 'never'; lineBreak?: LineBreakRule | undefined };

function toRules(rules: readonly AppRule[]): InsertionRule[] {
  return rules.map((r) => ({
    app: r.app,
    mode: r.insert === 'never' ? 'copy' : r.insert,
    ...(r.lineBreak ? { lineBreak: r.lineBreak } : {}),
  }));
}

function outcomeOf(
  insertion: StreamingInsertion,
  result: Awaited<ReturnType<StreamingInsertion['finish']>>,
): InsertOutcome {
  const target = result.target ?? insertion.target;
  if (result.notInserted === undefined)
    return {
      kind: 'inserted',
      appName: targetName(target),
      ...(result.unchecked ? { unchecked: true } : {}),
    };
  // The overlay and the box say when the clipboard is cleared; the service says when it was.
  return copiedOutcome({ code: result.notInserted, app: target?.app ?? null }, result.clipboardClear ?? null);
}

/** Brings the field up to the text so far, then runs `action` with insertion held. */
async function between<T>(insertion: StreamingInsertion, action: () => Promise<T>): Promise<T> {
  await insertion.settled();
  const release = insertion.hold();
  try {
    return await action();
  } finally {
    release();
  }
}

/** The engine as the controller's Inserter. */
export class EngineInserter implements Inserter {
  readonly #o: EngineInserterOptions;
  /** The application of the last dictation: "insert again" from our own window goes back there. */
  #lastTarget: TargetWindow | null = null;

  constructor(options: EngineInserterOptions) {
    this.#o = options;
  }

  async captureTarget(): Promise<InsertTarget | null> {
    const target = await captureTarget(this.#o.desktop);
    // Our own window (the on-screen button was pressed there): the text goes to the box, and "insert
    // again" still goes back to the application of the last dictation.
    if (!target || target.pid === (this.#o.ownPid ?? process.pid)) return null;
    this.#lastTarget = target;
    return { appName: targetName(target), handle: target };
  }

  async begin(target: InsertTarget | null): Promise<InsertionRun> {
    const insertion = await this.#start((target?.handle as TargetWindow | undefined) ?? null);
    let release: (() => void) | null = null;
    const context = insertion.fieldContext;
    const lineBreak = await lineBreakOf(this.#o.desktop, insertion, this.#o.rules());
    return {
      ...(context ? { fieldContext: context } : {}),
      lineBreak,
      update: (text, rolledBack) => insertion.update(text, rolledBack),
      setHeld: (held) => {
        if (held && !release) release = insertion.hold();
        if (!held && release) {
          release();
          release = null;
        }
      },
      userTyped: () => insertion.noteUserTyped(),
      caretAtWordStart: () => insertion.noteUserTyped(true),
      onCorrectedInBox: (listener) => insertion.on('correctionInBox', () => listener()),
      finish: async (finalText) => {
        insertion.update(finalText, false);
        release?.();
        release = null;
        try {
          return outcomeOf(insertion, await insertion.finish());
        } finally {
          this.#o.onInsertion?.(null);
        }
      },
      discard: () => {
        release?.();
        release = null;
        void insertion.cancel().finally(() => this.#o.onInsertion?.(null));
      },
      between: (action) => between(insertion, action),
      undo: () => this.#undo(insertion),
    };
  }

  /** Undo of a finished dictation: our own keys again, which the key hook must not take for the person's. */
  async #undo(insertion: StreamingInsertion): Promise<'removed' | 'not_ours'> {
    this.#o.onInsertion?.(insertion);
    try {
      return (await insertion.removeOwn()) ? 'removed' : 'not_ours';
    } finally {
      this.#o.onInsertion?.(null);
    }
  }

  async insertAgain(text: string): Promise<InsertOutcome> {
    // Our own window has focus (the button was pressed there): the text goes back to the last target.
    if (!this.#lastTarget) return { kind: 'box', reason: { code: 'no_app_yet' } };
    const insertion = await this.#start(this.#lastTarget);
    insertion.update(text, false);
    try {
      return outcomeOf(insertion, await insertion.finish());
    } finally {
      this.#o.onInsertion?.(null);
    }
  }

  async #start(target: TargetWindow | null): Promise<StreamingInsertion> {
    const insertion = await StreamingInsertion.begin({
      desktop: this.#o.desktop,
      clipboard: this.#o.clipboard,
      target, // null: none (our own window, or unknown), never captured again here
      mode: this.#o.mode(),
      rules: toRules(this.#o.rules()),
      platform: this.#o.platform,
      typingObserved: this.#o.typingObserved?.() ?? true,
      clearCopiedAfterMs: (this.#o.clearCopiedAfterSec?.() ?? 0) * 1000,
    });
    this.#o.onInsertion?.(insertion);
    return insertion;
  }
}

/**
 * What a line break becomes in the insertion's field (the app's, and `scribe dictate --insert`'s): the
 * field's facts are read again for it (a second round trip at the start; the engine keeps its own copy to
 * itself), and IT's rule for the application.
 */
export async function lineBreakOf(
  desktop: Pick<Desktop, 'fieldFacts'>,
  insertion: StreamingInsertion,
  rules: readonly AppRule[],
): Promise<LineBreak> {
  const target = insertion.target;
  // Nothing is typed (the box, or copied): the text keeps its breaks.
  if (!target || insertion.plan.mode === 'copy') return 'return';
  const facts = await desktop.fieldFacts(target).catch(() => ({}) as FieldFacts);
  return lineBreakFor(facts.multiLine, ruleFor(target, toRules(rules))?.lineBreak);
}
