/**
 * user32 / kernel32 / advapi32 through koffi: the Win32 calls dictation needs, behind an interface so the
 * logic (win32-desktop.ts) is unit-tested with a fake of this layer. Handles are pointers (BigInt in koffi
 * 3). Type-checked here; it has not run on Windows from this repository's machine.
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';

/** One keyboard INPUT (the struct is 40 bytes on 64-bit Windows: type, padding, the 32-byte union). */
export interface KeyInput {
  readonly vk: number;
  readonly scan: number;
  readonly flags: number;
}

/** KEYEVENTF_* flags. */
export const KEYEVENTF = { EXTENDEDKEY: 0x1, KEYUP: 0x2, UNICODE: 0x4, SCANCODE: 0x8 } as const;

/** The Win32 layer. */
export interface Win32Api {
  GetForegroundWindow(): bigint;
  /** Thread id of the window, and its process id through `pid[0]`. */
  GetWindowThreadProcessId(hwnd: bigint, pid: number[]): number;
  GetCurrentThreadId(): number;
  /** Full path of a process's image, or undefined (access denied, gone). */
  processImage(pid: number): string | undefined;
  /** Mandatory integrity RID of a process (0x2000 medium, 0x3000 high…), or undefined when unreadable. */
  processIntegrity(pid: number | 'self'): number | undefined;
  /** The focused control of a GUI thread (GetGUIThreadInfo's hwndFocus), 0n when none. */
  focusedControl(threadId: number): bigint;
  /** Window class name (GetClassNameW). */
  className(hwnd: bigint): string;
  /** GetWindowLongPtrW(hwnd, GWL_STYLE). */
  windowStyle(hwnd: bigint): number;
  IsIconic(hwnd: bigint): boolean;
  ShowWindow(hwnd: bigint, cmd: number): boolean;
  AttachThreadInput(from: number, to: number, attach: boolean): boolean;
  SetForegroundWindow(hwnd: bigint): boolean;
  BringWindowToTop(hwnd: bigint): boolean;
  /** Sends the inputs in one SendInput call; returns how many were inserted (0: blocked by UIPI). */
  sendKeys(inputs: readonly KeyInput[]): number;
  GetAsyncKeyState(vk: number): number;
  /** VkKeyScanW: low byte virtual key, high byte shift state; -1 when the layout lacks the character. */
  VkKeyScanW(ch: number): number;
  /** MapVirtualKeyW(vk, MAPVK_VK_TO_VSC). */
  scanCodeOf(vk: number): number;
  /**
   * A message with number arguments (SendMessageTimeoutW, SMTO_ABORTIFHUNG, 1 s: a hung window must not
   * freeze dictation); undefined when it timed out or failed.
   */
  sendMessage(hwnd: bigint, msg: number, wParam: number, lParam: number): number | undefined;
  /** WM_GETTEXT of a control (the system copies it across processes); undefined when it timed out. */
  windowText(hwnd: bigint): string | undefined;
}

/** Tags our own inputs (dwExtraInfo), so a key hook that can read it tells them from the person's. */
const SCRIBE_EXTRA_INFO = 0x5343_5249n;

