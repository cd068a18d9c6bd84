/**
 * The focused text field of an X11 application through AT-SPI 2 (libatspi through koffi, like libX11 here):
 * its text, caret and selection, whether it is a password field, and selecting a range in it. libatspi is
 * the accessibility stack's own client library (GNOME's at-spi2-core, on every desktop that runs a screen
 * reader); it speaks D-Bus to the accessibility bus for us. Its calls are synchronous D-Bus round trips,
 * bounded by a short timeout; the default GLib main context is pumped before each use so the library's
 * caches see the events (new applications, changed states) that arrived since.
 *
 * Offsets in AT-SPI count characters (code points); the facade converts them to and from UTF-16 units.
 * Nothing but native/x11/ imports this file. Absent library or bus: `openAtspi()` returns undefined.
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';

const STATE = { focused: 12, multiLine: 17, singleLine: 26 } as const;
const ROLE_PASSWORD_TEXT = 40;
const MATCH_ALL = 1;
const SORT_CANONICAL = 1;
/** How long one D-Bus round trip may block (ms): a hung application must not freeze dictation. */
const CALL_TIMEOUT_MS = 400;
/** Upper bound of nodes walked when an application offers no Collection interface. */
const WALK_LIMIT = 3000;

type Ptr = unknown;

/** The focused field of an application, as AT-SPI reports it (offsets in UTF-16 units of `text`). */
interface AtspiField {
  readonly text: string;
  readonly selectionStart: number;
  readonly selectionLength: number;
  readonly password: boolean;
  /** The field takes line breaks (MULTI_LINE) or not (SINGLE_LINE); undefined when it says neither. */
  readonly multiLine?: boolean | undefined;
}

/** Access to focused fields through AT-SPI. */
export interface Atspi {
  /** The focused field of the application with process `pid`; undefined when there is none or no text. */
  focusedField(pid: number): AtspiField | undefined;
  /** Selects [start, start + length) (UTF-16 units) in the focused field of `pid`; false when it cannot. */
  select(pid: number, start: number, length: number): boolean;
  /** Password role of the focused object of `pid`; undefined when nothing there has focus. */
  focusedIsPassword(pid: number): boolean | undefined;
}

/** Binds libatspi and connects to the accessibility bus; undefined when either is missing. */
export function openAtspi(): Atspi | undefined {
  try {
    const b = bind();
    if (b.atspi_init() < 0) return undefined;
    b.atspi_set_timeout(CALL_TIMEOUT_MS, CALL_TIMEOUT_MS * 5);
    return new LibAtspi(b);
  } catch {
    return undefined;
  }
}

type Bound = ReturnType<typeof bindAtspi>;
/** Bound once per process: koffi's struct names are process-wide. */
let bound: Bound | undefined;

function bind(): Bound {
  return (bound ??= bindAtspi());
}

