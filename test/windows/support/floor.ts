/**
 * The floor of the Windows insertion benchmark: the same text into the same kind of Win32 EDIT with none of
 * our code in between, so the bench shows how much of a figure is Wine + the target and how much is ours.
 * Bare user32/kernel32 over koffi, declared here (never native/win32): type = every character as
 * KEYEVENTF_UNICODE down/up in ONE SendInput call; paste = CF_UNICODETEXT alone in one
 * Open/Empty/Set/CloseClipboard, then Ctrl+V in one SendInput call. A correction of the tail does the same
 * with the replaced characters removed first, in the same SendInput call: BackSpace over each (type), or
 * Shift+Left over them and one BackSpace (paste, as our paste path does: some fields paste beside a
 * selection). No focus check, no field read, no clipboard snapshot, markers or restore: what any program
 * must at least pay to put text there.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const require = createRequire(import.meta.url);
const INPUT_KEYBOARD = 1;
const KEYEVENTF_KEYUP = 0x2;
const KEYEVENTF_UNICODE = 0x4;
const VK_BACK = 0x08;
const VK_SHIFT = 0x10;
const VK_CONTROL = 0x11;
const VK_LEFT = 0x25;
const VK_V = 0x56;
const CF_UNICODETEXT = 13;
const GMEM_MOVEABLE = 0x2;

function bind() {
  const koffi = require('koffi') as typeof Koffi;
  const user32 = koffi.load('user32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  // Struct names are process-wide in koffi: these must differ from native/win32's ('INPUT').
  const ki = koffi.struct('FLOOR_KEYBDINPUT', {
    wVk: 'uint16',
    wScan: 'uint16',
    dwFlags: 'uint32',
    time: 'uint32',
    dwExtraInfo: 'uintptr_t',
    pad: koffi.array('uint8', 8),
  });
  const input = koffi.struct('FLOOR_INPUT', { type: 'uint32', ki });
  return {
    size: koffi.sizeof(input),
    SendInput: user32.func('uint32 SendInput(uint32 n, FLOOR_INPUT *inputs, int size)'),
    OpenClipboard: user32.func('int OpenClipboard(intptr_t owner)'),
    EmptyClipboard: user32.func('int EmptyClipboard()'),
    SetClipboardData: user32.func('intptr_t SetClipboardData(uint32 format, intptr_t mem)'),
    CloseClipboard: user32.func('int CloseClipboard()'),
    GlobalAlloc: kernel32.func('intptr_t GlobalAlloc(uint32 flags, uintptr_t bytes)'),
    GlobalLock: kernel32.func('intptr_t GlobalLock(intptr_t mem)'),
    GlobalUnlock: kernel32.func('int GlobalUnlock(intptr_t mem)'),
    ToMemory: kernel32.func('void RtlMoveMemory(intptr_t dst, const uint8_t *src, uintptr_t n)'),
  };
}
let bound: ReturnType<typeof bind> | undefined;

const key = (wVk: number, wScan: number, dwFlags: number) => ({
  type: INPUT_KEYBOARD,
  ki: { wVk, wScan, dwFlags, time: 0, dwExtraInfo: 0, pad: [] },
});

/** Down and up of the virtual key `vk`, `times` times. */
const press = (vk: number, times = 1) =>
  Array.from({ length: times }, () => [key(vk, 0, 0), key(vk, 0, KEYEVENTF_KEYUP)]).flat();

/** Types `text` (no line breaks) as Unicode keystrokes, after `backspaces` BackSpaces, in one SendInput call. */
export function floorType(text: string, backspaces = 0): void {
  const b = (bound ??= bind());
  const inputs = press(VK_BACK, backspaces);
  inputs.push(
    ...[...text].flatMap((ch) =>
      [...Array(ch.length).keys()].flatMap((i) => [
        key(0, ch.charCodeAt(i), KEYEVENTF_UNICODE),
        key(0, ch.charCodeAt(i), KEYEVENTF_UNICODE | KEYEVENTF_KEYUP),
      ]),
    ),
  );
  if (b.SendInput(inputs.length, inputs, b.size) !== inputs.length) throw new Error('SendInput failed');
}

/**
 * Puts `text` on the clipboard (CF_UNICODETEXT only) and presses Ctrl+V in one SendInput call, after
 * Shift+Left over the last `replace` characters and one BackSpace when `replace` > 0.
 */
export function floorPaste(text: string, replace = 0): void {
  const b = (bound ??= bind());
  if (!b.OpenClipboard(0)) throw new Error('OpenClipboard failed');
  try {
    b.EmptyClipboard();
    const bytes = Buffer.from(`${text}\0`, 'utf16le');
    const mem = b.GlobalAlloc(GMEM_MOVEABLE, bytes.length) as number;
    b.ToMemory(b.GlobalLock(mem) as number, bytes, bytes.length);
    b.GlobalUnlock(mem);
    if (!b.SetClipboardData(CF_UNICODETEXT, mem)) throw new Error('SetClipboardData failed');
  } finally {
    b.CloseClipboard();
  }
  const select =
    replace > 0 ? [key(VK_SHIFT, 0, 0), ...press(VK_LEFT, replace), key(VK_SHIFT, 0, KEYEVENTF_KEYUP)] : [];
  const chord = [
    ...select,
    ...press(VK_BACK, replace > 0 ? 1 : 0),
    key(VK_CONTROL, 0, 0),
    key(VK_V, 0, 0),
    key(VK_V, 0, KEYEVENTF_KEYUP),
    key(VK_CONTROL, 0, KEYEVENTF_KEYUP),
  ];
  if (b.SendInput(chord.length, chord, b.size) !== chord.length) throw new Error('SendInput failed');
}
