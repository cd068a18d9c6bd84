/**
 * CoreGraphics, ApplicationServices (Accessibility), Carbon and the Objective-C runtime through koffi: what
 * dictation needs on macOS, behind an interface so the logic (mac-desktop.ts) is unit-tested with a fake.
 * Posting events and reading the focused field both need the Accessibility grant. Type-checked here; it has
 * not run on a Mac from this repository's machine.
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';

/** The focused UI element of an application, as Accessibility reports it. */
export interface AxElement {
  readonly role?: string;
  readonly subrole?: string;
  readonly value?: string;
  /** AXSelectedTextRange, in UTF-16 units. */
  readonly selection?: { location: number; length: number };
}

/** The macOS layer. */
export interface MacApi {
  frontmostApp(): { pid: number; bundleId?: string } | undefined;
  /** NSRunningApplication activateWithOptions: (ignoring other apps). */
  activateApp(pid: number): boolean;
  axTrusted(): boolean;
  focusedElement(pid: number): AxElement | undefined;
  /** Sets AXSelectedTextRange (UTF-16 units) of the focused element of `pid`; false when refused. */
  selectRange(pid: number, location: number, length: number): boolean;
  secureInputEnabled(): boolean;
  /** A key event by virtual keycode with the given CGEventFlags. */
  postKey(keycode: number, down: boolean, flags: number): void;
  /** A key event carrying text (≤ 20 UTF-16 units, CGEventKeyboardSetUnicodeString). */
  postUnicode(text: string, down: boolean): void;
  /** The keycode typing `ch` unshifted on the current layout (UCKeyTranslate), if any. */
  keycodeFor(ch: string): number | undefined;
  /** CGEventSourceFlagsState of the combined session: modifiers held now. */
  modifierFlags(): number;
}

const UTF8 = 0x0800_0100;
const HID_EVENT_TAP = 0;
const COMBINED_SESSION = 0;
const AX_VALUE_CFRANGE = 4;

/** Binds the real frameworks (macOS only). */
export function loadMacApi(): MacApi {
  const b = bindFrameworks();
  let keymap: Map<string, number> | undefined;
  const post = (event: unknown): void => {
    b.Post(HID_EVENT_TAP, event);
    b.CFRelease(event);
  };
  return {
    frontmostApp: () => frontmostApp(b),
    activateApp(pid) {
      const app = b.sendPtrInt(
        b.getClass('NSRunningApplication'),
        b.sel('runningApplicationWithProcessIdentifier:'),
        pid,
      );
      return app ? Boolean(b.sendBoolU64(app, b.sel('activateWithOptions:'), 2)) : false;
    },
    axTrusted: () => Boolean(b.AXIsProcessTrusted()),
    focusedElement: (pid) => focusedElement(b, pid),
    selectRange: (pid, location, length) => selectRange(b, pid, location, length),
    secureInputEnabled: () => Boolean(b.IsSecure()),
    postKey(keycode, down, flags) {
      const event = b.CreateKey(null, keycode, down);
      b.SetFlags(event, flags);
      post(event);
    },
    postUnicode(text, down) {
      const event = b.CreateKey(null, 0, down);
      const units = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
      b.SetUnicode(event, units.length, units);
      post(event);
    },
    keycodeFor(ch) {
      keymap ??= layoutKeymap(b);
      return keymap.get(ch);
    },
    modifierFlags: () => Number(b.FlagsState(COMBINED_SESSION)),
  };
}

type Frameworks = ReturnType<typeof bindFrameworks>;

