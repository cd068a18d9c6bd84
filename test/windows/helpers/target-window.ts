/**
 * The OTHER Windows process of the insertion tests: it owns real Win32 windows (a multi-line EDIT, a
 * RichEdit 5 control from msftedit.dll, an ES_PASSWORD edit), pumps their messages, and answers the test
 * over a loopback socket (one JSON request per line, one JSON reply per line): what a window's text is,
 * which window is in front, what the clipboard holds (read here, in this process, with its own plain
 * user32 calls, never with the code under test), and for the benchmark when a watched window's text last
 * changed (checked on every 1 ms message pump).
 *
 * Run as `node.exe target-window.cjs <port>` under the lane's Windows Node; it connects to the test.
 */
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const require = createRequire(import.meta.url);
const koffi = require('koffi') as typeof Koffi;
const user32 = koffi.load('user32.dll');
const kernel32 = koffi.load('kernel32.dll');
// x64 only (the lane runs win-x64 Node): one calling convention, none to name.
const u = (p: string) => user32.func(p);
const k = (p: string) => kernel32.func(p);
const api = {
  CreateWindowExW: u(
    'intptr_t CreateWindowExW(uint32 ex, str16 cls, str16 title, uint32 style, int x, int y, int w, int h, intptr_t parent, intptr_t menu, intptr_t inst, intptr_t param)',
  ),
  DestroyWindow: u('int DestroyWindow(intptr_t hwnd)'),
  PeekMessageW: u(
    'int PeekMessageW(_Out_ uint8_t *msg, intptr_t hwnd, uint32 min, uint32 max, uint32 remove)',
  ),
  TranslateMessage: u('int TranslateMessage(uint8_t *msg)'),
  DispatchMessageW: u('intptr_t DispatchMessageW(uint8_t *msg)'),
  GetWindowTextW: u('int GetWindowTextW(intptr_t hwnd, _Out_ uint16_t *buf, int n)'),
  SetForegroundWindow: u('int SetForegroundWindow(intptr_t hwnd)'),
  GetForegroundWindow: u('intptr_t GetForegroundWindow()'),
  SetFocus: u('intptr_t SetFocus(intptr_t hwnd)'),
  OpenClipboard: u('int OpenClipboard(intptr_t owner)'),
  CloseClipboard: u('int CloseClipboard()'),
  EmptyClipboard: u('int EmptyClipboard()'),
  RegisterClipboardFormatW: u('uint32 RegisterClipboardFormatW(str16 name)'),
  IsClipboardFormatAvailable: u('int IsClipboardFormatAvailable(uint32 format)'),
  GetClipboardData: u('intptr_t GetClipboardData(uint32 format)'),
  SetClipboardData: u('intptr_t SetClipboardData(uint32 format, intptr_t mem)'),
  GlobalAlloc: k('intptr_t GlobalAlloc(uint32 flags, uintptr_t bytes)'),
  GlobalLock: k('intptr_t GlobalLock(intptr_t mem)'),
  GlobalUnlock: k('int GlobalUnlock(intptr_t mem)'),
  GlobalSize: k('uintptr_t GlobalSize(intptr_t mem)'),
  LoadLibraryW: k('intptr_t LoadLibraryW(str16 name)'),
  GetCurrentProcessId: k('uint32 GetCurrentProcessId()'),
  ToMemory: k('void RtlMoveMemory(intptr_t dst, const uint8_t *src, uintptr_t n)'),
  FromMemory: k('void RtlMoveMemory(_Out_ uint8_t *dst, intptr_t src, uintptr_t n)'),
};

const WS_VISIBLE_OVERLAPPED = 0x10cf0000;
const ES_MULTILINE_WANTRETURN = 0x4 | 0x1000;
const ES_PASSWORD = 0x20;
const ES_READONLY = 0x800;
const ES_AUTOHSCROLL = 0x80;
const EM_GETSEL = 0xb0;
const EM_SETSEL = 0xb1;
const sendMessage = user32.func('intptr_t SendMessageW(intptr_t h, uint32 msg, uintptr_t w, intptr_t l)');
const setWindowText = user32.func('int SetWindowTextW(intptr_t h, str16 t)');
const CF_UNICODETEXT = 13;
const MARKERS = [
  'ExcludeClipboardContentFromMonitorProcessing',
  'CanIncludeInClipboardHistory',
  'CanUploadToCloudClipboard',
];

/** A window kind the tests ask for. */
type Kind = 'edit' | 'richedit' | 'password' | 'readonly' | 'single-line';

function open(kind: Kind, title: string): number {
  if (kind === 'richedit') api.LoadLibraryW('msftedit.dll');
  const cls = kind === 'richedit' ? 'RICHEDIT50W' : 'EDIT';
  // A read-only edit swallows every key and paste: the field that discards our text. A single-line edit
  // (a search box, a form's one-line field): Return would submit its form.
  const extra =
    kind === 'password'
      ? ES_PASSWORD
      : kind === 'readonly'
        ? ES_MULTILINE_WANTRETURN | ES_READONLY
        : kind === 'single-line'
          ? ES_AUTOHSCROLL
          : ES_MULTILINE_WANTRETURN;
  const style = WS_VISIBLE_OVERLAPPED | extra;
  const hwnd = api.CreateWindowExW(0, cls, title, style, 20, 20, 500, 300, 0, 0, 0, 0) as number;
  if (!hwnd) throw new Error(`CreateWindowExW(${cls}) failed`);
  api.SetForegroundWindow(hwnd);
  api.SetFocus(hwnd);
  // An edit control used as a top-level window takes its window name as its text: start empty.
  setWindowText(hwnd, '');
  return hwnd;
}

