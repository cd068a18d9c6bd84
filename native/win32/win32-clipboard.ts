/**
 * The Windows clipboard for the CLI (`scribe dictate --insert paste` on Windows) and the Wine lane, through
 * user32/kernel32 over koffi: the app uses Electron's clipboard instead (main/app/electron-insertion-clipboard.ts),
 * which does not exist under plain Node.
 *
 * Our text is written as CF_UNICODETEXT together with the markers of native/clipboard-markers.ts
 * (`ExcludeClipboardContentFromMonitorProcessing`, `CanIncludeInClipboardHistory` = 0,
 * `CanUploadToCloudClipboard` = 0) in one OpenClipboard/EmptyClipboard/CloseClipboard, so no clipboard
 * listener ever sees the text without them. A snapshot keeps every format backed by global memory (text,
 * HTML, RTF, files, registered formats); GDI handle formats (bitmaps, metafiles, palettes) cannot be copied
 * as bytes and are dropped, as Electron's snapshot drops them too. Formats Windows synthesizes from
 * CF_UNICODETEXT (CF_TEXT, CF_OEMTEXT, CF_LOCALE) are not kept: restoring the source brings them back.
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';
import type { ClipboardSnapshot, InsertionClipboard } from '../desktop.ts';
import { transientClipboardMarkers } from '../clipboard-markers.ts';
import { stdcall } from './win32-api.ts';
import { delay } from '../../main/base/async/delay.ts';

const CF_UNICODETEXT = 13;
/** Formats that are GDI handles or that Windows synthesizes: not restorable as bytes. */
const NOT_KEPT = new Set([1, 2, 3, 7, 8, 9, 14, 16, 17, 0x80, 0x81, 0x82, 0x83, 0x8e]);
/** Movable and zero-filled (an empty marker still needs one byte of memory: it must not be garbage). */
const GMEM_MOVEABLE_ZEROINIT = 0x42;

/** user32/kernel32 clipboard functions. */
function bindClipboard() {
  const koffi = loadNative<typeof Koffi>('koffi');
  const user32 = koffi.load('user32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  const u = (p: string) => user32.func(stdcall(p));
  const k = (p: string) => kernel32.func(stdcall(p));
  return {
    OpenClipboard: u('int OpenClipboard(intptr_t owner)'),
    CloseClipboard: u('int CloseClipboard()'),
    EmptyClipboard: u('int EmptyClipboard()'),
    EnumClipboardFormats: u('uint32_t EnumClipboardFormats(uint32_t format)'),
    GetClipboardData: u('intptr_t GetClipboardData(uint32_t format)'),
    SetClipboardData: u('intptr_t SetClipboardData(uint32_t format, intptr_t mem)'),
    RegisterClipboardFormatW: u('uint32_t RegisterClipboardFormatW(str16 name)'),
    GetClipboardFormatNameW: u('int GetClipboardFormatNameW(uint32_t format, _Out_ uint16_t *buf, int n)'),
    GlobalAlloc: k('intptr_t GlobalAlloc(uint32_t flags, uintptr_t bytes)'),
    GlobalFree: k('intptr_t GlobalFree(intptr_t mem)'),
    GlobalLock: k('intptr_t GlobalLock(intptr_t mem)'),
    GlobalUnlock: k('int GlobalUnlock(intptr_t mem)'),
    GlobalSize: k('uintptr_t GlobalSize(intptr_t mem)'),
    CopyToMemory: k('void RtlMoveMemory(intptr_t dst, const uint8_t *src, uintptr_t n)'),
    CopyFromMemory: k('void RtlMoveMemory(_Out_ uint8_t *dst, intptr_t src, uintptr_t n)'),
  };
}
type Clip = ReturnType<typeof bindClipboard>;

/** A format's name in a snapshot: `#13` for standard formats, the registered name otherwise. */
function formatName(c: Clip, format: number): string {
  if (format < 0xc000) return `#${format}`;
  const buf = Buffer.alloc(512);
  const n = c.GetClipboardFormatNameW(format, buf, 256) as number;
  return n > 0 ? buf.toString('utf16le', 0, n * 2) : `#${format}`;
}

function formatId(c: Clip, name: string): number {
  return name.startsWith('#') ? Number(name.slice(1)) : (c.RegisterClipboardFormatW(name) as number);
}

/** The bytes of one format's global memory, or undefined when it has none. */
function readGlobal(c: Clip, format: number): Uint8Array | undefined {
  const mem = c.GetClipboardData(format) as number;
  if (!mem) return undefined;
  const size = Number(c.GlobalSize(mem));
  const ptr = c.GlobalLock(mem) as number;
  if (!ptr) return undefined;
  try {
    const out = Buffer.alloc(size);
    if (size > 0) c.CopyFromMemory(out, ptr, size);
    return new Uint8Array(out);
  } finally {
    c.GlobalUnlock(mem);
  }
}

/** Puts `bytes` on the (open, emptied) clipboard as `format`; the clipboard owns the memory afterwards. */
function writeGlobal(c: Clip, format: number, bytes: Uint8Array): void {
  const mem = c.GlobalAlloc(GMEM_MOVEABLE_ZEROINIT, Math.max(bytes.length, 1)) as number;
  if (!mem) throw new Error('GlobalAlloc failed');
  const ptr = c.GlobalLock(mem) as number;
  if (bytes.length > 0) c.CopyToMemory(ptr, Buffer.from(bytes), bytes.length);
  c.GlobalUnlock(mem);
  if (!c.SetClipboardData(format, mem)) {
    c.GlobalFree(mem);
    throw new Error('SetClipboardData failed');
  }
}

/** The text as CF_UNICODETEXT wants it: UTF-16LE, CRLF line ends, NUL-terminated. */
function unicodeText(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(`${text.replace(/\r?\n/g, '\r\n')}\0`, 'utf16le'));
}