/** CoreFoundation, CoreGraphics, Accessibility, Carbon and the Objective-C runtime: the functions used. */
// eslint-disable-next-line max-lines-per-function -- an FFI binding table: one C declaration per function
function bindFrameworks() {
  const koffi = loadNative<typeof Koffi>('koffi');
  const fw = (name: string) => koffi.load(`/System/Library/Frameworks/${name}.framework/${name}`);
  const cg = fw('CoreGraphics');
  const cf = fw('CoreFoundation');
  const ax = fw('ApplicationServices');
  const carbon = fw('Carbon');
  const objc = koffi.load('/usr/lib/libobjc.A.dylib');
  koffi.struct('CFRange', { location: 'long', length: 'long' });
  return {
    koffi,
    carbon,
    CFRelease: cf.func('void CFRelease(void *ref)'),
    CFStringCreate: cf.func('void *CFStringCreateWithCString(void *alloc, const char *s, uint32_t enc)'),
    CFStringGetCString: cf.func(
      'bool CFStringGetCString(void *s, _Out_ uint8_t *buf, long size, uint32_t enc)',
    ),
    CFStringGetLength: cf.func('long CFStringGetLength(void *s)'),
    CFGetTypeID: cf.func('unsigned long CFGetTypeID(void *ref)'),
    CFStringGetTypeID: cf.func('unsigned long CFStringGetTypeID()'),
    CFDataGetBytePtr: cf.func('void *CFDataGetBytePtr(void *data)'),
    CreateKey: cg.func('void *CGEventCreateKeyboardEvent(void *source, uint16_t key, bool down)'),
    SetFlags: cg.func('void CGEventSetFlags(void *event, uint64_t flags)'),
    SetUnicode: cg.func(
      'void CGEventKeyboardSetUnicodeString(void *event, unsigned long n, const uint16_t *s)',
    ),
    Post: cg.func('void CGEventPost(uint32_t tap, void *event)'),
    FlagsState: cg.func('uint64_t CGEventSourceFlagsState(int32_t state)'),
    AXIsProcessTrusted: ax.func('bool AXIsProcessTrusted()'),
    AXCreateApp: ax.func('void *AXUIElementCreateApplication(int32_t pid)'),
    AXCopy: ax.func('int32_t AXUIElementCopyAttributeValue(void *el, void *attr, _Out_ void **value)'),
    AXValueGetValue: ax.func('bool AXValueGetValue(void *value, int32_t type, _Out_ CFRange *out)'),
    AXValueCreate: ax.func('void *AXValueCreate(int32_t type, const CFRange *range)'),
    AXSet: ax.func('int32_t AXUIElementSetAttributeValue(void *el, void *attr, void *value)'),
    IsSecure: carbon.func('bool IsSecureEventInputEnabled()'),
    TISCurrentLayout: carbon.func('void *TISCopyCurrentKeyboardLayoutInputSource()'),
    TISGetProperty: carbon.func('void *TISGetInputSourceProperty(void *source, void *key)'),
    LMGetKbdType: carbon.func('uint8_t LMGetKbdType()'),
    UCKeyTranslate: carbon.func(
      'int32_t UCKeyTranslate(void *layout, uint16_t key, uint16_t action, uint32_t mods, uint32_t kbd, uint32_t opts, _Inout_ uint32_t *dead, unsigned long max, _Out_ unsigned long *len, _Out_ uint16_t *chars)',
    ),
    getClass: objc.func('void *objc_getClass(const char *name)'),
    sel: objc.func('void *sel_registerName(const char *name)'),
    sendPtr: objc.func('objc_msgSend', 'void *', ['void *', 'void *']),
    sendInt: objc.func('objc_msgSend', 'int32_t', ['void *', 'void *']),
    sendPtrInt: objc.func('objc_msgSend', 'void *', ['void *', 'void *', 'int32_t']),
    sendBoolU64: objc.func('objc_msgSend', 'bool', ['void *', 'void *', 'uint64_t']),
  };
}

/** A CFString as a JS string (undefined for another CF type). */
function jsString(b: Frameworks, ref: unknown): string | undefined {
  if (!ref || b.CFGetTypeID(ref) !== b.CFStringGetTypeID()) return undefined;
  const size = (b.CFStringGetLength(ref) as number) * 4 + 1;
  const buf = Buffer.alloc(size);
  return b.CFStringGetCString(ref, buf, size, UTF8) ? buf.toString('utf8', 0, buf.indexOf(0)) : undefined;
}

