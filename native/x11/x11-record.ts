/**
 * Keys the person presses, seen through the X RECORD extension (libXtst), told apart from the keys we
 * synthesize: every XTest key event we send is expected in order; a recorded key event that is not the next
 * expected one is the person's. It lets the CLI refuse an in-place correction after the person typed,
 * where the app has its key hook instead. Events reach us on a second display connection, polled: every
 * 10 ms while someone listens (an insertion runs), every 30 s otherwise. The slow read only keeps what the
 * person typed meanwhile from piling up (at most 30 s of typing, a few hundred events of 32 bytes, waits in
 * the socket; a first listener reads it at once, unheard), so an idle app does not wake for it: polling
 * every 10 ms cost 1.5 % of a core at rest, every second still counted (`npm run bench -- idle`).
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';
import type { DisplayPtr, Xlib } from './xlib.ts';
import { Emitter } from '../../main/base/async/emitter.ts';

const KEY_PRESS = 2;
const KEY_RELEASE = 3;
const FROM_SERVER = 0;
const ALL_CLIENTS = 3;
/** How far ahead in the expected queue a recorded event may match (an event we sent that got lost). */
const RESYNC_WINDOW = 8;
/** How often recorded events are read while someone listens, and while nobody does (keeps the queue short). */
const WATCH_POLL_MS = 10;
const IDLE_POLL_MS = 30_000;

/** One synthesized key event we expect to see recorded. */
interface Expected {
  readonly keycode: number;
  readonly down: boolean;
}

/** Watches key events on the display; `expect()` registers ours before they are sent. */
export class KeyRecorder {
  readonly #expected: Expected[] = [];
  readonly #foreign = new Emitter<void>();
  readonly #stop: () => void;
  readonly #poll: () => void;
  readonly #pace: (everyMs: number) => void;
  #listeners = 0;

  private constructor(start: (onEvent: (keycode: number, down: boolean) => void) => Recording) {
    const { poll, stop, pace } = start((keycode, down) => this.#seen(keycode, down));
    this.#poll = poll;
    this.#stop = stop;
    this.#pace = pace;
  }

  /** Starts recording on `display`; undefined when RECORD is missing (then nothing is reported). */
  static open(x: Xlib, display: string | null): KeyRecorder | undefined {
    try {
      return new KeyRecorder((onEvent) => startRecording(x, display, onEvent));
    } catch {
      return undefined;
    }
  }

  /** Our next synthesized key event. */
  expect(keycode: number, down: boolean): void {
    this.#expected.push({ keycode, down });
  }

  /**
   * Subscribes to keys that were not ours, from now on: what was recorded before is read first, unheard.
   * While anyone listens, events are read every 10 ms.
   */
  onForeign(listener: () => void): () => void {
    if (this.#listeners++ === 0) {
      this.#poll();
      this.#pace(WATCH_POLL_MS);
    }
    const off = this.#foreign.on(listener);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      off();
      if (--this.#listeners === 0) this.#pace(IDLE_POLL_MS);
    };
  }

  /** Handles everything recorded so far. */
  drain(): void {
    this.#poll();
  }

  close(): void {
    this.#stop();
  }

  #seen(keycode: number, down: boolean): void {
    const at = this.#expected
      .slice(0, RESYNC_WINDOW)
      .findIndex((e) => e.keycode === keycode && e.down === down);
    if (at >= 0) {
      this.#expected.splice(0, at + 1);
      if (at === 0) return;
    }
    this.#foreign.emit();
  }
}

/** A RECORD context being read: `poll` reads what came, `pace` sets how often that happens by itself. */
interface Recording {
  poll(): void;
  pace(everyMs: number): void;
  stop(): void;
}

