/**
 * In-memory desktop for tests: windows with one text field each (text, caret, selection), focus, a
 * clipboard, and a log of every synthesized key. Paste inserts beside a selection, as Tk does, so a writer
 * that forgets to delete the selection first is caught.
 */
import { Emitter } from '../main/base/async/emitter.ts';
import type {
  ClipboardSnapshot,
  Desktop,
  EditKey,
  FieldFacts,
  FieldText,
  InsertionClipboard,
  PasteChord,
  TargetWindow,
  TypeOptions,
} from './desktop.ts';

/** One window of the fake desktop. */
export interface FakeWindow {
  readonly target: TargetWindow;
  text: string;
  /** Caret and selection in code units (the tests use BMP text). */
  caret: number;
  selectionStart: number;
  facts: FieldFacts;
  /** The field's text and selection can be read and set (readField / selectInField). */
  readable?: boolean;
  /** The field swallows what arrives (pasted or typed text never shows). */
  discards?: boolean;
  /** The window ignores the paste chord: it never reads the clipboard (a control that takes no paste). */
  ignoresPaste?: boolean;
  /**
   * A Chromium rich-text field (`contenteditable`): a paste at the end of the field that ends in a
   * paragraph break after text keeps one line break less (seen on X11, test/integration/…/browser-field-x11).
   */
  pasteDropsTrailingBreak?: boolean;
  /** Typing one more chunk moves focus to this window (the person clicked elsewhere mid-typing). */
  focusAfterNextType?: string;
  /** Typing one more chunk moves focus within the window to a control with these facts (Tab mid-typing). */
  factsAfterNextType?: FieldFacts;
}

/** A scriptable desktop. */
export class FakeDesktop implements Desktop {
  readonly windows = new Map<string, FakeWindow>();
  active: string | undefined;
  /** Every key action, in order ('paste:ctrl-v', 'type:…', 'left*3+shift', 'backspace*1', 'release'). */
  readonly log: string[] = [];
  /** activate() fails for these window ids. */
  readonly refuseFocus = new Set<string>();
  /** Every key call fails (the OS refused the keystrokes). */
  failKeys = false;
  readonly clipboard = new FakeClipboard();
  readonly #foreign = new Emitter<void>();

  addWindow(id: string, app: string, facts: FieldFacts = {}): FakeWindow {
    const w: FakeWindow = { target: { id, app, pid: 100 }, text: '', caret: 0, selectionStart: 0, facts };
    this.windows.set(id, w);
    this.active ??= id;
    return w;
  }

  /** The person types into the focused window (reported as a foreign key when `reported`). */
  personTypes(text: string, reported = true): void {
    this.#insert(text);
    if (reported) this.#foreign.emit();
  }

  async activeWindow(): Promise<TargetWindow | undefined> {
    return this.active === undefined ? undefined : this.windows.get(this.active)?.target;
  }

  async activate(target: TargetWindow): Promise<boolean> {
    if (this.refuseFocus.has(target.id) || !this.windows.has(target.id)) return false;
    this.active = target.id;
    this.log.push(`activate:${target.id}`);
    return true;
  }

  async fieldFacts(target: TargetWindow): Promise<FieldFacts> {
    const w = this.windows.get(target.id);
    if (!w) return {};
    const context = w.readable && !w.facts.password ? this.#read(w) : undefined;
    return { ...w.facts, ...(context ? { context } : {}) };
  }

  async readField(target: TargetWindow, control?: string): Promise<FieldText | undefined> {
    const w = this.windows.get(target.id);
    if (control !== undefined && w?.facts.control !== control) return undefined;
    return w?.readable && !w.facts.password ? this.#read(w) : undefined;
  }

  async selectInField(target: TargetWindow, start: number, length: number): Promise<boolean> {
    const w = this.windows.get(target.id);
    if (!w?.readable) return false;
    this.log.push(`select:${start}+${length}`);
    w.selectionStart = start;
    w.caret = start + length;
    return true;
  }

