/**
 * The Windows desktop: the foreground window (HWND) and its process image, focus restore the way that works
 * from a background process (AttachThreadInput to the foreground thread, then SetForegroundWindow), field
 * facts (a classic Edit control with ES_PASSWORD; a target at a higher integrity level, where SendInput is
 * dropped silently by UIPI), and keys through SendInput: virtual keys for chords, KEYEVENTF_UNICODE for
 * text (a surrogate pair sent as its two units; a few characters per SendInput call), or scancodes of the local layout for remote
 * sessions that ignore Unicode keystrokes. Tested through a fake Win32Api; not run on Windows here.
 */
import type {
  Desktop,
  EditKey,
  FieldFacts,
  FieldText,
  PasteChord,
  TargetWindow,
  TypeOptions,
} from '../desktop.ts';
import { KEYEVENTF, type KeyInput, type Win32Api } from './win32-api.ts';
import { delay } from '../../main/base/async/delay.ts';
import { Win32Field } from './win32-field.ts';
import { loadUiaApi, type UiaApi } from './uia-api.ts';
import { uiaPasswordFocused, withUiaField } from './uia-field.ts';

/** SECURITY_MANDATORY_MEDIUM_RID: the level of an ordinary user's programs. */
const MEDIUM_INTEGRITY = 0x2000;

/** The process's UI Automation client, created on first need; null where it cannot be (said once by code). */
let uiaClient: UiaApi | null | undefined;
function defaultUia(): UiaApi | null {
  if (uiaClient === undefined) {
    try {
      const loaded = loadUiaApi();
      uiaClient = loaded.api;
    } catch {
      uiaClient = null; // koffi or ole32 missing: classic controls only
    }
  }
  return uiaClient;
}

export const VK = {
  BACK: 0x08,
  TAB: 0x09,
  RETURN: 0x0d,
  SHIFT: 0x10,
  CONTROL: 0x11,
  LEFT: 0x25,
  INSERT: 0x2d,
  V: 0x56,
} as const;
/** Modifier keys that may still be held by the person (left/right variants and Windows keys). */
const MODIFIERS = [0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0x5b, 0x5c];
const EXTENDED = new Set<number>([VK.LEFT, VK.INSERT, 0xa3, 0xa5, 0x5b, 0x5c]);
const ES_PASSWORD = 0x20;
/** Edit and RichEdit controls that take line breaks (a one-line one sends its dialog's default button). */
const ES_MULTILINE = 0x4;
/** Characters (code points) sent in one SendInput call when typing unpaced. */
const TYPE_BATCH = 32;
const SW_RESTORE = 9;

/** A virtual key down or up. */
function vkInput(vk: number, up = false): KeyInput {
  const flags = (up ? KEYEVENTF.KEYUP : 0) | (EXTENDED.has(vk) ? KEYEVENTF.EXTENDEDKEY : 0);
  return { vk, scan: 0, flags };
}

/** Down-up of every key, the chord's modifiers around them. */
function chord(modifiers: number[], keys: number[]): KeyInput[] {
  return [
    ...modifiers.map((m) => vkInput(m)),
    ...keys.flatMap((k) => [vkInput(k), vkInput(k, true)]),
    ...[...modifiers].reverse().map((m) => vkInput(m, true)),
  ];
}

/** Unicode keystrokes for one code point (two UTF-16 units for a surrogate pair); Return/Tab as keys. */
function unicodeInputs(ch: string): KeyInput[] {
  if (ch === '\n') return chord([], [VK.RETURN]);
  if (ch === '\t') return chord([], [VK.TAB]);
  const units = [...Array(ch.length).keys()].map((i) => ch.charCodeAt(i));
  return [
    ...units.map((scan) => ({ vk: 0, scan, flags: KEYEVENTF.UNICODE })),
    ...units.map((scan) => ({ vk: 0, scan, flags: KEYEVENTF.UNICODE | KEYEVENTF.KEYUP })),
  ];
}

/** Desktop over the Win32 layer. */
export class Win32Desktop implements Desktop {
  /**
   * `uia` gives the UI Automation client for fields that are not classic Edit/RichEdit controls (browsers,
   * WPF, EHR clients); null: classic controls only.
   */
  constructor(
    private readonly api: Win32Api,
    private readonly uia: () => UiaApi | null = defaultUia,
  ) {}