// eslint-disable-next-line max-lines-per-function -- an FFI binding table: one C declaration per function
function bindAtspi() {
  const koffi = loadNative<typeof Koffi>('koffi');
  const a = koffi.load('libatspi.so.0');
  const glib = koffi.load('libglib-2.0.so.0');
  const gobject = koffi.load('libgobject-2.0.so.0');
  const garray = koffi.struct('ScribeGArray', { data: 'void *', len: 'uint32' });
  const range = koffi.struct('ScribeAtspiRange', { start: 'int', end: 'int' });
  return {
    koffi,
    garray,
    range,
    atspi_init: a.func('int atspi_init()'),
    atspi_set_timeout: a.func('void atspi_set_timeout(int val, int startup)'),
    atspi_get_desktop: a.func('void *atspi_get_desktop(int i)'),
    clear_cache: a.func('void atspi_accessible_clear_cache(void *obj)'),
    child_count: a.func('int atspi_accessible_get_child_count(void *obj, void *err)'),
    child_at: a.func('void *atspi_accessible_get_child_at_index(void *obj, int i, void *err)'),
    process_id: a.func('uint32_t atspi_accessible_get_process_id(void *obj, void *err)'),
    role: a.func('int atspi_accessible_get_role(void *obj, void *err)'),
    state_set: a.func('void *atspi_accessible_get_state_set(void *obj)'),
    state_contains: a.func('int atspi_state_set_contains(void *set, int state)'),
    state_new: a.func('void *atspi_state_set_new(void *states)'),
    state_add: a.func('void atspi_state_set_add(void *set, int state)'),
    text_iface: a.func('void *atspi_accessible_get_text_iface(void *obj)'),
    collection_iface: a.func('void *atspi_accessible_get_collection_iface(void *obj)'),
    rule_new: a.func(
      'void *atspi_match_rule_new(void *states, int smt, void *attrs, int amt, void *roles, int rmt, void *ifaces, int imt, int invert)',
    ),
    get_matches: a.func(
      'void *atspi_collection_get_matches(void *c, void *rule, int sort, int count, int traverse, void *err)',
    ),
    char_count: a.func('int atspi_text_get_character_count(void *t, void *err)'),
    get_text: a.func('void *atspi_text_get_text(void *t, int start, int end, void *err)'),
    caret: a.func('int atspi_text_get_caret_offset(void *t, void *err)'),
    n_selections: a.func('int atspi_text_get_n_selections(void *t, void *err)'),
    get_selection: a.func('void *atspi_text_get_selection(void *t, int n, void *err)'),
    set_selection: a.func('int atspi_text_set_selection(void *t, int n, int start, int end, void *err)'),
    add_selection: a.func('int atspi_text_add_selection(void *t, int start, int end, void *err)'),
    g_free: glib.func('void g_free(void *p)'),
    g_array_free: glib.func('void *g_array_free(void *a, int freeSegment)'),
    iterate: glib.func('int g_main_context_iteration(void *ctx, int mayBlock)'),
    unref: gobject.func('void g_object_unref(void *obj)'),
  };
}

/** UTF-16 index of code point offset `cp` in `text`. */
function unitsOf(text: string, cp: number): number {
  let units = 0;
  let n = 0;
  for (const ch of text) {
    if (n++ >= cp) break;
    units += ch.length;
  }
  return units;
}

/** Code point offset of UTF-16 index `units` in `text`. */
function pointsOf(text: string, units: number): number {
  return [...text.slice(0, units)].length;
}

class LibAtspi implements Atspi {
  constructor(private readonly b: Bound) {}