/** Binds the real functions (Windows only). */
export function loadWin32Api(): Win32Api {
  const b = (bound ??= bindWin32());
  return {
    GetForegroundWindow: () => BigInt(b.GetForegroundWindow() as number),
    GetWindowThreadProcessId: b.GetWindowThreadProcessId,
    GetCurrentThreadId: b.GetCurrentThreadId,
    processImage: (pid) => processImage(b, pid),
    processIntegrity: (pid) => processIntegrity(b, pid),
    focusedControl: (tid) => {
      const info = { cbSize: b.koffi.sizeof(b.guiInfo) } as { cbSize: number; hwndFocus?: bigint | null };
      return b.GetGUIThreadInfo(tid, info) && info.hwndFocus ? BigInt(info.hwndFocus) : 0n;
    },
    className: (hwnd) => {
      const buf = Buffer.alloc(512);
      const n = b.GetClassNameW(hwnd, buf, 256) as number;
      return buf.toString('utf16le', 0, n * 2);
    },
    windowStyle: (hwnd) => Number(b.GetWindowLongPtrW(hwnd, -16)),
    IsIconic: (hwnd) => Boolean(b.IsIconic(hwnd)),
    ShowWindow: (hwnd, cmd) => Boolean(b.ShowWindow(hwnd, cmd)),
    AttachThreadInput: (from, to, attach) => Boolean(b.AttachThreadInput(from, to, attach ? 1 : 0)),
    SetForegroundWindow: (hwnd) => Boolean(b.SetForegroundWindow(hwnd)),
    BringWindowToTop: (hwnd) => Boolean(b.BringWindowToTop(hwnd)),
    sendKeys: (inputs) => sendKeys(b, inputs),
    GetAsyncKeyState: b.GetAsyncKeyState,
    VkKeyScanW: b.VkKeyScanW,
    scanCodeOf: (vk) => b.MapVirtualKeyW(vk, 0) as number,
    sendMessage: (hwnd, msg, wParam, lParam) => {
      const out = [0];
      return b.SendMessageTimeoutW(hwnd, msg, wParam, lParam, SMTO_ABORTIFHUNG, MESSAGE_TIMEOUT_MS, out)
        ? Number(out[0])
        : undefined;
    },
    windowText: (hwnd) => windowText(b, hwnd),
  };
}

type Win32 = ReturnType<typeof bindWin32>;
/** Bound once per process: koffi's struct names are process-wide, and declaring them again throws. */
let bound: Win32 | undefined;

/**
 * A C prototype with the Win32 calling convention, which koffi wants between the return type and the name
 * (`int __stdcall Name(…)`); in front of the return type it throws "Unknown or invalid type name".
 * x64 has one calling convention and ignores it; 32-bit Windows needs it.
 */