  async activeWindow(): Promise<TargetWindow | undefined> {
    const hwnd = this.api.GetForegroundWindow();
    if (hwnd === 0n) return undefined;
    const pid = [0];
    this.api.GetWindowThreadProcessId(hwnd, pid);
    const image = pid[0] ? this.api.processImage(pid[0]) : undefined;
    const app = image?.split(/[\\/]/).pop();
    return { id: hwnd.toString(), ...(pid[0] ? { pid: pid[0] } : {}), ...(app ? { app } : {}) };
  }

  async activate(target: TargetWindow): Promise<boolean> {
    const hwnd = BigInt(target.id);
    if (this.api.IsIconic(hwnd)) this.api.ShowWindow(hwnd, SW_RESTORE);
    // Windows lets only the foreground thread give focus away: borrow its input state for the call.
    const foreground = this.api.GetWindowThreadProcessId(this.api.GetForegroundWindow(), [0]);
    const self = this.api.GetCurrentThreadId();
    const attached =
      foreground !== 0 && foreground !== self && this.api.AttachThreadInput(self, foreground, true);
    try {
      this.api.SetForegroundWindow(hwnd);
      this.api.BringWindowToTop(hwnd);
    } finally {
      if (attached) this.api.AttachThreadInput(self, foreground, false);
    }
    for (let i = 0; i < 50; i++) {
      if (this.api.GetForegroundWindow() === hwnd) return true;
      await delay(10);
    }
    return false;
  }

  /** Our own integrity level, once read (a token's level is never raised; a failed reading is tried again). */
  #ownIntegrity: number | undefined;

  async fieldFacts(target: TargetWindow, options?: { readonly context?: boolean }): Promise<FieldFacts> {
    // Unread, our own level counts as medium (a clinician's ordinary session): a target above it is refused.
    const own = (this.#ownIntegrity ??= this.api.processIntegrity('self')) ?? MEDIUM_INTEGRITY;
    const theirs = target.pid === undefined ? undefined : this.api.processIntegrity(target.pid);
    // A process whose token we may not even query runs above us (or is protected): never type there.
    const elevated = theirs === undefined ? target.pid !== undefined : theirs > own;
    const thread = this.api.GetWindowThreadProcessId(BigInt(target.id), [0]);
    const focus = thread ? this.api.focusedControl(thread) : 0n;
    const className = focus !== 0n ? this.api.className(focus) : '';
    const edit = /^edit$|\.edit\./i.test(className);
    const lines = edit || /richedit/i.test(className);
    // Classic Edit controls say it by style; other toolkits through UI Automation, where it runs.
    const password = edit
      ? (this.api.windowStyle(focus) & ES_PASSWORD) !== 0
      : this.#uiaPassword(target, elevated);
    // The focused control just found is read as it is, not looked up a second time; not at all when the
    // caller needs no text (WM_GETTEXT and EM_GETSEL are round trips to the other process).
    const context = elevated || options?.context === false ? undefined : this.#read(target, focus);
    return {
      elevated,
      ...(password === undefined ? {} : { password }),
      ...(focus !== 0n ? { control: focus.toString() } : {}),
      ...(context ? { context } : {}),
      ...(lines ? { multiLine: (this.api.windowStyle(focus) & ES_MULTILINE) !== 0 } : {}),
    };
  }

  async readField(target: TargetWindow, control?: string): Promise<FieldText | undefined> {
    if (control === undefined) return this.#read(target);
    const thread = this.api.GetWindowThreadProcessId(BigInt(target.id), [0]);
    const focus = thread ? this.api.focusedControl(thread) : 0n;
    return focus.toString() === control ? this.#read(target, focus) : undefined;
  }

  async selectInField(target: TargetWindow, start: number, length: number): Promise<boolean> {
    const classic = this.#classic(target);
    if (classic) {
      const text = classic.read()?.text;
      return text !== undefined && classic.select(text, start, length);
    }
    const uia = this.uia();
    if (!uia) return false;
    return (
      withUiaField(uia, target.pid, (field) => {
        const text = field.read()?.text;
        return text !== undefined && field.select(text, start, length);
      }) ?? false
    );
  }

  /**
   * The focused field's text: a classic control's by messages, any other's through UI Automation. `focus`:
   * the focused control when the caller has just found it.
   */
  #read(target: TargetWindow, focus?: bigint): FieldText | undefined {
    const classic = focus === undefined ? this.#classic(target) : Win32Field.of(this.api, focus);
    if (classic) return classic.read();
    const uia = this.uia();
    return uia ? withUiaField(uia, target.pid, (field) => field.read()) : undefined;
  }

