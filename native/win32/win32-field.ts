/**
 * The focused field of a Windows application, where it is a classic Edit or RichEdit control: its text
 * (WM_GETTEXT, copied across processes by the system), its selection (EM_GETSEL's packed result, which
 * needs no memory in the other process) and selecting a range (EM_SETSEL). Other controls (browsers, WPF,
 * most EHR clients) answer none of these: they are unreadable here (UI Automation is not used yet).
 *
 * Offsets: an Edit control counts a line break as two (CR LF), a RichEdit as one; the text handed out has
 * '\n' for each break, and offsets are converted to and from the control's own.
 */
import type { FieldText } from '../desktop.ts';
import type { Win32Api } from './win32-api.ts';

const EM_GETSEL = 0x00b0;
const EM_SETSEL = 0x00b1;
const EM_SCROLLCARET = 0x00b7;
const ES_PASSWORD = 0x20;

/** The kind of text control a window class is, or undefined for one we cannot read. */
function textControlKind(className: string): 'edit' | 'richedit' | undefined {
  if (/^edit$|\.edit\./i.test(className)) return 'edit';
  if (/^richedit\d*w?$|^richedit\d+w$|\.richedit/i.test(className)) return 'richedit';
  return undefined;
}

/** Reads and selects in one Edit / RichEdit control. */
export class Win32Field {
  private constructor(
    private readonly api: Win32Api,
    readonly hwnd: bigint,
    private readonly kind: 'edit' | 'richedit',
  ) {}

  /** The focused control of `threadId` when it is a readable, non-password text control. */
  static focused(api: Win32Api, threadId: number): Win32Field | undefined {
    return Win32Field.of(api, threadId ? api.focusedControl(threadId) : 0n);
  }

  /** The control `hwnd` (0: none) when it is a readable, non-password text control. */
  static of(api: Win32Api, hwnd: bigint): Win32Field | undefined {
    if (hwnd === 0n) return undefined;
    const kind = textControlKind(api.className(hwnd));
    if (!kind || (api.windowStyle(hwnd) & ES_PASSWORD) !== 0) return undefined;
    return new Win32Field(api, hwnd, kind);
  }

  read(): FieldText | undefined {
    const raw = this.api.windowText(this.hwnd);
    const packed = this.api.sendMessage(this.hwnd, EM_GETSEL, 0, 0);
    if (raw === undefined || packed === undefined) return undefined;
    const lo = packed & 0xffff;
    const hi = (packed >>> 16) & 0xffff;
    if (lo === 0xffff || hi === 0xffff) return undefined; // past 65535: the packed result cannot say
    const text = raw.replace(/\r\n|\r/g, '\n');
    const start = this.#fromNative(text, Math.min(lo, hi));
    const end = this.#fromNative(text, Math.max(lo, hi));
    return { text, selectionStart: start, selectionLength: end - start };
  }

  select(text: string, start: number, length: number): boolean {
    const from = this.#toNative(text, start);
    const to = this.#toNative(text, start + length);
    if (this.api.sendMessage(this.hwnd, EM_SETSEL, from, to) === undefined) return false;
    this.api.sendMessage(this.hwnd, EM_SCROLLCARET, 0, 0);
    return true;
  }

  /** Edit controls count '\n' as CR LF (two); RichEdit as one. */
  #toNative(text: string, offset: number): number {
    if (this.kind === 'richedit') return offset;
    return offset + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
  }

  #fromNative(text: string, native: number): number {
    if (this.kind === 'richedit') return Math.min(native, text.length);
    let units = 0;
    let js = 0;
    while (js < text.length && units < native) {
      units += text[js] === '\n' ? 2 : 1;
      js++;
    }
    return js;
  }
}