export function stdcall(prototype: string): string {
  return prototype.replace(/\s*(\w+)\(/, ' __stdcall $1(');
}

/** user32, kernel32 and advapi32: the structs and functions used. */
// eslint-disable-next-line max-lines-per-function -- an FFI binding table: one C declaration per struct and function
function bindWin32() {
  const koffi = loadNative<typeof Koffi>('koffi');
  const user32 = koffi.load('user32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  const advapi32 = koffi.load('advapi32.dll');
  const keybd = koffi.struct('KEYBDINPUT_PADDED', {
    wVk: 'uint16',
    wScan: 'uint16',
    dwFlags: 'uint32',
    time: 'uint32',
    dwExtraInfo: 'uintptr_t',
    pad: koffi.array('uint8', 8), // MOUSEINPUT, the union's largest member, is 32 bytes
  });
  const input = koffi.struct('INPUT', { type: 'uint32', ki: keybd });
  if (koffi.sizeof(input) !== 40 && process.arch !== 'ia32') throw new Error('INPUT layout mismatch');
  const guiInfo = koffi.struct('GUITHREADINFO', {
    cbSize: 'uint32',
    flags: 'uint32',
    hwndActive: 'void *',
    hwndFocus: 'void *',
    hwndCapture: 'void *',
    hwndMenuOwner: 'void *',
    hwndMoveSize: 'void *',
    hwndCaret: 'void *',
    rcCaret: koffi.array('int32', 4),
  });
  const u = (p: string) => user32.func(stdcall(p));
  const k = (p: string) => kernel32.func(stdcall(p));
  const a = (p: string) => advapi32.func(stdcall(p));
  return {
    koffi,
    input,
    guiInfo,
    OpenProcess: k('void *OpenProcess(uint32_t access, int inherit, uint32_t pid)'),
    CloseHandle: k('int CloseHandle(void *h)'),
    GetCurrentProcess: k('void *GetCurrentProcess()'),
    GetCurrentThreadId: k('uint32_t GetCurrentThreadId()'),
    QueryImage: k(
      'int QueryFullProcessImageNameW(void *h, uint32_t flags, _Out_ uint16_t *buf, _Inout_ uint32_t *size)',
    ),
    OpenProcessToken: a('int OpenProcessToken(void *h, uint32_t access, _Out_ void **token)'),
    GetTokenInformation: a(
      'int GetTokenInformation(void *token, int cls, _Out_ uint8_t *buf, uint32_t len, _Out_ uint32_t *ret)',
    ),
    SubAuthorityCount: a('uint8_t *GetSidSubAuthorityCount(void *sid)'),
    SubAuthority: a('uint32_t *GetSidSubAuthority(void *sid, uint32_t n)'),
    GetGUIThreadInfo: u('int GetGUIThreadInfo(uint32_t tid, _Inout_ GUITHREADINFO *info)'),
    SendInput: u('uint32_t SendInput(uint32_t n, INPUT *inputs, int size)'),
    GetClassNameW: u('int GetClassNameW(void *hwnd, _Out_ uint16_t *buf, int n)'),
    GetForegroundWindow: u('intptr_t GetForegroundWindow()'),
    GetWindowThreadProcessId: u('uint32_t GetWindowThreadProcessId(intptr_t hwnd, _Out_ uint32_t *pid)'),
    GetWindowLongPtrW: u('intptr_t GetWindowLongPtrW(intptr_t hwnd, int index)'),
    IsIconic: u('int IsIconic(intptr_t hwnd)'),
    ShowWindow: u('int ShowWindow(intptr_t hwnd, int cmd)'),
    AttachThreadInput: u('int AttachThreadInput(uint32_t from, uint32_t to, int attach)'),
    SetForegroundWindow: u('int SetForegroundWindow(intptr_t hwnd)'),
    BringWindowToTop: u('int BringWindowToTop(intptr_t hwnd)'),
    MapVirtualKeyW: u('uint32_t MapVirtualKeyW(uint32_t code, uint32_t type)'),
    GetAsyncKeyState: u('int16_t GetAsyncKeyState(int vk)'),
    VkKeyScanW: u('int16_t VkKeyScanW(uint16_t ch)'),
    SendMessageTimeoutW: u(
      'intptr_t SendMessageTimeoutW(intptr_t hwnd, uint32_t msg, uintptr_t w, intptr_t l, uint32_t flags, uint32_t ms, _Out_ uintptr_t *result)',
    ),
    // The same function again, its lParam a buffer the system fills (WM_GETTEXT).
    GetTextW: u(
      'intptr_t SendMessageTimeoutW(intptr_t hwnd, uint32_t msg, uintptr_t w, _Out_ uint16_t *buf, uint32_t flags, uint32_t ms, _Out_ uintptr_t *result)',
    ),
  };
}

const QUERY_LIMITED = 0x1000;
const SMTO_ABORTIFHUNG = 0x2;
/**
 * How long a busy target may take to answer one message. A hung window (no answer for 5 s) is given up at
 * once (SMTO_ABORTIFHUNG); a busy one answers when it next pumps, and 300 ms called a loaded target's
 * field unreadable (the Windows lane, both cores busy: "select …" said it could not read the field).
 */
const MESSAGE_TIMEOUT_MS = 1_000;
const WM_GETTEXT = 0x000d;
const WM_GETTEXTLENGTH = 0x000e;
/** Longest field text read back (characters): a template, not a book. */
const MAX_FIELD_TEXT = 1 << 20;

/**
 * Characters the first WM_GETTEXT asks for: most fields hold less, and then one cross-process message reads
 * them (a busy target answers each message only when it next pumps: under Wine that wait is most of a read).
 */
const FIRST_READ_CHARS = 8192;
/** Reused for that first read (the result is copied out as a string). */
let firstReadBuffer: Buffer | undefined;

/**
 * The control's text: one WM_GETTEXT into a buffer of FIRST_READ_CHARS; only when that (nearly) fills it
 * (the text may be longer), its length (WM_GETTEXTLENGTH) and a second WM_GETTEXT of that size.
 */
function windowText(b: Win32, hwnd: bigint): string | undefined {
  const buf = (firstReadBuffer ??= Buffer.alloc((FIRST_READ_CHARS + 1) * 2));
  const copied = [0];
  if (!b.GetTextW(hwnd, WM_GETTEXT, FIRST_READ_CHARS + 1, buf, SMTO_ABORTIFHUNG, MESSAGE_TIMEOUT_MS, copied))
    return undefined;
  const n = Number(copied[0]);
  // One short of the buffer may be a cut too: a RichEdit widens its line breaks to CR LF as it copies, and
  // stops rather than split one. The field's text is patient data: not left in the reused buffer.
  const text = n < FIRST_READ_CHARS - 1 ? buf.toString('utf16le', 0, n * 2) : undefined;
  buf.fill(0, 0, Math.min(n + 1, FIRST_READ_CHARS + 1) * 2);
  return text ?? longWindowText(b, hwnd);
}

function longWindowText(b: Win32, hwnd: bigint): string | undefined {
  const length = [0];
  if (!b.SendMessageTimeoutW(hwnd, WM_GETTEXTLENGTH, 0, 0, SMTO_ABORTIFHUNG, MESSAGE_TIMEOUT_MS, length))
    return undefined;
  const chars = Number(length[0]);
  if (chars > MAX_FIELD_TEXT) return undefined;
  const buf = Buffer.alloc((chars + 1) * 2);
  const copied = [0];
  if (!b.GetTextW(hwnd, WM_GETTEXT, chars + 1, buf, SMTO_ABORTIFHUNG, MESSAGE_TIMEOUT_MS, copied))
    return undefined;
  return buf.toString('utf16le', 0, Number(copied[0]) * 2);
}
const TOKEN_QUERY = 0x8;
const TOKEN_INTEGRITY_LEVEL = 25;

/** Runs `use` with a handle on the process (opened for limited queries, closed after), or undefined. */
function withProcess<T>(b: Win32, pid: number | 'self', use: (h: unknown) => T): T | undefined {
  const h = pid === 'self' ? b.GetCurrentProcess() : b.OpenProcess(QUERY_LIMITED, 0, pid);
  if (!h) return undefined;
  try {
    return use(h);
  } finally {
    if (pid !== 'self') b.CloseHandle(h);
  }
}

function processImage(b: Win32, pid: number | 'self'): string | undefined {
  return withProcess(b, pid, (h) => {
    const buf = Buffer.alloc(1024 * 2);
    const size = [1024];
    return b.QueryImage(h, 0, buf, size) ? buf.toString('utf16le', 0, size[0]! * 2) : undefined;
  });
}

/** The process token's mandatory integrity level (its label SID's last sub-authority). */
function processIntegrity(b: Win32, pid: number | 'self'): number | undefined {
  return withProcess(b, pid, (h) => {
    const token: unknown[] = [null];
    if (!b.OpenProcessToken(h, TOKEN_QUERY, token)) return undefined;
    try {
      const buf = Buffer.alloc(64);
      if (!b.GetTokenInformation(token[0], TOKEN_INTEGRITY_LEVEL, buf, buf.length, [0])) return undefined;
      const sid = buf.readBigUInt64LE(0); // TOKEN_MANDATORY_LABEL.Label.Sid
      const count = b.koffi.decode(b.SubAuthorityCount(sid), 'uint8') as number;
      return b.koffi.decode(b.SubAuthority(sid, count - 1), 'uint32') as number;
    } finally {
      b.CloseHandle(token[0]);
    }
  });
}

/** One SendInput call with every key input, tagged as ours. */
function sendKeys(b: Win32, inputs: readonly KeyInput[]): number {
  return b.SendInput(
    inputs.length,
    inputs.map((i) => ({
      type: 1, // INPUT_KEYBOARD
      ki: {
        wVk: i.vk,
        wScan: i.scan,
        dwFlags: i.flags,
        time: 0,
        dwExtraInfo: SCRIBE_EXTRA_INFO,
        pad: [],
      },
    })),
    b.koffi.sizeof(b.input),
  ) as number;
}
