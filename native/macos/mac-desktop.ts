/**
 * The macOS desktop: the frontmost application (pid and bundle id — macOS targets an application, whose
 * own focused window gets the keys), focus restore by activating it, field facts through Accessibility
 * (AXSecureTextField, the field's text and selection for text_field_context) and Secure Event Input, and
 * keys through CGEventPost: Cmd+V built from the keycode that types "v" on the current layout, text as
 * Unicode strings on key events (CGEventKeyboardSetUnicodeString). Without the Accessibility grant macOS
 * drops posted events: the app checks the grant first and offers copy instead. Not run on a Mac here.
 */
import type {
  Desktop,
  FieldText,
  EditKey,
  FieldFacts,
  PasteChord,
  TargetWindow,
  TypeOptions,
} from '../desktop.ts';
import type { MacApi } from './mac-api.ts';
import { delay } from '../../main/base/async/delay.ts';

/** Virtual keycodes (kVK_*) of keys that do not depend on the layout. */
export const KEYCODE = {
  Return: 36,
  Tab: 48,
  Delete: 51,
  Command: 55,
  Shift: 56,
  Option: 58,
  Control: 59,
  Left: 123,
};
/** CGEventFlags of the modifiers. */
export const FLAG = { Shift: 0x20000, Control: 0x40000, Option: 0x80000, Command: 0x100000 };
/** kVK_ANSI_V: used only when the layout has no "v" key (Cmd shortcuts then follow the ANSI position). */
const ANSI_V = 9;
/** CGEventKeyboardSetUnicodeString takes at most 20 UTF-16 units per event. */
const MAX_UNITS = 20;

/** Splits text into pieces of at most 20 UTF-16 units, never inside a surrogate pair; '\n' and '\t' alone. */
export function unicodeChunks(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const ch of text) {
    if (ch === '\n' || ch === '\t') {
      if (current) chunks.push(current);
      chunks.push(ch);
      current = '';
    } else if (current.length + ch.length > MAX_UNITS) {
      chunks.push(current);
      current = ch;
    } else current += ch;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** Desktop over the macOS layer. */
export class MacDesktop implements Desktop {
  constructor(private readonly api: MacApi) {}

  async activeWindow(): Promise<TargetWindow | undefined> {
    const app = this.api.frontmostApp();
    if (!app) return undefined;
    return { id: String(app.pid), pid: app.pid, ...(app.bundleId ? { app: app.bundleId } : {}) };
  }

  async activate(target: TargetWindow): Promise<boolean> {
    if (target.pid === undefined || !this.api.activateApp(target.pid)) return false;
    for (let i = 0; i < 50; i++) {
      if (this.api.frontmostApp()?.pid === target.pid) return true;
      await delay(10);
    }
    return false;
  }

  async fieldFacts(target: TargetWindow): Promise<FieldFacts> {
    const secureInput = this.api.secureInputEnabled();
    if (target.pid === undefined || !this.api.axTrusted()) return { secureInput };
    const el = this.api.focusedElement(target.pid);
    const password = el?.role === 'AXSecureTextField' || el?.subrole === 'AXSecureTextField';
    const context =
      !password && el?.value !== undefined && el.selection
        ? { text: el.value, selectionStart: el.selection.location, selectionLength: el.selection.length }
        : undefined;
    return { secureInput, ...(el ? { password } : {}), ...(context ? { context } : {}) };
  }

  async readField(target: TargetWindow): Promise<FieldText | undefined> {
    return (await this.fieldFacts(target)).context;
  }

  async selectInField(target: TargetWindow, start: number, length: number): Promise<boolean> {
    if (target.pid === undefined || !this.api.axTrusted()) return false;
    return this.api.selectRange(target.pid, start, length);
  }

  async releaseModifiers(): Promise<void> {
    const flags = this.api.modifierFlags();
    for (const name of ['Command', 'Shift', 'Option', 'Control'] as const) {
      if (flags & FLAG[name]) this.api.postKey(KEYCODE[name], false, 0);
    }
  }

  async sendPaste(_chord: PasteChord): Promise<void> {
    // Every macOS application pastes with Cmd+V (terminals too).
    const v = this.api.keycodeFor('v') ?? ANSI_V;
    this.#chord(KEYCODE.Command, FLAG.Command, [v]);
  }

  async typeText(text: string, options: TypeOptions): Promise<void> {
    const pieces = options.paceMs > 0 || options.scancode ? [...text] : unicodeChunks(text);
    for (const piece of pieces) {
      const named = piece === '\n' ? KEYCODE.Return : piece === '\t' ? KEYCODE.Tab : undefined;
      const layoutKey = options.scancode ? this.api.keycodeFor(piece) : undefined;
      const key = named ?? layoutKey;
      if (key !== undefined) {
        this.api.postKey(key, true, 0);
        this.api.postKey(key, false, 0);
      } else {
        this.api.postUnicode(piece, true);
        this.api.postUnicode(piece, false);
      }
      if (options.paceMs > 0) await delay(options.paceMs);
    }
  }

  async pressKey(key: EditKey, count: number, options: { shift?: boolean } = {}): Promise<void> {
    const code = key === 'left' ? KEYCODE.Left : key === 'return' ? KEYCODE.Return : KEYCODE.Delete;
    const keys = new Array<number>(count).fill(code);
    if (options.shift) this.#chord(KEYCODE.Shift, FLAG.Shift, keys);
    else for (const k of keys) this.#tap(k, 0);
  }

  async close(): Promise<void> {}

  #chord(modifier: number, flag: number, keys: number[]): void {
    this.api.postKey(modifier, true, flag);
    for (const k of keys) this.#tap(k, flag);
    this.api.postKey(modifier, false, 0);
  }

  #tap(keycode: number, flags: number): void {
    this.api.postKey(keycode, true, flags);
    this.api.postKey(keycode, false, flags);
  }
}