  #classic(target: TargetWindow): Win32Field | undefined {
    return Win32Field.focused(this.api, this.api.GetWindowThreadProcessId(BigInt(target.id), [0]));
  }

  /** Whether UI Automation says the target's focused element hides its text; undefined when it cannot say. */
  #uiaPassword(target: TargetWindow, elevated: boolean): boolean | undefined {
    const uia = elevated ? null : this.uia();
    return uia ? uiaPasswordFocused(uia, target.pid) : undefined;
  }

  async releaseModifiers(): Promise<void> {
    const held = MODIFIERS.filter((vk) => (this.api.GetAsyncKeyState(vk) & 0x8000) !== 0);
    if (held.length > 0) this.#send(held.map((vk) => vkInput(vk, true)));
  }

  async sendPaste(kind: PasteChord): Promise<void> {
    if (kind === 'shift-insert') return this.#send(chord([VK.SHIFT], [VK.INSERT]));
    const modifiers = kind === 'ctrl-shift-v' ? [VK.CONTROL, VK.SHIFT] : [VK.CONTROL];
    this.#send(chord(modifiers, [VK.V]));
  }

  /**
   * Unpaced, the characters go in one SendInput call per batch of at most TYPE_BATCH (the engine already
   * hands over small chunks with a focus check between them); Citrix pacing (`paceMs` > 0) keeps one call
   * and one pause per character, as the setting means.
   */
  async typeText(text: string, options: TypeOptions): Promise<void> {
    const inputs = (ch: string): KeyInput[] =>
      options.scancode ? this.#scancodeInputs(ch) : unicodeInputs(ch);
    const chars = [...text.replace(/\r\n/g, '\n')];
    if (options.paceMs > 0) {
      for (const ch of chars) {
        this.#send(inputs(ch));
        await delay(options.paceMs);
      }
      return;
    }
    for (let i = 0; i < chars.length; i += TYPE_BATCH)
      this.#send(chars.slice(i, i + TYPE_BATCH).flatMap(inputs));
  }

  async pressKey(key: EditKey, count: number, options: { shift?: boolean } = {}): Promise<void> {
    const vk = key === 'left' ? VK.LEFT : key === 'return' ? VK.RETURN : VK.BACK;
    this.#send(chord(options.shift ? [VK.SHIFT] : [], new Array<number>(count).fill(vk)));
  }

  async close(): Promise<void> {}

  /** The character's key on the local layout as scancodes (Shift when needed); Unicode when it has none. */
  #scancodeInputs(ch: string): KeyInput[] {
    if (ch === '\n' || ch === '\t') return unicodeInputs(ch);
    const scan = this.api.VkKeyScanW(ch.charCodeAt(0));
    if (ch.length > 1 || scan === -1 || (scan >> 8) & 0b110) return unicodeInputs(ch); // no key, or Ctrl/Alt
    const key = this.api.scanCodeOf(scan & 0xff);
    const shift = this.api.scanCodeOf(VK.SHIFT);
    const sc = (code: number, up = false): KeyInput => ({
      vk: 0,
      scan: code,
      flags: KEYEVENTF.SCANCODE | (up ? KEYEVENTF.KEYUP : 0),
    });
    const withShift = ((scan >> 8) & 1) === 1;
    return [
      ...(withShift ? [sc(shift)] : []),
      sc(key),
      sc(key, true),
      ...(withShift ? [sc(shift, true)] : []),
    ];
  }

  /** SendInput; 0 inserted means UIPI blocked it (a higher-integrity window took focus). */
  #send(inputs: KeyInput[]): void {
    if (this.api.sendKeys(inputs) !== inputs.length) throw new Error('SendInput was blocked');
  }
}
