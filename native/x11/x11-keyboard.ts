/**
 * Key synthesis with XTest, by keysym: each key is looked up in the current keyboard mapping (so Ctrl+V is
 * the key that produces "v" under Dvorak too), and a character the layout does not have (°, µ, —, ₂ …) is
 * put on a spare keycode first (XChangeKeyboardMapping), as xdotool does. Spare keycodes keep their
 * characters across calls (a dictation reuses the same few), are reassigned least-recently-used, and are
 * cleared on close. XSendEvent is never used: xterm and others ignore sent events.
 *
 * A mapping change must not race a client that reads keys late. A client looks a keycode's symbol up when
 * it handles the key, not when the key is sent, and libX11's lazy XKB refresh drops a MappingNotify that
 * arrives while it is fetching an earlier change (the keycode keeps its old symbol in that client). On a
 * loaded machine a Tk or Motif application (a Citrix client, an EHR) then got nothing, or a wrong
 * character: "75 üg" for "75 µg". So nothing changes the mapping (a new character, a reassignment, the
 * clean-up on close) until MAPPING_HOLD_MS after our last key or change; the new characters of one typing
 * go on empty keycodes in one burst, and the first burst also places common clinical characters, so later
 * typings rarely wait. A keycode given another character goes alone: two reassignments in one burst lost
 * the second in Tk, even on an idle machine.
 */
import type { DisplayPtr, Xlib } from './xlib.ts';
import { delay } from '../../main/base/async/delay.ts';

/** How long after our last key or mapping change the mapping stays as it is (see above). */
const MAPPING_HOLD_MS = 2000;
/** Placed with the first character the layout lacks, so later dictations rarely wait to change the mapping. */
const COMMON = [...'°µ±≤≥²³½—–→×·’“”…éüöä'].map((ch) => keysymOf(ch));

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

/** A spare keycode and the keysym it carries now. */
interface SpareSlot {
  readonly keycode: number;
  keysym: number;
}

/** XTest keyboard of one display connection. */
export class X11Keyboard {
  readonly #places = new Map<number, KeyPlace>();
  /** Spare keycodes, least recently used first, with the keysym each now carries. */
  readonly #spare: SpareSlot[] = [];
  #perKeycode = 2;
  /** performance.now() of our last key or mapping change. */
  #lastSentAt = -Infinity;

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
    const empty = this.#spare.filter((s) => s.keysym === NO_SYMBOL && !free.includes(s));
    const common = this.#unplaced(COMMON).filter((k) => !needed.includes(k));
    // Half the empty keycodes stay for characters nobody foresaw: a reassignment is the riskier change.
    const extra = common.slice(0, Math.floor(empty.length / 2));
    // Empty keycodes take their characters in one burst; each reassignment waits, then goes alone.
    const changes = [...needed, ...extra].map((keysym, i) => ({
      slot: free[i] ?? empty[i - free.length]!,
      keysym,
    }));
    const reassigned = changes.filter(({ slot }) => slot.keysym !== NO_SYMBOL);
    const toEmpty = changes.filter(({ slot }) => slot.keysym === NO_SYMBOL);
    for (const batch of [toEmpty, ...reassigned.map((one) => [one])]) {
      if (batch.length === 0) continue;
      await this.#quiet();
      for (const { slot, keysym } of batch) this.#map(slot, keysym);
      this.#sent();
    }
    return true;
  }

  #map(slot: SpareSlot, keysym: number): void {
    slot.keysym = keysym;
    // Shift state does not matter for this key: both levels carry the character (or nothing).
    const row = new Array<number>(this.#perKeycode).fill(NO_SYMBOL);
    row[0] = row[1] = keysym;
    this.x.XChangeKeyboardMapping(this.dpy, slot.keycode, this.#perKeycode, row, 1);
  }

  /** Waits until MAPPING_HOLD_MS after our last key or mapping change (at once when that is past). */
  async #quiet(): Promise<void> {
    const wait = this.#lastSentAt + MAPPING_HOLD_MS - performance.now();
    if (wait > 0) await delay(wait);
  }

  /** Makes sure the server has what we sent, and notes when. */
  #sent(): void {
    this.x.XSync(this.dpy, 0);
    this.#lastSentAt = performance.now();
  }

  /** Where `keysym` is; a spare keycode used now moves to the end (most recently used). */
  #place(keysym: number): KeyPlace | undefined {
    const mapped = this.#places.get(keysym);
    if (mapped) return mapped;
    const i = this.#spare.findIndex((s) => s.keysym === keysym);
    if (i < 0) return undefined;
    const [slot] = this.#spare.splice(i, 1);
    this.#spare.push(slot!);
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
      await this.#send(keysyms.slice(i, end), paceMs, held);
      i = end;
    }
  }

  /** Sends keys whose keysyms all have a place now. */
  async #send(keysyms: number[], paceMs: number, held: number[]): Promise<void> {
    const heldCodes = held.map((k) => this.#place(k)!.keycode);
    for (const code of heldCodes) this.#key(code, true);
    for (const keysym of keysyms) {
      this.#tap(this.#place(keysym)!);
      if (paceMs > 0) {
        this.x.XFlush(this.dpy);
        await delay(paceMs);
      }
    }
    for (const code of heldCodes.reverse()) this.#key(code, false);
    this.#sent();
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

  /** Gives the spare keycodes back (no symbol), once our last keys have had time to be read. */
  async close(): Promise<void> {
    const used = this.#spare.filter((s) => s.keysym !== NO_SYMBOL);
    if (used.length === 0) return;
    await this.#quiet();
    for (const slot of used) this.#map(slot, NO_SYMBOL);
    this.#sent();
  }
}