  focusedField(pid: number): AtspiField | undefined {
    return this.#withFocused(pid, (obj) => {
      const t = this.b.text_iface(obj);
      if (!t) return undefined;
      try {
        const text = this.#text(t);
        if (text === undefined) return undefined;
        const [start, end] = this.#selection(t);
        const from = unitsOf(text, start);
        return {
          text,
          selectionStart: from,
          selectionLength: unitsOf(text, end) - from,
          password: this.b.role(obj, null) === ROLE_PASSWORD_TEXT,
          multiLine: this.#lines(obj),
        };
      } finally {
        this.b.unref(t);
      }
    });
  }

  select(pid: number, start: number, length: number): boolean {
    return (
      this.#withFocused(pid, (obj) => {
        const t = this.b.text_iface(obj);
        if (!t) return false;
        try {
          const text = this.#text(t) ?? '';
          const from = pointsOf(text, start);
          const to = pointsOf(text, start + length);
          const n = this.b.n_selections(t, null);
          return Boolean(
            n > 0 ? this.b.set_selection(t, 0, from, to, null) : this.b.add_selection(t, from, to, null),
          );
        } finally {
          this.b.unref(t);
        }
      }) ?? false
    );
  }

  focusedIsPassword(pid: number): boolean | undefined {
    return this.#withFocused(pid, (obj) => this.b.role(obj, null) === ROLE_PASSWORD_TEXT);
  }

  #text(t: Ptr): string | undefined {
    const count = this.b.char_count(t, null);
    if (count < 0) return undefined;
    const p = this.b.get_text(t, 0, count, null);
    if (!p) return undefined;
    try {
      return this.b.koffi.decode(p, 'char', -1) as string;
    } finally {
      this.b.g_free(p);
    }
  }

  /** Whether the object says it is multi-line or single-line (GTK, Qt and Chromium set one of them). */
  #lines(obj: Ptr): boolean | undefined {
    const set = this.b.state_set(obj);
    if (!set) return undefined;
    const [multi, single] = [STATE.multiLine, STATE.singleLine].map((s) => this.b.state_contains(set, s));
    this.b.unref(set);
    return multi ? true : single ? false : undefined;
  }

  /** [start, end) in characters: the first selection, else the caret. */
  #selection(t: Ptr): [number, number] {
    if (this.b.n_selections(t, null) > 0) {
      const r = this.b.get_selection(t, 0, null);
      if (r) {
        const { start, end } = this.b.koffi.decode(r, this.b.range) as { start: number; end: number };
        this.b.g_free(r);
        return [Math.min(start, end), Math.max(start, end)];
      }
    }
    const caret = Math.max(0, this.b.caret(t, null));
    return [caret, caret];
  }

  /** Runs `use` on the focused object of the application `pid` (references released after). */
  #withFocused<T>(pid: number, use: (obj: Ptr) => T): T | undefined {
    while (this.b.iterate(null, 0)) {
      /* deliver pending accessibility events to libatspi's caches */
    }
    const desktop = this.b.atspi_get_desktop(0);
    if (!desktop) return undefined;
    try {
      this.b.clear_cache(desktop);
      const app = this.#application(desktop, pid);
      if (!app) return undefined;
      try {
        const focused = this.#focusedIn(app);
        if (!focused) return undefined;
        try {
          return use(focused);
        } finally {
          this.b.unref(focused);
        }
      } finally {
        this.b.unref(app);
      }
    } finally {
      this.b.unref(desktop);
    }
  }

  #application(desktop: Ptr, pid: number): Ptr | undefined {
    const n = this.b.child_count(desktop, null);
    for (let i = 0; i < n; i++) {
      const app = this.b.child_at(desktop, i, null);
      if (!app) continue;
      if (this.b.process_id(app, null) === pid) return app;
      this.b.unref(app);
    }
    return undefined;
  }

  #focusedIn(app: Ptr): Ptr | undefined {
    return this.#matchFocused(app) ?? this.#walkFocused(app);
  }

  /** One Collection query for the focused object (one round trip). */
  #matchFocused(app: Ptr): Ptr | undefined {
    const collection = this.b.collection_iface(app);
    if (!collection) return undefined;
    const states = this.b.state_new(null);
    this.b.state_add(states, STATE.focused);
    const rule = this.b.rule_new(states, MATCH_ALL, null, MATCH_ALL, null, MATCH_ALL, null, MATCH_ALL, 0);
    try {
      const array = this.b.get_matches(collection, rule, SORT_CANONICAL, 1, 1, null);
      if (!array) return undefined;
      const { data, len } = this.b.koffi.decode(array, this.b.garray) as { data: Ptr; len: number };
      const items = len > 0 ? (this.b.koffi.decode(data, 'void *', len) as Ptr[]) : [];
      for (const extra of items.slice(1)) this.b.unref(extra);
      this.b.g_array_free(array, 1);
      return items[0] ?? undefined;
    } finally {
      this.b.unref(rule);
      this.b.unref(states);
      this.b.unref(collection);
    }
  }

  /** Depth-first search for the focused object, bounded. */
  #walkFocused(app: Ptr): Ptr | undefined {
    let seen = 0;
    const visit = (obj: Ptr): Ptr | undefined => {
      if (seen++ > WALK_LIMIT) return undefined;
      const n = this.b.child_count(obj, null);
      for (let i = 0; i < n; i++) {
        const child = this.b.child_at(obj, i, null);
        if (!child) continue;
        const set = this.b.state_set(child);
        const focused = set ? this.b.state_contains(set, STATE.focused) : 0;
        if (set) this.b.unref(set);
        if (focused) return child;
        const found = visit(child);
        this.b.unref(child);
        if (found) return found;
      }
      return undefined;
    };
    return visit(app);
  }
}