/** An accessibility attribute of an element (owned by the caller), or undefined. */
function attribute(b: Frameworks, el: unknown, name: string): unknown {
  const key = b.CFStringCreate(null, name, UTF8);
  const out: unknown[] = [null];
  const status = b.AXCopy(el, key, out);
  b.CFRelease(key);
  return status === 0 ? out[0] : undefined;
}

function frontmostApp(b: Frameworks): { pid: number; bundleId?: string } | undefined {
  const utf8 = (ptr: unknown): string | undefined =>
    ptr ? (b.koffi.decode(ptr as bigint, 'const char *') as string) : undefined;
  const ws = b.sendPtr(b.getClass('NSWorkspace'), b.sel('sharedWorkspace'));
  const app = ws && b.sendPtr(ws, b.sel('frontmostApplication'));
  if (!app) return undefined;
  const bundle = b.sendPtr(app, b.sel('bundleIdentifier'));
  const bundleId = bundle ? utf8(b.sendPtr(bundle, b.sel('UTF8String'))) : undefined;
  return { pid: b.sendInt(app, b.sel('processIdentifier')) as number, ...(bundleId ? { bundleId } : {}) };
}

/** The focused element of the application `pid`: role, subrole, value and selection. */
function focusedElement(b: Frameworks, pid: number): AxElement | undefined {
  const app = b.AXCreateApp(pid);
  const el = app && attribute(b, app, 'AXFocusedUIElement');
  if (app) b.CFRelease(app);
  if (!el) return undefined;
  const text = (name: string): string | undefined => {
    const ref = attribute(b, el, name);
    const s = jsString(b, ref);
    if (ref) b.CFRelease(ref);
    return s;
  };
  const range = attribute(b, el, 'AXSelectedTextRange');
  const out: Array<{ location: number; length: number }> = [{ location: 0, length: 0 }];
  const selection = range && b.AXValueGetValue(range, AX_VALUE_CFRANGE, out) ? out[0] : undefined;
  if (range) b.CFRelease(range);
  const result: AxElement = {
    role: text('AXRole'),
    subrole: text('AXSubrole'),
    value: text('AXValue'),
    ...(selection ? { selection } : {}),
  };
  b.CFRelease(el);
  return result;
}

/** Sets the focused element's AXSelectedTextRange (written from Apple's documentation; never run here). */
function selectRange(b: Frameworks, pid: number, location: number, length: number): boolean {
  const app = b.AXCreateApp(pid);
  const el = app && attribute(b, app, 'AXFocusedUIElement');
  if (app) b.CFRelease(app);
  if (!el) return false;
  const value = b.AXValueCreate(AX_VALUE_CFRANGE, { location, length });
  const key = b.CFStringCreate(null, 'AXSelectedTextRange', UTF8);
  const status = value ? (b.AXSet(el, key, value) as number) : -1;
  b.CFRelease(key);
  if (value) b.CFRelease(value);
  b.CFRelease(el);
  return status === 0;
}

/** Character → keycode for the unshifted keys of the current keyboard layout (UCKeyTranslate). */
function layoutKeymap(b: Frameworks): Map<string, number> {
  const keymap = new Map<string, number>();
  const source = b.TISCurrentLayout();
  const key = b.koffi.decode(b.carbon.symbol('kTISPropertyUnicodeKeyLayoutData'), 'void *');
  const data = source && b.TISGetProperty(source, key);
  const layout = data && b.CFDataGetBytePtr(data);
  for (let code = 0; layout && code < 128; code++) {
    const len = [0];
    const chars = new Array<number>(4).fill(0);
    b.UCKeyTranslate(layout, code, 3, 0, b.LMGetKbdType(), 1, [0], 4, len, chars);
    if (len[0] === 1) {
      const c = String.fromCharCode(chars[0]!);
      if (!keymap.has(c)) keymap.set(c, code);
    }
  }
  if (source) b.CFRelease(source);
  return keymap;
}
