/**
 * libX11 + libXtst through koffi: the few calls dictation needs, typed. Nothing but native/x11/ imports
 * this file. An X error (a window that vanished between two calls) would make Xlib's default handler exit
 * the process: a no-op handler is installed instead and the calls report failure through their results.
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';

/** An X display connection (a pointer, as koffi hands pointers: a BigInt). */
export type DisplayPtr = bigint;

/** The bound functions. Window, Atom and KeySym are C `unsigned long` (numbers here). */
export interface Xlib {
  XOpenDisplay(name: string | null): DisplayPtr | null;
  XCloseDisplay(dpy: DisplayPtr): number;
  XDefaultRootWindow(dpy: DisplayPtr): number;
  XInternAtom(dpy: DisplayPtr, name: string, onlyIfExists: number): number;
  XGetWindowProperty(
    dpy: DisplayPtr,
    w: number,
    property: number,
    offset: number,
    length: number,
    del: number,
    reqType: number,
    actualType: number[],
    actualFormat: number[],
    nitems: number[],
    bytesAfter: number[],
    prop: Array<bigint | null>,
  ): number;
  XFree(ptr: bigint): number;
  XGetInputFocus(dpy: DisplayPtr, focus: number[], revert: number[]): number;
  XQueryTree(
    dpy: DisplayPtr,
    w: number,
    root: number[],
    parent: number[],
    children: Array<bigint | null>,
    n: number[],
  ): number;
  XSendEvent(dpy: DisplayPtr, w: number, propagate: number, mask: number, event: object): number;
  XSetInputFocus(dpy: DisplayPtr, w: number, revertTo: number, time: number): number;
  XRaiseWindow(dpy: DisplayPtr, w: number): number;
  XGetSelectionOwner(dpy: DisplayPtr, selection: number): number;
  XSync(dpy: DisplayPtr, discard: number): number;
  XFlush(dpy: DisplayPtr): number;
  XKeysymToKeycode(dpy: DisplayPtr, keysym: number): number;
  XDisplayKeycodes(dpy: DisplayPtr, min: number[], max: number[]): number;
  XGetKeyboardMapping(dpy: DisplayPtr, first: number, count: number, perKeycode: number[]): bigint | null;
  XChangeKeyboardMapping(
    dpy: DisplayPtr,
    first: number,
    perKeycode: number,
    keysyms: number[],
    count: number,
  ): number;
  XQueryKeymap(dpy: DisplayPtr, keys: Uint8Array): number;
  /** Keycodes bound to any modifier (Shift, Lock, Control, Mod1–Mod5). */
  modifierKeycodes(dpy: DisplayPtr): number[];
  XTestFakeKeyEvent(dpy: DisplayPtr, keycode: number, isPress: number, delay: number): number;
  /** Reads `count` C values of `type` at `ptr`. */
  decode(ptr: bigint, type: 'unsigned long' | 'uint8' | 'int', count: number): number[];
  /** Reads `count` bytes at `ptr`. */
  bytes(ptr: bigint, count: number): Uint8Array;
}

let bound: Xlib | undefined;