function text(hwnd: number): string {
  const buf = Buffer.alloc(64 * 1024);
  const n = api.GetWindowTextW(hwnd, buf, 32 * 1024) as number;
  return buf.toString('utf16le', 0, n * 2);
}

function globalBytes(format: number): Buffer | undefined {
  const mem = api.GetClipboardData(format) as number;
  if (!mem) return undefined;
  const size = Number(api.GlobalSize(mem));
  const out = Buffer.alloc(size);
  const ptr = api.GlobalLock(mem) as number;
  if (size > 0) api.FromMemory(out, ptr, size);
  api.GlobalUnlock(mem);
  return out;
}

/** What the clipboard holds: its text and each marker's bytes (hex), read by this process. */
function clipboard(): { text: string | null; markers: Record<string, string | null> } {
  if (!api.OpenClipboard(0)) throw new Error('OpenClipboard failed');
  try {
    const raw = globalBytes(CF_UNICODETEXT);
    const t = raw ? raw.toString('utf16le').split('\0')[0]! : null;
    const markers: Record<string, string | null> = {};
    for (const name of MARKERS) {
      const id = api.RegisterClipboardFormatW(name) as number;
      markers[name] = api.IsClipboardFormatAvailable(id) ? (globalBytes(id)?.toString('hex') ?? '') : null;
    }
    return { text: t, markers };
  } finally {
    api.CloseClipboard();
  }
}

/** Puts plain text on the clipboard, as the person's own copy would. */
function setClipboard(value: string): void {
  if (!api.OpenClipboard(0)) throw new Error('OpenClipboard failed');
  try {
    api.EmptyClipboard();
    const bytes = Buffer.from(`${value}\0`, 'utf16le');
    const mem = api.GlobalAlloc(2, bytes.length) as number;
    api.ToMemory(api.GlobalLock(mem) as number, bytes, bytes.length);
    api.GlobalUnlock(mem);
    api.SetClipboardData(CF_UNICODETEXT, mem);
  } finally {
    api.CloseClipboard();
  }
}

/** The window whose text is watched (benchmark), and when it last changed (epoch ms, comparable across processes). */
let watched: { hwnd: number; text: string; at: number } | undefined;

interface Request {
  op: string;
  kind?: Kind;
  hwnd?: number;
  title?: string;
  text?: string;
}

function handle(r: Request): unknown {
  switch (r.op) {
    case 'open':
      return { hwnd: open(r.kind ?? 'edit', r.title ?? 'target'), pid: api.GetCurrentProcessId() };
    case 'text':
      return { text: text(r.hwnd!) };
    case 'setText':
      setWindowText(r.hwnd!, r.text ?? '');
      sendMessage(r.hwnd!, EM_SETSEL, 0, 0);
      return {};
    case 'selection': {
      // The control's own selection (its own units: an EDIT counts CR LF as two).
      const packed = Number(sendMessage(r.hwnd!, EM_GETSEL, 0, 0));
      return { start: packed & 0xffff, end: (packed >>> 16) & 0xffff, raw: text(r.hwnd!) };
    }
    case 'focus':
      api.SetForegroundWindow(r.hwnd!);
      api.SetFocus(r.hwnd!);
      return { foreground: Number(api.GetForegroundWindow()) };
    case 'foreground':
      return { foreground: Number(api.GetForegroundWindow()) };
    case 'clipboard':
      return clipboard();
    case 'setClipboard':
      setClipboard(r.text ?? '');
      return {};
    case 'watch':
      watched = { hwnd: r.hwnd!, text: text(r.hwnd!), at: 0 };
      return {};
    case 'changed':
      return { text: watched?.text ?? '', at: watched?.at ?? 0 };
    case 'close':
      api.DestroyWindow(r.hwnd!);
      return {};
    case 'exit':
      setImmediate(() => process.exit(0));
      return {};
    default:
      throw new Error(`unknown op ${r.op}`);
  }
}

const msg = Buffer.alloc(48);
setInterval(() => {
  while (api.PeekMessageW(msg, 0, 0, 0, 1)) {
    api.TranslateMessage(msg);
    api.DispatchMessageW(msg);
  }
  if (watched) {
    const now = text(watched.hwnd);
    if (now !== watched.text)
      watched = { ...watched, text: now, at: performance.timeOrigin + performance.now() };
  }
}, 1);

const socket = createConnection(Number(process.argv[2]), '127.0.0.1');
socket.on('close', () => process.exit(0));
createInterface({ input: socket }).on('line', (line) => {
  let reply: unknown;
  try {
    reply = { ok: true, ...(handle(JSON.parse(line) as Request) as object) };
  } catch (error) {
    reply = { ok: false, error: String(error) };
  }
  socket.write(`${JSON.stringify(reply)}\n`);
});
