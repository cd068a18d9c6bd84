/**
 * The X11 desktop: the focused window from the window manager (EWMH _NET_ACTIVE_WINDOW, else the input
 * focus's top-level window), its process (_NET_WM_PID) and application (WM_CLASS), focus restore through
 * the window manager (a _NET_ACTIVE_WINDOW request, as pagers and xdotool do), and keys through XTest
 * (x11-keyboard.ts). The focused field itself (its text, caret, selection, and whether it is a password
 * field) is known only through AT-SPI (atspi.ts), where the application exposes it (GTK, Qt with
 * accessibility on, Firefox, LibreOffice); elsewhere field facts are unknown.
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
import { KEYSYM, keysymOf, X11Keyboard } from './x11-keyboard.ts';
import { KeyRecorder } from './x11-record.ts';
import { loadXlib, type DisplayPtr, type Xlib } from './xlib.ts';
import { openAtspi, type Atspi } from './atspi.ts';
import { delay } from '../../main/base/async/delay.ts';

const ANY_PROPERTY_TYPE = 0;
const SUBSTRUCTURE_MASK = (1 << 19) | (1 << 20); // SubstructureNotify | SubstructureRedirect
const CLIENT_MESSAGE = 33;
const REVERT_TO_PARENT = 2;
/** How long a selection set over AT-SPI may take to show in the field (a busy browser on a loaded machine). */
const SELECTION_SHOWN_MS = 1000;

/** The X11 desktop on `display` (DISPLAY when omitted). Throws when no display can be opened. */
export function openX11Desktop(display?: string): X11Desktop {
  const x = loadXlib();
  const dpy = x.XOpenDisplay(display ?? null);
  if (!dpy) throw new Error('Cannot open the X display.');
  return new X11Desktop(x, dpy, KeyRecorder.open(x, display ?? null), openAtspi());
}

/** Desktop over one X connection. */
export class X11Desktop implements Desktop {
  readonly #keyboard: X11Keyboard;
  readonly #root: number;
  readonly #atoms = new Map<string, number>();
  #closed = false;

  constructor(
    private readonly x: Xlib,
    private readonly dpy: DisplayPtr,
    private readonly recorder?: KeyRecorder,
    private readonly atspi?: Atspi,
  ) {
    this.#root = x.XDefaultRootWindow(dpy);
    this.#keyboard = new X11Keyboard(x, dpy, (keycode, down) => recorder?.expect(keycode, down));
  }

