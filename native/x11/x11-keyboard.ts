/**
 * Key synthesis with XTest, by keysym: each key is looked up in the current keyboard mapping (so Ctrl+V is
 * the key that produces "v" under Dvorak too), and a character the layout does not have (°, µ, —, ₂ …) is
 * put on a spare keycode first (XChangeKeyboardMapping), as xdotool does. Spare keycodes keep their
 * characters across calls (a dictation reuses the same few), are reassigned least-recently-used, and are
 * cleared on close. XSendEvent is never used: xterm and others ignore sent events.
 */
import type { DisplayPtr, Xlib } from './xlib.ts';
import { delay } from '../../main/events/delay.ts';

const NO_SYMBOL = 0;
/** Keysyms of the keys we press by name. */
export const KEYSYM = {
  Return: 0xff0d,
  Tab: 0xff09,
  BackSpace: 0xff08,
  Left: 0xff51,
  Insert: 0xff63,
  Shift_L: 0xffe1,
  Control_L: 0xffe3,
  v: 0x76,
} as const;

/** The keysym that types `ch` (one code point). */
export function keysymOf(ch: string): number {
  if (ch === '\n' || ch === '\r') return KEYSYM.Return;
  if (ch === '\t') return KEYSYM.Tab;
  const cp = ch.codePointAt(0)!;
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return 0x01000000 + cp;
}

/** Where a keysym is: its keycode and whether Shift selects it. */
interface KeyPlace {
  readonly keycode: number;
  readonly shift: boolean;
}

/** How long a client gets to read a mapping change (MappingNotify) before keys that rely on it. */
const REMAP_SETTLE_MS = 40;

/** XTest keyboard of one display connection. */
export class X11Keyboard {
  readonly #places = new Map<number, KeyPlace>();
  /** Spare keycodes, least recently used first, with the keysym each now carries. */
  readonly #spare: Array<{ keycode: number; keysym: number }> = [];
  #perKeycode = 2;

  /** `onKey` sees each key event just before it is sent (for the key recorder). */
  constructor(
    private readonly x: Xlib,
    private readonly dpy: DisplayPtr,
    private readonly onKey: (keycode: number, down: boolean) => void = () => undefined,
  ) {
    this.#readMapping();
  }

  #readMapping(): void {
    const min = [0];
    const max = [0];
    this.x.XDisplayKeycodes(this.dpy, min, max);
    const per = [0];
    const count = max[0]! - min[0]! + 1;
    const ptr = this.x.XGetKeyboardMapping(this.dpy, min[0]!, count, per);
    if (!ptr) return;
    const syms = this.x.decode(ptr, 'unsigned long', count * per[0]!);
    this.x.XFree(ptr);
    this.#perKeycode = per[0]!;
    for (let i = 0; i < count; i++) {
      const keycode = min[0]! + i;
      const row = syms.slice(i * per[0]!, (i + 1) * per[0]!);
      if (row.every((s) => s === NO_SYMBOL)) {
        this.#spare.push({ keycode, keysym: NO_SYMBOL });
        continue;
      }
      // Levels 1 and 2 of the first group only: other groups need an XKB group switch.
      [row[0], row[1]].forEach((sym, level) => {
        if (sym && !this.#places.has(sym)) this.#places.set(sym, { keycode, shift: level === 1 });
      });
    }
  }

  /** Keysyms among `keysyms` that need a spare keycode. */
  #unplaced(keysyms: number[]): number[] {
    return [...new Set(keysyms)].filter(
      (k) => !this.#places.has(k) && !this.#spare.some((s) => s.keysym === k),
    );
  }

  /** Puts `keysyms` on spare keycodes (least recently used first); false when there are too few. */
  async #assign(keysyms: number[], inUse: Set<number>): Promise<boolean> {
    const needed = this.#unplaced(keysyms);
    if (needed.length === 0) return true;
    const free = this.#spare.filter((s) => !inUse.has(s.keysym)).slice(0, needed.length);
    if (free.length < needed.length) return false;
    needed.forEach((keysym, i) => {
      const slot = free[i]!;
      slot.keysym = keysym;
      const row = new Array<number>(this.#perKeycode).fill(NO_SYMBOL);
      row[0] = keysym;
      row[1] = keysym; // Shift state does not matter for this key
      this.x.XChangeKeyboardMapping(this.dpy, slot.keycode, this.#perKeycode, row, 1);
    });
    this.x.XSync(this.dpy, 0);
    await delay(REMAP_SETTLE_MS);
    return true;
  }

  #place(keysym: number): KeyPlace | undefined {
    const mapped = this.#places.get(keysym);
    if (mapped) return mapped;
    const i = this.#spare.findIndex((s) => s.keysym === keysym);
    if (i < 0) return undefined;
    const [slot] = this.#spare.splice(i, 1);
    this.#spare.push(slot!); // most recently used last
    return { keycode: slot!.keycode, shift: false };
  }

  #key(keycode: number, down: boolean): void {
    this.onKey(keycode, down);
    this.x.XTestFakeKeyEvent(this.dpy, keycode, down ? 1 : 0, 0);
  }

  /** Taps each keysym in order (Shift added where its level needs it), `paceMs` apart. */
  async tapAll(keysyms: number[], paceMs = 0, held: number[] = []): Promise<void> {
    let i = 0;
    while (i < keysyms.length) {
      // The longest run whose unplaced keysyms fit on the spare keycodes at once.
      let end = i;
      const run = new Set<number>();
      while (end < keysyms.length) {
        const next = new Set(run).add(keysyms[end]!);
        if (this.#unplaced([...next]).length > this.#spare.length) break;
        run.add(keysyms[end]!);
        end++;
      }
      if (end === i) throw new Error('no spare keycode');
      if (!(await this.#assign(keysyms.slice(i, end), run))) throw new Error('no spare keycode');
      const heldCodes = held.map((k) => this.#place(k)!.keycode);
      for (const code of heldCodes) this.#key(code, true);
      for (let k = i; k < end; k++) {
        this.#tap(this.#place(keysyms[k]!)!);
        if (paceMs > 0) {
          this.x.XFlush(this.dpy);
          await delay(paceMs);
        }
      }
      for (const code of heldCodes.reverse()) this.#key(code, false);
      this.x.XSync(this.dpy, 0);
      i = end;
      // Let the client read these keys before a spare keycode is given another character.
      if (i < keysyms.length) await delay(REMAP_SETTLE_MS);
    }
  }

  #tap(place: KeyPlace): void {
    const shift = place.shift ? this.#places.get(KEYSYM.Shift_L) : undefined;
    if (shift) this.#key(shift.keycode, true);
    this.#key(place.keycode, true);
    this.#key(place.keycode, false);
    if (shift) this.#key(shift.keycode, false);
  }

  /** Releases every modifier key that is down now. */
  releaseModifiers(): void {
    const keys = new Uint8Array(32);
    this.x.XQueryKeymap(this.dpy, keys);
    for (const code of this.x.modifierKeycodes(this.dpy)) {
      if (keys[code >> 3]! & (1 << (code & 7))) this.#key(code, false);
    }
    this.x.XSync(this.dpy, 0);
  }

  /** Gives the spare keycodes back (no symbol). */
  close(): void {
    for (const slot of this.#spare) {
      if (slot.keysym === NO_SYMBOL) continue;
      this.x.XChangeKeyboardMapping(
        this.dpy,
        slot.keycode,
        this.#perKeycode,
        new Array<number>(this.#perKeycode).fill(NO_SYMBOL),
        1,
      );
      slot.keysym = NO_SYMBOL;
    }
    this.x.XSync(this.dpy, 0);
  }
}