  #read(w: FakeWindow): FieldText {
    const start = Math.min(w.selectionStart, w.caret);
    return { text: w.text, selectionStart: start, selectionLength: Math.abs(w.caret - w.selectionStart) };
  }

  async releaseModifiers(): Promise<void> {
    this.log.push('release');
  }

  async sendPaste(chord: PasteChord): Promise<void> {
    this.#check();
    this.log.push(`paste:${chord}`);
    const w = this.#focused();
    if (w?.ignoresPaste) return;
    const text = this.clipboard.text ?? '';
    const atEnd = w?.pasteDropsTrailingBreak && w.caret === w.text.length;
    this.#insert(atEnd ? text.replace(/(?<=[^\n])\n(?=\n+$)/, '') : text);
    this.clipboard.noteRead();
  }

  async typeText(text: string, _options: TypeOptions): Promise<void> {
    this.#check();
    this.log.push(`type:${text}`);
    this.#insert(text);
    const w = this.#focused();
    if (w?.focusAfterNextType !== undefined) {
      this.active = w.focusAfterNextType;
      delete w.focusAfterNextType;
    }
    if (w?.factsAfterNextType !== undefined) {
      w.facts = w.factsAfterNextType;
      delete w.factsAfterNextType;
    }
  }

  async pressKey(key: EditKey, count: number, options: { shift?: boolean } = {}): Promise<void> {
    this.#check();
    this.log.push(`${key}*${count}${options.shift ? '+shift' : ''}`);
    const w = this.#focused();
    if (!w) return;
    for (let i = 0; i < count; i++) {
      if (key === 'return') {
        this.#insert('\n'); // a line break (Shift+Return in a chat box, as the fake has no form to send)
      } else if (key === 'left') {
        w.caret = Math.max(0, w.caret - 1);
        if (!options.shift) w.selectionStart = w.caret;
      } else if (w.selectionStart !== w.caret) {
        const [a, b] = [Math.min(w.selectionStart, w.caret), Math.max(w.selectionStart, w.caret)];
        w.text = w.text.slice(0, a) + w.text.slice(b);
        w.caret = w.selectionStart = a;
      } else if (w.caret > 0) {
        w.text = w.text.slice(0, w.caret - 1) + w.text.slice(w.caret);
        w.caret = w.selectionStart = w.caret - 1;
      }
    }
  }

  onForeignKey(listener: () => void): () => void {
    return this.#foreign.on(listener);
  }

  async close(): Promise<void> {}

  #focused(): FakeWindow | undefined {
    return this.active === undefined ? undefined : this.windows.get(this.active);
  }

  #insert(text: string): void {
    const w = this.#focused();
    if (!w || w.discards) return;
    // Beside the selection, never over it (like Tk): the caret end of the selection.
    w.text = w.text.slice(0, w.caret) + text + w.text.slice(w.caret);
    w.caret += text.length;
    w.selectionStart = w.caret;
  }

  #check(): void {
    if (this.failKeys) throw new Error('keys refused');
  }
}

/** In-memory clipboard with transient writes recorded. */
export class FakeClipboard implements InsertionClipboard {
  text: string | undefined;
  /** How many times a paste read the clipboard. */
  reads = 0;
  /** Every text written as transient, in order. */
  readonly writes: string[] = [];
  restores = 0;
  #onRead: (() => void) | undefined;

  async snapshot(): Promise<ClipboardSnapshot> {
    const text = this.text;
    return {
      entries: text === undefined ? [] : [{ format: 'text/plain', bytes: new TextEncoder().encode(text) }],
    };
  }

  /** Reports each write as read by the next paste, as the X11 clipboard does. */
  async writeTransient(text: string): Promise<{ transient: boolean; pasted: Promise<boolean> }> {
    this.text = text;
    this.writes.push(text);
    return { transient: true, pasted: new Promise((resolve) => (this.#onRead = () => resolve(true))) };
  }

  /** A paste read the clipboard. */
  noteRead(): void {
    this.reads++;
    this.#onRead?.();
    this.#onRead = undefined;
  }

  async readText(): Promise<string | undefined> {
    return this.text;
  }

  async restore(snapshot: ClipboardSnapshot): Promise<void> {
    this.restores++;
    const entry = snapshot.entries[0];
    this.text = entry ? new TextDecoder().decode(entry.bytes) : undefined;
  }

  async close(): Promise<void> {}
}
