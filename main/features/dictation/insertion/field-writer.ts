/**
 * Keystrokes into one captured target: focus check and restore, then paste or type, and replacing our own
 * tail for an in-place correction. Lengths are counted in code points, as the caret moves.
 */
import type { Desktop, TargetWindow } from '../../../../native/desktop.ts';
import type { ClipboardPaster } from './clipboard-paste.ts';
import type { InsertionPlan } from './insertion-types.ts';

/** Whether the target had focus: it did, it was brought back, or it could not be. */
export type FocusState = 'same' | 'restored' | 'lost';

/** Code points in `text` (what one Left or Backspace moves over). */
export function caretLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
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

  /** Inserts `text` at the caret. */
  async write(text: string): Promise<void> {
    if (text === '') return;
    await this.desktop.releaseModifiers();
    if (this.plan.mode === 'type') {
      await this.desktop.typeText(text, { paceMs: this.plan.paceMs, scancode: this.plan.scancode });
    } else {
      await this.paster.paste(text, this.plan.chord);
    }
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