  #atom(name: string): number {
    let atom = this.#atoms.get(name);
    if (atom === undefined) this.#atoms.set(name, (atom = this.x.XInternAtom(this.dpy, name, 0)));
    return atom;
  }

  /** A property's raw items: bytes (format 8) or C longs (format 32); undefined when absent. */
  #property(window: number, name: string): { format: number; items: number[] } | undefined {
    const type = [0];
    const format = [0];
    const count = [0];
    const after = [0];
    const data: Array<bigint | null> = [null];
    const status = this.x.XGetWindowProperty(
      this.dpy,
      window,
      this.#atom(name),
      0,
      1024,
      0,
      ANY_PROPERTY_TYPE,
      type,
      format,
      count,
      after,
      data,
    );
    const ptr = data[0];
    if (status !== 0 || !ptr) return undefined;
    try {
      if (format[0] === 8) return { format: 8, items: [...this.x.bytes(ptr, count[0]!)] };
      if (format[0] === 32) return { format: 32, items: this.x.decode(ptr, 'unsigned long', count[0]!) };
      return undefined;
    } finally {
      this.x.XFree(ptr);
    }
  }

  /** The top-level client window holding the input focus, for window managers without EWMH. */
  #focusTopLevel(): number | undefined {
    const focus = [0];
    this.x.XGetInputFocus(this.dpy, focus, [0]);
    let window = focus[0]!;
    if (window <= 1) return undefined; // None or PointerRoot
    for (;;) {
      const root = [0];
      const parent = [0];
      const children: Array<bigint | null> = [null];
      if (!this.x.XQueryTree(this.dpy, window, root, parent, children, [0])) return undefined;
      if (children[0]) this.x.XFree(children[0]);
      if (parent[0] === root[0] || parent[0] === 0) return window;
      window = parent[0]!;
    }
  }

  async activeWindow(): Promise<TargetWindow | undefined> {
    const active = this.#property(this.#root, '_NET_ACTIVE_WINDOW')?.items[0];
    const window = active ? active : this.#focusTopLevel();
    if (!window) return undefined;
    const pid = this.#property(window, '_NET_WM_PID')?.items[0];
    const wmClass = this.#property(window, 'WM_CLASS');
    // WM_CLASS is "instance\0Class\0": the class names the application.
    const parts = wmClass ? Buffer.from(wmClass.items).toString('latin1').split('\0') : [];
    const app = parts[1] || parts[0] || undefined;
    return { id: String(window), ...(pid ? { pid } : {}), ...(app ? { app } : {}) };
  }

  /** The top-level windows the window manager lists (_NET_CLIENT_LIST) whose process is `pid`. */
  windowsOf(pid: number): TargetWindow[] {
    const clients = this.#property(this.#root, '_NET_CLIENT_LIST')?.items ?? [];
    return clients
      .filter((window) => this.#property(window, '_NET_WM_PID')?.items[0] === pid)
      .map((window) => ({ id: String(window), pid }));
  }

  async activate(target: TargetWindow): Promise<boolean> {
    const window = Number(target.id);
    if (this.#property(this.#root, '_NET_SUPPORTED')) {
      this.x.XSendEvent(this.dpy, this.#root, 0, SUBSTRUCTURE_MASK, {
        type: CLIENT_MESSAGE,
        serial: 0,
        send_event: 1,
        display: this.dpy,
        window,
        message_type: this.#atom('_NET_ACTIVE_WINDOW'),
        format: 32,
        l: [2, 0, 0, 0, 0], // source: a pager (the person's own request), CurrentTime
        pad: new Array(12).fill(0),
      });
    } else {
      this.x.XRaiseWindow(this.dpy, window);
      this.x.XSetInputFocus(this.dpy, window, REVERT_TO_PARENT, 0);
    }
    this.x.XSync(this.dpy, 0);
    for (let i = 0; i < 100; i++) {
      if ((await this.activeWindow())?.id === target.id) return true;
      await delay(5);
    }
    return false;
  }

  async fieldFacts(target: TargetWindow): Promise<FieldFacts> {
    if (!this.atspi || target.pid === undefined) return {};
    const field = this.atspi.focusedField(target.pid);
    if (!field) {
      const password = this.atspi.focusedIsPassword(target.pid);
      return password === undefined ? {} : { password };
    }
    const { password, multiLine, ...context } = field;
    return { password, ...(password ? {} : { context }), ...(multiLine === undefined ? {} : { multiLine }) };
  }

  async readField(target: TargetWindow): Promise<FieldText | undefined> {
    if (!this.atspi || target.pid === undefined) return undefined;
    const field = this.atspi.focusedField(target.pid);
    if (!field || field.password) return undefined;
    const { password: _password, multiLine: _lines, ...text } = field;
    return text;
  }

  async selectInField(target: TargetWindow, start: number, length: number): Promise<boolean> {
    if (!this.atspi || target.pid === undefined) return false;
    if (!this.atspi.select(target.pid, start, length)) return false;
    // Chromium applies an AT-SPI selection in its page's process after the call returns, and the keys sent
    // next go by X and can overtake it (they then land at the old caret): wait until the field reports the
    // selection, which it does once the page made it. A field that never reports it is not held up long.
    const until = performance.now() + SELECTION_SHOWN_MS;
    while (performance.now() < until) {
      const field = this.atspi.focusedField(target.pid);
      if (field?.selectionStart === start && field.selectionLength === length) break;
      await delay(5);
    }
    return true;
  }

  async releaseModifiers(): Promise<void> {
    this.#keyboard.releaseModifiers();
  }

  async sendPaste(chord: PasteChord): Promise<void> {
    switch (chord) {
      case 'shift-insert':
        return this.#keyboard.tapAll([KEYSYM.Insert], 0, [KEYSYM.Shift_L]);
      case 'ctrl-shift-v':
        return this.#keyboard.tapAll([KEYSYM.v], 0, [KEYSYM.Control_L, KEYSYM.Shift_L]);
      default:
        return this.#keyboard.tapAll([KEYSYM.v], 0, [KEYSYM.Control_L]);
    }
  }

  async typeText(text: string, options: TypeOptions): Promise<void> {
    // XTest sends keysyms through the local keymap: the scancode variant is the same path on X11.
    await this.#keyboard.tapAll([...text.replace(/\r\n/g, '\n')].map(keysymOf), options.paceMs);
  }

  async pressKey(key: EditKey, count: number, options: { shift?: boolean } = {}): Promise<void> {
    const keysym = key === 'left' ? KEYSYM.Left : key === 'return' ? KEYSYM.Return : KEYSYM.BackSpace;
    await this.#keyboard.tapAll(
      new Array<number>(count).fill(keysym),
      0,
      options.shift ? [KEYSYM.Shift_L] : [],
    );
  }

  /** Whether the person's keys can be told from ours (the X RECORD extension is there). */
  get watchesKeys(): boolean {
    return this.recorder !== undefined;
  }

  /** The window owning the CLIPBOARD selection now (0: none); lets the xclip clipboard see takeovers. */
  clipboardOwner(): number {
    return this.x.XGetSelectionOwner(this.dpy, this.#atom('CLIPBOARD'));
  }

  onForeignKey(listener: () => void): () => void {
    return this.recorder?.onForeign(listener) ?? (() => undefined);
  }

  async syncInput(): Promise<void> {
    if (!this.recorder) return;
    // Every event the server has processed is recorded; give the data connection a moment to bring it.
    this.x.XSync(this.dpy, 0);
    for (let i = 0; i < 3; i++) {
      this.recorder.drain();
      await delay(2);
    }
  }

  /** Closes the display once the spare keycodes are given back (which waits for a busy client to read). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.recorder?.close();
    await this.#keyboard.close();
    this.x.XCloseDisplay(this.dpy);
  }
}
