/**
 * Keystrokes into one captured target: focus check and restore, then paste or type, and replacing our own
 * tail for an in-place correction. Lengths are counted in code points, as the caret moves.
 */
import type { Desktop, TargetWindow } from '../../../../native/desktop.ts';
import type { ClipboardPaster } from './clipboard-paste.ts';
import type { InsertionPlan } from './insertion-types.ts';

/**
 * The target never read a paste's clipboard: the text is not in the field. Carries no text.
 * Not an error of ours, a fact the insertion reports (`not_landed`) with the text kept.
 */
export class PasteNotTakenError extends Error {
  readonly code = 'not_landed';

  constructor() {
    super('The target did not read the pasted text.');
    this.name = 'PasteNotTakenError';
  }
}

/** Whether the target had focus: it did, it was brought back, or it could not be. */
export type FocusState = 'same' | 'restored' | 'lost';

/** Code points in `text` (what one Left or Backspace moves over). */
export function caretLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Characters typed between two focus checks. */
const TYPING_CHUNK = 8;

/** `text` in typing chunks: runs of at most TYPING_CHUNK code points, each line break alone. */
function typingChunks(text: string): string[] {
  const chunks: string[] = [];
  for (const piece of text.split(/(\r?\n)/)) {
    if (piece === '') continue;
    if (/^\r?\n$/.test(piece)) {
      chunks.push(piece);
      continue;
    }
    const points = [...piece];
    for (let i = 0; i < points.length; i += TYPING_CHUNK)
      chunks.push(points.slice(i, i + TYPING_CHUNK).join(''));
  }
  return chunks;
}

/** Writes into the target with the plan's mode (paste or type; never copy). */
export class FieldWriter {
  constructor(
    private readonly desktop: Desktop,
    private readonly paster: ClipboardPaster,
    readonly target: TargetWindow,
    readonly plan: InsertionPlan,
  ) {}

  /** Is the target focused; if not, bring it back. */
  async focus(): Promise<FocusState> {
    const active = await this.desktop.activeWindow();
    if (active?.id === this.target.id) return 'same';
    return (await this.desktop.activate(this.target)) ? 'restored' : 'lost';
  }

  /** Whether the target has focus now (no restore attempted). */
  async hasFocus(): Promise<boolean> {
    return (await this.desktop.activeWindow())?.id === this.target.id;
  }

  /** Lets keys the person pressed up to now reach `noteUserTyped` (X11 RECORD). */
  async syncInput(): Promise<void> {
    await this.desktop.syncInput?.();
  }

  /**
   * Inserts `text` at the caret; returns how much of it (UTF-16 units) was sent. Typing goes in chunks of
   * a few characters (a line break alone), and `mayType` is asked before each: false stops there. A paste
   * the target never read throws a {@link PasteNotTakenError}; `shown` (a readable field) tells when the
   * pasted text shows in the field (ClipboardPaster.paste).
   */
  async write(
    text: string,
    mayType?: (chunk: string, first: boolean) => Promise<boolean>,
    shown?: () => Promise<boolean>,
  ): Promise<number> {
    if (text === '') return 0;
    await this.desktop.releaseModifiers();
    if (this.plan.mode !== 'type') {
      if ((await this.paster.paste(text, this.plan.chord, shown)) === 'unread')
        throw new PasteNotTakenError();
      return text.length;
    }
    let sent = 0;
    for (const chunk of typingChunks(text)) {
      if (mayType && !(await mayType(chunk, sent === 0))) return sent;
      // A chat box's rule: Shift+Return breaks the line where Return would send the message.
      if (this.plan.shiftReturn && /^\r?\n$/.test(chunk))
        await this.desktop.pressKey('return', 1, { shift: true });
      else await this.desktop.typeText(chunk, { paceMs: this.plan.paceMs, scancode: this.plan.scancode });
      sent += chunk.length;
    }
    return sent;
  }

  /** A space after the caret, the caret staying before it (the words typed next then read "severe pain"). */
  async spaceAfterCaret(): Promise<void> {
    await this.write(' ');
    await this.desktop.pressKey('left', 1);
  }

  /**
   * Replaces the last `count` characters before the caret with `text`: paste mode selects them
   * (Shift+Left) and deletes the selection (some fields, Tk's among them, paste beside a selection instead
   * of over it); type mode backspaces over them.
   */
  async replaceTail(count: number, text: string): Promise<void> {
    await this.desktop.releaseModifiers();
    if (count > 0) {
      if (this.plan.mode === 'type') {
        await this.desktop.pressKey('backspace', count);
      } else {
        await this.desktop.pressKey('left', count, { shift: true });
        await this.desktop.pressKey('backspace', 1);
      }
    }
    await this.write(text);
  }
}