/** Binds libX11 and libXtst once per process; throws when they are missing (no X client libraries). */
// eslint-disable-next-line max-lines-per-function -- an FFI binding table: one C declaration per function
export function loadXlib(): Xlib {
  if (bound) return bound;
  const koffi = loadNative<typeof Koffi>('koffi');
  const x11 = koffi.load('libX11.so.6');
  const xtst = koffi.load('libXtst.so.6');
  declareTypes(koffi, x11);
  const f = (proto: string) => x11.func(proto);
  bound = {
    XOpenDisplay: f('void *XOpenDisplay(const char *name)'),
    XCloseDisplay: f('int XCloseDisplay(void *dpy)'),
    XDefaultRootWindow: f('unsigned long XDefaultRootWindow(void *dpy)'),
    XInternAtom: f('unsigned long XInternAtom(void *dpy, const char *name, int onlyIfExists)'),
    XGetWindowProperty: f(
      'int XGetWindowProperty(void *dpy, unsigned long w, unsigned long prop, long offset, long length, int del, unsigned long reqType, _Out_ unsigned long *actualType, _Out_ int *actualFormat, _Out_ unsigned long *nitems, _Out_ unsigned long *bytesAfter, _Out_ void **prop)',
    ),
    XFree: f('int XFree(void *ptr)'),
    XGetInputFocus: f('int XGetInputFocus(void *dpy, _Out_ unsigned long *focus, _Out_ int *revert)'),
    XQueryTree: f(
      'int XQueryTree(void *dpy, unsigned long w, _Out_ unsigned long *root, _Out_ unsigned long *parent, _Out_ void **children, _Out_ unsigned int *n)',
    ),
    XSendEvent: f(
      'int XSendEvent(void *dpy, unsigned long w, int propagate, long mask, XClientMessageEvent *event)',
    ),
    XSetInputFocus: f('int XSetInputFocus(void *dpy, unsigned long w, int revertTo, unsigned long time)'),
    XRaiseWindow: f('int XRaiseWindow(void *dpy, unsigned long w)'),
    XGetSelectionOwner: f('unsigned long XGetSelectionOwner(void *dpy, unsigned long selection)'),
    XSync: f('int XSync(void *dpy, int discard)'),
    XFlush: f('int XFlush(void *dpy)'),
    XKeysymToKeycode: f('uint8_t XKeysymToKeycode(void *dpy, unsigned long keysym)'),
    XDisplayKeycodes: f('int XDisplayKeycodes(void *dpy, _Out_ int *min, _Out_ int *max)'),
    XGetKeyboardMapping: f('void *XGetKeyboardMapping(void *dpy, uint8_t first, int count, _Out_ int *per)'),
    XChangeKeyboardMapping: f(
      'int XChangeKeyboardMapping(void *dpy, int first, int per, unsigned long *keysyms, int count)',
    ),
    XQueryKeymap: f('int XQueryKeymap(void *dpy, _Out_ uint8_t *keys)'),
    modifierKeycodes: modifierKeycodesOf(koffi, x11),
    XTestFakeKeyEvent: xtst.func(
      'int XTestFakeKeyEvent(void *dpy, unsigned int keycode, int isPress, unsigned long delay)',
    ),
    decode: (ptr, type, count) =>
      count === 0 ? [] : (koffi.decode(ptr, koffi.array(type, count, 'Array')) as number[]),
    bytes: (ptr, count) =>
      count === 0
        ? new Uint8Array(0)
        : Uint8Array.from(koffi.decode(ptr, koffi.array('uint8', count, 'Array')) as number[]),
  };
  return bound;
}

/** X errors are ignored (the calls report failure themselves); the client message event is declared. */
function declareTypes(koffi: typeof Koffi, x11: Koffi.LibraryHandle): void {
  const handler = koffi.proto('int XErrorHandler(void *display, void *event)');
  x11.func('void *XSetErrorHandler(XErrorHandler *handler)')(koffi.register(() => 0, koffi.pointer(handler)));
  koffi.struct('XClientMessageEvent', {
    type: 'int',
    serial: 'unsigned long',
    send_event: 'int',
    display: 'void *',
    window: 'unsigned long',
    message_type: 'unsigned long',
    format: 'int',
    l: koffi.array('long', 5),
    pad: koffi.array('long', 12), // an XEvent is 24 longs
  });
}

/** Keycodes bound to any modifier, read from the server's modifier mapping. */
function modifierKeycodesOf(koffi: typeof Koffi, x11: Koffi.LibraryHandle): Xlib['modifierKeycodes'] {
  const modifierKeymap = koffi.struct('XModifierKeymap', { max: 'int', codes: 'void *' });
  const getModifierMapping = x11.func('void *XGetModifierMapping(void *dpy)');
  const freeModifierMap = x11.func('int XFreeModifiermap(void *map)');
  return (dpy) => {
    const map = getModifierMapping(dpy) as bigint | null;
    if (!map) return [];
    const { max, codes } = koffi.decode(map, modifierKeymap) as { max: number; codes: bigint };
    const keycodes = (koffi.decode(codes, koffi.array('uint8', 8 * max, 'Array')) as number[]).filter(
      (k) => k,
    );
    freeModifierMap(map);
    return keycodes;
  };
}