/** The Windows markers of native/clipboard-markers.ts as (registered format name, bytes). */
const MARKERS = transientClipboardMarkers('win32').markers.map((m) => ({
  name: /format="([^"]+)"/.exec(m.format)![1]!,
  bytes: m.bytes,
}));

/** The clipboard of this Windows session. */
export class Win32Clipboard implements InsertionClipboard {
  readonly #c: Clip;

  constructor() {
    this.#c = bindClipboard();
  }

  /** Runs `use` with the clipboard open (another process may hold it for a moment: retry for 1 s). */
  async #open<T>(use: (c: Clip) => T): Promise<T> {
    const end = Date.now() + 1000;
    while (!this.#c.OpenClipboard(0)) {
      if (Date.now() > end) throw new Error('the clipboard is held by another application');
      await delay(10);
    }
    try {
      return use(this.#c);
    } finally {
      this.#c.CloseClipboard();
    }
  }

  snapshot(): Promise<ClipboardSnapshot> {
    return this.#open((c) => {
      const entries: Array<{ format: string; bytes: Uint8Array }> = [];
      for (let f = c.EnumClipboardFormats(0) as number; f !== 0; f = c.EnumClipboardFormats(f) as number) {
        if (NOT_KEPT.has(f)) continue;
        const bytes = readGlobal(c, f);
        if (bytes) entries.push({ format: formatName(c, f), bytes });
      }
      return { entries };
    });
  }

  writeTransient(text: string): Promise<{ transient: boolean }> {
    return this.#open((c) => {
      c.EmptyClipboard();
      for (const m of MARKERS) writeGlobal(c, formatId(c, m.name), m.bytes);
      writeGlobal(c, CF_UNICODETEXT, unicodeText(text));
      return { transient: true };
    });
  }

  readText(): Promise<string | undefined> {
    return this.#open((c) => {
      const bytes = readGlobal(c, CF_UNICODETEXT);
      if (!bytes) return undefined;
      const text = Buffer.from(bytes).toString('utf16le');
      const end = text.indexOf('\0');
      return (end === -1 ? text : text.slice(0, end)).replace(/\r\n/g, '\n');
    });
  }

  restore(snapshot: ClipboardSnapshot): Promise<void> {
    return this.#open((c) => {
      c.EmptyClipboard();
      for (const { format, bytes } of snapshot.entries) writeGlobal(c, formatId(c, format), bytes);
    });
  }

  async close(): Promise<void> {}
}