function startRecording(
  x: Xlib,
  display: string | null,
  onEvent: (keycode: number, down: boolean) => void,
): Recording {
  const rec = loadXRecord();
  const control = x.XOpenDisplay(display);
  const data = x.XOpenDisplay(display);
  if (!control || !data) throw new Error('no display');
  const ctx = keyEventContext(x, rec, control);
  const callback = rec.koffi.register(
    (_closure: unknown, ptr: bigint) => onIntercepted(rec, ptr, onEvent),
    rec.koffi.pointer(rec.proto),
  );
  if (!rec.enableAsync(data, ctx, callback, null)) throw new Error('RECORD refused');
  const poll = (): void => rec.processReplies(data);
  const every = (ms: number): NodeJS.Timeout => setInterval(poll, ms).unref();
  let timer = every(IDLE_POLL_MS);
  return {
    poll,
    pace(ms) {
      clearInterval(timer);
      timer = every(ms);
    },
    stop() {
      clearInterval(timer);
      rec.disable(control, ctx);
      x.XSync(control, 0);
      poll();
      rec.freeContext(control, ctx);
      x.XCloseDisplay(data as DisplayPtr);
      x.XCloseDisplay(control as DisplayPtr);
      rec.koffi.unregister(callback);
    },
  };
}

type XRecord = ReturnType<typeof loadXRecord>;

/** libXtst's RECORD extension: its structs and functions. */
// eslint-disable-next-line max-lines-per-function -- an FFI binding table: one declaration per C struct and function
function loadXRecord() {
  const koffi = loadNative<typeof Koffi>('koffi');
  const xtst = koffi.load('libXtst.so.6');
  const range8 = koffi.struct({ first: 'uint8', last: 'uint8' });
  const range16 = koffi.struct({ first: 'uint16', last: 'uint16' });
  const extRange = koffi.struct({ ext_major: range8, ext_minor: range16 });
  return {
    koffi,
    rangeType: koffi.struct({
      core_requests: range8,
      core_replies: range8,
      ext_requests: extRange,
      ext_replies: extRange,
      delivered_events: range8,
      device_events: range8,
      errors: range8,
      client_started: 'int',
      client_died: 'int',
    }),
    intercepted: koffi.struct({
      id_base: 'unsigned long',
      server_time: 'unsigned long',
      client_seq: 'unsigned long',
      category: 'int',
      client_swapped: 'int',
      data: 'void *',
      data_len: 'unsigned long',
    }),
    proto: koffi.proto('void XRecordInterceptProc(void *closure, void *data)'),
    allocRange: xtst.func('void *XRecordAllocRange()'),
    createContext: xtst.func(
      'unsigned long XRecordCreateContext(void *dpy, int flags, unsigned long *clients, int nclients, void **ranges, int nranges)',
    ),
    enableAsync: xtst.func(
      'int XRecordEnableContextAsync(void *dpy, unsigned long ctx, XRecordInterceptProc *cb, void *closure)',
    ),
    processReplies: xtst.func('void XRecordProcessReplies(void *dpy)'),
    freeData: xtst.func('void XRecordFreeData(void *data)'),
    disable: xtst.func('int XRecordDisableContext(void *dpy, unsigned long ctx)'),
    freeContext: xtst.func('int XRecordFreeContext(void *dpy, unsigned long ctx)'),
  };
}

/** A RECORD context for every client's key presses and releases (device events only). */
function keyEventContext(x: Xlib, rec: XRecord, control: DisplayPtr): number {
  const range = rec.allocRange() as bigint;
  const zero = { first: 0, last: 0 };
  const ext = { ext_major: zero, ext_minor: zero };
  rec.koffi.encode(range, rec.rangeType, {
    core_requests: zero,
    core_replies: zero,
    ext_requests: ext,
    ext_replies: ext,
    delivered_events: zero,
    device_events: { first: KEY_PRESS, last: KEY_RELEASE },
    errors: zero,
    client_started: 0,
    client_died: 0,
  });
  const ctx = rec.createContext(control, 0, [ALL_CLIENTS], 1, [range], 1) as number;
  x.XFree(range);
  if (!ctx) throw new Error('RECORD unavailable');
  x.XSync(control, 0);
  return ctx;
}

/** One intercepted protocol element: a key press or release from the server is reported, then freed. */
function onIntercepted(rec: XRecord, ptr: bigint, onEvent: (keycode: number, down: boolean) => void): void {
  const d = rec.koffi.decode(ptr, rec.intercepted) as {
    category: number;
    data: bigint | null;
    data_len: number;
  };
  if (d.category === FROM_SERVER && d.data && d.data_len > 0) {
    const [type, keycode] = rec.koffi.decode(d.data, rec.koffi.array('uint8', 2, 'Array')) as number[];
    if (type === KEY_PRESS || type === KEY_RELEASE) onEvent(keycode!, type === KEY_PRESS);
  }
  rec.freeData(ptr);
}
