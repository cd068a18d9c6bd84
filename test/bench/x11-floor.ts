/**
 * The floor of the X11 insertion benchmark (test/bench/insertion.ts): the same text into the same kind of
 * Tk field with none of our insertion code, so the bench shows how much of a figure is X + xclip + the
 * target and how much is ours. Only the bare calls any program must make, over the Xlib binding's function
 * table (native/x11/xlib.ts; none of the keyboard, clipboard or insertion classes):
 * - type: each character's key pressed and released with XTestFakeKeyEvent (Shift where its level needs it)
 *   and one XFlush; characters the layout lacks are put on empty keycodes once, before any timing, and the
 *   mapping is left to settle (untimed: the engine does the same with its first burst);
 * - paste: an xclip started ahead (untimed) is given the text on its stdin; once it says it owns the
 *   CLIPBOARD and the server names a new owner (xclip says so before its ownership reaches the server: a
 *   Ctrl+V in between pastes the previous text, and the run timed out waiting for a text that never came),
 *   Ctrl+V by XTest;
 * - a correction: BackSpace per character replaced, then the new characters typed, in one flush.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { loadXlib, type DisplayPtr, type Xlib } from '../../native/x11/xlib.ts';
import { keysymOf, KEYSYM } from '../../native/x11/x11-keyboard.ts';

const SETTLE_MS = 2500;

/** One key: its keycode and whether Shift selects its character. */
interface Place {
  keycode: number;
  shift: boolean;
}

/** Bare XTest and xclip on one display. */
export class X11Floor {
  readonly #x: Xlib;
  readonly #dpy: DisplayPtr;
  readonly #places = new Map<number, Place>();
  readonly #mapped: number[] = [];
  #xclip: { child: ChildProcess; owns: Promise<void> } | undefined;

  constructor(
    readonly display: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.#x = loadXlib();
    const dpy = this.#x.XOpenDisplay(display);
    if (!dpy) throw new Error('no display');
    this.#dpy = dpy;
  }

  /** Places every character of `text` on a key (empty keycodes for those the layout lacks); untimed. */
  async prepare(text: string): Promise<void> {
    const x = this.#x;
    const [min, max, per] = [[0], [0], [0]];
    x.XDisplayKeycodes(this.#dpy, min, max);
    const count = max[0]! - min[0]! + 1;
    const ptr = x.XGetKeyboardMapping(this.#dpy, min[0]!, count, per);
    const syms = ptr ? x.decode(ptr, 'unsigned long', count * per[0]!) : [];
    if (ptr) x.XFree(ptr);
    const empty: number[] = [];
    for (let i = 0; i < count; i++) {
      const row = syms.slice(i * per[0]!, (i + 1) * per[0]!);
      if (row.every((s) => s === 0)) empty.push(min[0]! + i);
      [row[0], row[1]].forEach((sym, level) => {
        if (sym && !this.#places.has(sym))
          this.#places.set(sym, { keycode: min[0]! + i, shift: level === 1 });
      });
    }
    const wanted = [...new Set([...text, '\b'].map((ch) => (ch === '\b' ? KEYSYM.BackSpace : keysymOf(ch))))];
    for (const sym of wanted.filter((s) => !this.#places.has(s))) {
      const keycode = empty.shift();
      if (keycode === undefined) throw new Error('no empty keycode left');
      const row = new Array<number>(per[0]!).fill(sym);
      x.XChangeKeyboardMapping(this.#dpy, keycode, per[0]!, row, 1);
      this.#places.set(sym, { keycode, shift: false });
      this.#mapped.push(keycode);
    }
    x.XSync(this.#dpy, 0);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }

  /** Types `text`: its keys by XTest, one flush. */
  type(text: string, backspaces = 0): void {
    const keys = [...Array<number>(backspaces).fill(KEYSYM.BackSpace), ...[...text].map(keysymOf)];
    const shift = this.#x.XKeysymToKeycode(this.#dpy, KEYSYM.Shift_L);
    for (const sym of keys) {
      const place = this.#places.get(sym);
      if (!place) throw new Error('a character was not prepared');
      if (place.shift) this.#x.XTestFakeKeyEvent(this.#dpy, shift, 1, 0);
      this.#x.XTestFakeKeyEvent(this.#dpy, place.keycode, 1, 0);
      this.#x.XTestFakeKeyEvent(this.#dpy, place.keycode, 0, 0);
      if (place.shift) this.#x.XTestFakeKeyEvent(this.#dpy, shift, 0, 0);
    }
    this.#x.XFlush(this.#dpy);
  }

  /** Starts the next paste's xclip, waiting on its stdin (untimed). */
  ready(): void {
    const child = spawn('xclip', ['-selection', 'clipboard', '-i', '-t', 'UTF8_STRING', '-verbose'], {
      env: this.env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let said = '';
    const owns = new Promise<void>((resolve, reject) => {
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        said += chunk;
        if (said.includes('Waiting for selection request')) resolve();
      });
      child.once('exit', () => reject(new Error('xclip exited before it owned the clipboard')));
    });
    owns.catch(() => undefined);
    this.#xclip = { child, owns };
  }

  /** Hands `text` to the xclip started by ready(); once it owns the CLIPBOARD, Ctrl+V by XTest. */
  async paste(text: string): Promise<void> {
    const xclip = this.#xclip;
    if (!xclip) throw new Error('ready() first');
    const clipboard = this.#x.XInternAtom(this.#dpy, 'CLIPBOARD', 0);
    const previous = this.#x.XGetSelectionOwner(this.#dpy, clipboard);
    xclip.child.stdin!.end(text);
    await xclip.owns;
    for (const end = Date.now() + 1000; ; await new Promise((resolve) => setTimeout(resolve, 1))) {
      const owner = this.#x.XGetSelectionOwner(this.#dpy, clipboard);
      if (owner !== 0 && owner !== previous) break;
      if (Date.now() > end) throw new Error('xclip did not take the clipboard');
    }
    const ctrl = this.#x.XKeysymToKeycode(this.#dpy, KEYSYM.Control_L);
    const v = this.#x.XKeysymToKeycode(this.#dpy, KEYSYM.v);
    for (const [code, down] of [
      [ctrl, 1],
      [v, 1],
      [v, 0],
      [ctrl, 0],
    ] as const)
      this.#x.XTestFakeKeyEvent(this.#dpy, code, down, 0);
    this.#x.XFlush(this.#dpy);
  }

  /** Empties the keycodes it filled, ends its xclip, closes the display. */
  async close(): Promise<void> {
    for (const keycode of this.#mapped) this.#x.XChangeKeyboardMapping(this.#dpy, keycode, 1, [0], 1);
    this.#x.XSync(this.#dpy, 0);
    const child = this.#xclip?.child;
    if (child && child.exitCode === null) {
      child.kill();
      await once(child, 'exit').catch(() => undefined);
    }
    this.#x.XCloseDisplay(this.#dpy);
  }
}
